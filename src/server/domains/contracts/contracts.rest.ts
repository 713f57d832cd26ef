import { asPdf, asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const LINKS = 'the client, template, project, proposal or deal is not of this workspace';
const LOCKED =
  'the contract was sent: its content is locked (revise it with `POST /api/contracts/{id}/revise`)';

export const contractTemplatesRestRoutes = defineRestRoutes(
  {
    name: 'Contract templates',
    description:
      'Markdown bodies with merge fields in `{{…}}`: `client.name`, `client.company`, `client.address`, `client.email`, `business.name`, `business.address`, `business.email`, `project.name`, `contract.title`, `contract.fee` (in its currency), `contract.startDate`, `contract.endDate`, `contract.expiresAt`, `today` (the workspace’s date format and time zone). An unknown field is refused (400) naming it. Every workspace starts with three (fixed-fee project, retainer, NDA); the default one (`isDefault`) is what a proposal accepted with `createContract` drafts from.',
  },
  [
    {
      method: 'GET',
      path: '/api/contract-templates',
      procedure: 'contractTemplates.list',
      summary: 'List contract templates',
    },
    {
      method: 'POST',
      path: '/api/contract-templates',
      procedure: 'contractTemplates.create',
      summary: 'Create a contract template',
      description: '`isDefault: true` makes it the default instead of the current one.',
      status: 201,
    },
    {
      method: 'GET',
      path: '/api/contract-templates/{id}',
      procedure: 'contractTemplates.get',
      summary: 'Read a contract template',
    },
    {
      method: 'PUT',
      path: '/api/contract-templates/{id}',
      procedure: 'contractTemplates.update',
      summary: 'Update a contract template',
      description:
        'Only the fields sent change. Contracts made from it keep their body as it was filled.',
    },
    {
      method: 'DELETE',
      path: '/api/contract-templates/{id}',
      procedure: 'contractTemplates.delete',
      summary: 'Delete a contract template',
      description: 'Contracts made from it keep their body; they no longer name the template.',
    },
  ],
);

export const contractsRestRoutes = defineRestRoutes(
  {
    name: 'Contracts',
    description:
      "Agreements a client signs in the portal and the business countersigns. A draft is fully editable; sending locks its content, records the SHA-256 of its canonical JSON (title, body, fee, currency, dates, both parties) and emails the client a portal link. Status: `draft → sent → viewed → signed → completed`, or `declined`, `expired` (past `expiresAt`: derived, not signable) and `void`. Changing a sent contract makes a new version (`/revise`) that voids the old one and its signatures. Every step is an event of the contract's audit trail, a SHA-256 hash chain.",
  },
  [
    {
      method: 'GET',
      path: '/api/contracts',
      procedure: 'contracts.list',
      summary: 'List contracts',
      description: 'Filter by `status` (expired included) and `clientId`; search title and client.',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/contracts',
      procedure: 'contracts.create',
      summary: 'Create a contract (a draft)',
      description:
        'From `templateId` or a free `body` (one of them): its merge fields are filled now, with values escaped for Markdown and HTML. `currency` defaults to the client’s, else the workspace’s; `fee` has at most its decimals.',
      status: 201,
      refusals: { 404: LINKS },
    },
    {
      method: 'GET',
      path: '/api/contracts/{id}',
      procedure: 'contracts.get',
      summary: 'Read a contract, with its signatures',
    },
    {
      method: 'PUT',
      path: '/api/contracts/{id}',
      procedure: 'contracts.update',
      summary: 'Update a draft contract',
      description:
        'Only the fields sent change; a `body` sent has its merge fields filled with the contract’s values after the change.',
      refusals: { 404: LINKS, 409: LOCKED },
    },
    {
      method: 'DELETE',
      path: '/api/contracts/{id}',
      procedure: 'contracts.delete',
      summary: 'Delete a draft contract',
      refusals: { 409: LOCKED },
    },
    {
      method: 'POST',
      path: '/api/contracts/{id}/send',
      procedure: 'contracts.send',
      summary: 'Send a contract to its client for signature',
      description:
        'Locks the content, freezes both parties, records its SHA-256 (`contentSha256`) and makes a portal link for the client (working `PORTAL_LINK_DAYS` days), answered as `portalLink`. When the client has an email and the server sends mail, an email with a link (and `message`, if given) goes through the outbox (`emailed: true`); else pass the link on yourself. 400 when the signing deadline (`expiresAt`) is past.',
      refusals: {
        409: 'the contract was sent already',
      },
    },
    {
      method: 'POST',
      path: '/api/contracts/{id}/revise',
      procedure: 'contracts.revise',
      summary: 'Make a new version of a sent contract',
      description:
        'A new draft (version + 1, `previousId` the old one) with the old content and the fields sent changed; the old contract becomes void with its signatures (reason “Replaced by version N”), and its audit trail records `revised`. Answers the new draft (send it to have it signed).',
      refusals: {
        404: LINKS,
        409: 'the contract is a draft (edit it), void, completed, or already revised',
      },
    },
    {
      method: 'POST',
      path: '/api/contracts/{id}/countersign',
      procedure: 'contracts.countersign',
      summary: 'Countersign a contract the client signed',
      description:
        'The owner or an administrator signs for the business (typed name, and a PNG data URL of at most 200 KB or `{"typed": "…"}`): the contract is completed.',
      refusals: {
        409: 'the client has not signed, or it was countersigned, declined, expired or voided',
      },
    },
    {
      method: 'POST',
      path: '/api/contracts/{id}/void',
      procedure: 'contracts.void',
      summary: 'Void a contract',
      refusals: { 409: 'the contract is a draft (delete it), void already, or completed' },
    },
    {
      method: 'GET',
      path: '/api/contracts/{id}/audit',
      procedure: 'contracts.audit',
      summary: "Read a contract's audit trail",
      description:
        'The events (created, sent, viewed, signed, countersigned, declined, voided, revised) with time, actor (a member, or “client via portal”), IP and browser, each with `prevHash` and `hash` = SHA-256 of the previous hash, a newline and the canonical JSON of the event. `verified` says whether the whole chain holds; `brokenAt` is the `seq` of the first event that does not.',
    },
    {
      method: 'GET',
      path: '/api/contracts/{id}/pdf',
      procedure: 'contracts.pdf',
      summary: 'Download a contract as a sealed PDF',
      description:
        'The contract, both signatures (name, time, IP, browser, the drawn image or typed name) and a certificate of completion with the audit trail and the content SHA-256, digitally sealed (PKCS#7 detached, adbe.pkcs7.detached) with a key and self-signed certificate of the workspace (“<business> via Keel”): a PDF reader or `pdfsig` reports the seal valid, and invalid after any change to the file. A draft shows today’s parties and the SHA-256 its content would have.',
      respond: asPdf,
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/contracts/{id}/pdf',
      procedure: 'portal.contractPdf',
      summary: 'Download a contract as a sealed PDF from the portal',
      description:
        'The same sealed PDF as the app’s download, for a contract sent to the token’s client.',
      respond: asPdf,
      refusals: {
        404: 'the link is unknown, revoked or replaced, or the contract is not one sent to its client',
        410: 'the emailed link has expired',
      },
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/contracts/{id}',
      procedure: 'portal.contract',
      summary: 'Open a contract in the portal',
      description:
        'A contract sent to the token’s client (never a draft). The first opening of a sent contract marks it viewed, in its audit trail too.',
      refusals: {
        404: 'the link is unknown, revoked or replaced, or the contract is not one sent to its client',
        410: 'the emailed link has expired',
      },
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/contracts/{id}/sign',
      procedure: 'portal.signContract',
      summary: 'Sign a contract in the portal',
      description:
        'The client’s full name, a signature (PNG data URL of at most 200 KB, or `{"typed": "…"}`) and `consent: true` to sign electronically. Records the signature with the time, IP and browser; the contract is signed. One client signature: a second answers 409.',
      refusals: {
        404: 'the link is unknown, revoked or replaced, or the contract is not one sent to its client',
        409: 'the contract is signed already, declined, expired or void',
        410: 'the emailed link has expired',
      },
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/contracts/{id}/decline',
      procedure: 'portal.declineContract',
      summary: 'Decline a contract in the portal',
      refusals: {
        404: 'the link is unknown, revoked or replaced, or the contract is not one sent to its client',
        409: 'the contract is signed already, declined, expired or void',
        410: 'the emailed link has expired',
      },
    },
  ],
);
