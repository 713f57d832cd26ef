import { asArrayWithTotal, asPdf, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const estimatesRestRoutes = defineRestRoutes(
  {
    name: 'Estimates',
    description:
      'Estimates (quotes): drafts with lines like an invoice, sent with a number from their own workspace sequence, accepted or declined by the client (in the portal, or recorded in the app), and converted once into a draft invoice. Everyone reads them; owners, partners and administrators send, record and convert them.',
  },
  [
    {
      method: 'GET',
      path: '/api/estimates',
      procedure: 'estimates.list',
      summary: 'List estimates',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/estimates',
      procedure: 'estimates.create',
      summary: 'Create a draft estimate',
      description:
        "In the client's currency (else the workspace's), with lines, a discount and taxes; `status: sent` sends it at once.",
      status: 201,
      refusals: { 404: 'the client is not of this workspace' },
    },
    {
      method: 'GET',
      path: '/api/estimates/{id}',
      procedure: 'estimates.get',
      summary: 'Read an estimate',
      description: 'With its lines, taxes, both parties and the acceptance record, if any.',
    },
    {
      method: 'PUT',
      path: '/api/estimates/{id}',
      procedure: 'estimates.update',
      summary: 'Edit a draft estimate, or mark it sent',
      description:
        '`status: sent` numbers it from the estimate sequence and freezes both parties. Other fields edit a draft only; only the fields sent change.',
      refusals: {
        404: 'the client is not of this workspace',
        409: 'the estimate is not a draft any more',
      },
    },
    {
      method: 'DELETE',
      path: '/api/estimates/{id}',
      procedure: 'estimates.delete',
      summary: 'Delete a draft estimate',
      refusals: { 409: 'only drafts can be deleted' },
    },
    {
      method: 'GET',
      path: '/api/estimates/{id}/pdf',
      procedure: 'estimates.pdf',
      summary: 'Download an estimate as PDF',
      respond: asPdf,
    },
    {
      method: 'POST',
      path: '/api/estimates/{id}/send',
      procedure: 'estimates.send',
      summary: 'Send an estimate by email',
      description:
        "A draft first gets the next number of the estimate sequence, its dates and frozen parties; then an email goes to the client's billing email with the estimate's PDF attached and a portal link, through the same outbox and delivery as invoices (a sent estimate can be emailed again). `subject` and `body` replace the workspace's estimate template for this email (placeholders: {number}, {total}, {validUntil}, {portalLink}, {clientName}, {businessName}). Answers the estimate with `email` (its outbox row), `mailConfigured`, `portalLink` and `message`: `mailConfigured: false` means the server has no SMTP_URL, the email is written to the server log only, and `portalLink` is a live link to pass on by hand. `PUT` with `status: sent` numbers an estimate without emailing it. A draft without lines is refused (400).",
      refusals: {
        409: 'the client has no billing email, or the estimate is declined, expired or converted',
      },
    },
    {
      method: 'POST',
      path: '/api/estimates/{id}/email-preview',
      procedure: 'estimates.emailPreview',
      summary: 'Preview the email of an estimate',
      description:
        'The subject and body as they would be sent (the estimate template, or `subject` and `body` if given, filled in), the recipient, and what each placeholder becomes. Sends nothing.',
    },
    {
      method: 'GET',
      path: '/api/estimates/{id}/emails',
      procedure: 'estimates.emails',
      summary: "List an estimate's emails (its outbox)",
      description:
        'Newest first: queued, sent, written to the server log, or failed with the error of the last attempt.',
    },
    {
      method: 'POST',
      path: '/api/estimates/{id}/accept',
      procedure: 'estimates.accept',
      summary: "Record the client's acceptance",
      description:
        'Stores an acceptance record (the name typed, time, IP, user agent, a SHA-256 of the estimate as accepted) and marks it accepted.',
      refusals: { 409: 'the estimate is a draft, or already accepted, declined or converted' },
    },
    {
      method: 'POST',
      path: '/api/estimates/{id}/decline',
      procedure: 'estimates.decline',
      summary: "Record the client's refusal",
      refusals: { 409: 'the estimate is a draft, or already accepted, declined or converted' },
    },
    {
      method: 'POST',
      path: '/api/estimates/{id}/convert',
      procedure: 'estimates.convert',
      summary: 'Convert an estimate into a draft invoice',
      description:
        'Answers the new draft invoice: the lines, currency, taxes, discount and notes copied, linked both ways. Once only.',
      status: 201,
      refusals: {
        409: 'the estimate is a draft, declined, or already converted',
      },
    },
  ],
);
