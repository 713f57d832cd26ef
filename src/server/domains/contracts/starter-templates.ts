/**
 * The starter templates every new workspace gets (migration 0037 wrote the same for the
 * workspaces that existed). The first is the default.
 */
export const STARTER_TEMPLATES = [
  {
    name: 'Fixed-fee project',
    isDefault: true,
    body: `# {{contract.title}}

This agreement is made on {{today}} between **{{business.name}}** ({{business.address}}), "the Service Provider", and **{{client.name}}** ({{client.address}}), "the Client".

## 1. Scope

The Service Provider will deliver the project **{{project.name}}** as described in the accepted proposal.

## 2. Timeline

Work starts on {{contract.startDate}} and is expected to be completed by {{contract.endDate}}.

## 3. Fee and payment

The Client pays a fixed fee of **{{contract.fee}}** for the scope above. Work outside the scope is quoted separately before it starts. Invoices are due within the payment terms stated on them.

## 4. Changes

Changes to the scope are agreed in writing by both parties and may change the fee and timeline.

## 5. Ownership

On full payment, the Client owns the final deliverables. The Service Provider may show the work in its portfolio unless the Client objects in writing.

## 6. Termination

Either party may end this agreement with 14 days' written notice. The Client pays for the work done up to the end date.

## 7. Liability

Each party's liability under this agreement is limited to the fee paid.

Questions about this agreement: {{business.email}}.
`,
  },
  {
    name: 'Monthly retainer',
    isDefault: false,
    body: `# {{contract.title}}

This retainer agreement is made on {{today}} between **{{business.name}}** ({{business.address}}) and **{{client.name}}** ({{client.address}}).

## 1. Services

{{business.name}} makes its services available to {{client.name}} every month, for the work agreed between the parties from time to time.

## 2. Term

The retainer starts on {{contract.startDate}} and runs until {{contract.endDate}}, renewing month by month unless either party gives 30 days' written notice.

## 3. Fee

The Client pays **{{contract.fee}}** per month, invoiced at the start of each month. Unused time does not carry over. Work beyond the retainer is billed at the usual rates.

## 4. Confidentiality

Each party keeps the other's confidential information confidential, during the retainer and after it.

## 5. Termination

Either party may end the retainer with 30 days' written notice; fees for the notice period remain due.
`,
  },
  {
    name: 'Mutual non-disclosure agreement',
    isDefault: false,
    body: `# {{contract.title}}

This mutual non-disclosure agreement is made on {{today}} between **{{business.name}}** ({{business.address}}) and **{{client.name}}** ({{client.address}}).

## 1. Confidential information

Confidential information is any information one party discloses to the other that is marked confidential or that a reasonable person would understand to be confidential.

## 2. Obligations

Each party uses the other's confidential information only to evaluate or carry out their work together, shares it only with those who need to know it and are bound by similar duties, and protects it with reasonable care.

## 3. Exceptions

These duties do not cover information that is public through no fault of the receiving party, that it already knew, that it received lawfully from someone else, or that it must disclose by law.

## 4. Term

This agreement starts on {{contract.startDate}}. The duties of confidentiality last for three years after the last disclosure.

## 5. Return of information

On request, each party returns or destroys the other's confidential information.
`,
  },
];
