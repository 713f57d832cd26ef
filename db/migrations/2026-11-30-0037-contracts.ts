import { sql, type Kysely } from 'kysely';

/*
 * Contract templates and contracts (issue 40, items 3 and 4).
 *
 * - contract_templates: Markdown bodies with merge fields; one default per workspace (the
 *   one a proposal accepted with `createContract` drafts from). Three starter templates are
 *   written here for every existing workspace, and by the code for every new one.
 * - contracts: a client's agreement, a draft until sent; sending freezes both parties and
 *   records the SHA-256 of the canonical content. A new version (previous_id) voids the old.
 * - contract_signatures: one per party (client, business), unique, so a second signature
 *   cannot exist whatever the code does.
 * - contract_events: the audit trail, a hash chain per contract (hash = SHA-256 of the
 *   canonical event and prev_hash), seq unique per contract.
 * - invoice_emails carries contract emails too (kind 'contract'), through the same outbox.
 */

/** The starter templates, frozen as this migration wrote them. */
const STARTER_TEMPLATES = [
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

const statements = [
  `create table contract_templates (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    name text not null check (length(name) between 1 and 200),
    body text not null,
    is_default boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint contract_templates_workspace_id_id_key unique (workspace_id, id)
  )`,
  `create unique index contract_templates_default_idx on contract_templates (workspace_id)
    where is_default`,
  `create table contracts (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    client_id integer not null,
    title text not null,
    body text not null,
    template_id integer,
    project_id integer,
    proposal_id integer,
    deal_id integer,
    fee numeric(15, 3) check (fee >= 0),
    currency text not null,
    start_date date,
    end_date date,
    expires_at timestamptz,
    status text not null default 'draft'
      check (status in ('draft', 'sent', 'viewed', 'signed', 'completed', 'declined', 'expired', 'void')),
    version integer not null default 1,
    previous_id integer,
    content_sha256 text,
    business_party jsonb,
    client_party jsonb,
    sent_at timestamptz,
    viewed_at timestamptz,
    signed_at timestamptz,
    completed_at timestamptz,
    declined_at timestamptz,
    decline_reason text,
    voided_at timestamptz,
    void_reason text,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint contracts_workspace_id_id_key unique (workspace_id, id),
    constraint contracts_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id),
    constraint contracts_template_fkey foreign key (workspace_id, template_id)
      references contract_templates (workspace_id, id) on delete set null (template_id),
    constraint contracts_project_fkey foreign key (workspace_id, project_id)
      references projects (workspace_id, id) on delete set null (project_id),
    constraint contracts_proposal_fkey foreign key (workspace_id, proposal_id)
      references proposals (workspace_id, id) on delete set null (proposal_id),
    constraint contracts_deal_fkey foreign key (workspace_id, deal_id)
      references leads (workspace_id, id) on delete set null (deal_id),
    constraint contracts_previous_fkey foreign key (workspace_id, previous_id)
      references contracts (workspace_id, id) on delete set null (previous_id),
    constraint contracts_sent_check check (status = 'draft' or content_sha256 is not null)
  )`,
  `create index contracts_workspace_created_idx on contracts (workspace_id, created_at desc)`,
  `create index contracts_client_idx on contracts (workspace_id, client_id)`,
  `create unique index contracts_previous_idx on contracts (workspace_id, previous_id)
    where previous_id is not null`,
  `create table contract_signatures (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    contract_id integer not null,
    party text not null check (party in ('client', 'business')),
    name text not null,
    kind text not null check (kind in ('drawn', 'typed')),
    image text,
    typed text,
    user_id integer references users (id) on delete set null,
    ip text,
    user_agent text,
    signed_at timestamptz not null default now(),
    constraint contract_signatures_workspace_id_id_key unique (workspace_id, id),
    constraint contract_signatures_party_key unique (workspace_id, contract_id, party),
    constraint contract_signatures_contract_fkey foreign key (workspace_id, contract_id)
      references contracts (workspace_id, id) on delete cascade,
    constraint contract_signatures_mark_check
      check (case when kind = 'drawn' then image is not null else typed is not null end)
  )`,
  `create table contract_events (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    contract_id integer not null,
    seq integer not null,
    type text not null
      check (type in ('created', 'sent', 'viewed', 'signed', 'countersigned', 'declined', 'voided', 'revised')),
    at timestamptz not null,
    actor text not null,
    user_id integer,
    actor_name text,
    ip text,
    user_agent text,
    details jsonb not null default '{}',
    prev_hash text,
    hash text not null,
    constraint contract_events_workspace_id_id_key unique (workspace_id, id),
    constraint contract_events_seq_key unique (workspace_id, contract_id, seq),
    constraint contract_events_contract_fkey foreign key (workspace_id, contract_id)
      references contracts (workspace_id, id) on delete cascade
  )`,
  `alter table invoice_emails add column contract_id integer`,
  `alter table invoice_emails add constraint invoice_emails_contract_fkey
    foreign key (workspace_id, contract_id) references contracts (workspace_id, id) on delete cascade`,
  `alter table invoice_emails drop constraint invoice_emails_kind_check`,
  `alter table invoice_emails add constraint invoice_emails_kind_check
    check (kind in ('invoice', 'reminder', 'estimate', 'contract'))`,
  `alter table invoice_emails drop constraint invoice_emails_document_check`,
  `alter table invoice_emails add constraint invoice_emails_document_check
    check (case kind
      when 'estimate' then estimate_id is not null and invoice_id is null and contract_id is null
      when 'contract' then contract_id is not null and invoice_id is null and estimate_id is null
      else invoice_id is not null and estimate_id is null and contract_id is null end)`,
  `create index invoice_emails_contract_idx on invoice_emails (workspace_id, contract_id, queued_at)
    where contract_id is not null`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  for (const template of STARTER_TEMPLATES) {
    await sql`insert into contract_templates (workspace_id, name, body, is_default)
      select id, ${template.name}, ${template.body}, ${template.isDefault} from workspaces`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from invoice_emails where kind = 'contract'`.execute(db);
  await sql`drop index invoice_emails_contract_idx`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_document_check`.execute(db);
  await sql`alter table invoice_emails add constraint invoice_emails_document_check
    check (case when kind = 'estimate'
      then estimate_id is not null and invoice_id is null
      else invoice_id is not null and estimate_id is null end)`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_kind_check`.execute(db);
  await sql`alter table invoice_emails add constraint invoice_emails_kind_check
    check (kind in ('invoice', 'reminder', 'estimate'))`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_contract_fkey`.execute(db);
  await sql`alter table invoice_emails drop column contract_id`.execute(db);
  await sql`drop table contract_events`.execute(db);
  await sql`drop table contract_signatures`.execute(db);
  await sql`drop table contracts`.execute(db);
  await sql`drop table contract_templates`.execute(db);
}
