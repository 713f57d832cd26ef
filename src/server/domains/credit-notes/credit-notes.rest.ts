import { asArrayWithTotal, asPdf, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const CREDITED =
  'the invoice is a draft or void, is credited in full already, or this credits more than remains of it (its total less earlier credit notes, or of one of its tax rates)';

export const creditNotesRestRoutes = defineRestRoutes(
  {
    name: 'Credit notes',
    description:
      "An issued invoice is never changed: it is corrected by a credit note, in full, by lines or by an amount. Credit notes are numbered from their own gap-free sequence (the business profile's `creditNotePrefix`, CN-0001), keep frozen copies of the invoice's seller and buyer, and state what is credited in positive amounts. They lower the invoice's balance (`creditedAmount`); an invoice whose payments and credit notes reach its total is settled (status `paid`). Reports count them as negative revenue on their issue date. Everyone reads them; owners, partners and administrators credit invoices and send credit notes.",
  },
  [
    {
      method: 'POST',
      path: '/api/invoices/{id}/credit-notes',
      procedure: 'creditNotes.create',
      summary: 'Credit an issued invoice',
      description:
        "Neither `lines` nor `amount`: credits everything that remains of the invoice. `lines`: some of its lines, each with a `quantity` (at most what remains of it) or an `amount` before tax. `amount`: an amount tax included, split over the invoice's tax rates in proportion to their amounts, exact to the cent (the cents left go to the largest remainders, ties to the lower rate). `reason` is required and printed on the credit note. Dated today in the workspace's time zone.",
      status: 201,
      refusals: {
        404: 'the invoice, or one of the lines, is not of this workspace',
        409: CREDITED,
      },
    },
    {
      method: 'GET',
      path: '/api/invoices/{id}/creditable',
      procedure: 'creditNotes.creditable',
      summary: 'What of an invoice can still be credited',
      description:
        'Its total, what earlier credit notes credited, what remains, and each line with its remaining quantity and amount before tax.',
      refusals: { 409: 'the invoice is a draft or void' },
    },
    {
      method: 'GET',
      path: '/api/credit-notes',
      procedure: 'creditNotes.list',
      summary: 'List credit notes',
      description:
        '`search` looks in the credit note number, the client and the number of the invoice credited; `clientId` and `invoiceId` filter.',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/credit-notes/{id}',
      procedure: 'creditNotes.get',
      summary: 'Read a credit note',
      description: 'With its lines, its tax per rate and both frozen parties.',
    },
    {
      method: 'GET',
      path: '/api/credit-notes/{id}/pdf',
      procedure: 'creditNotes.pdf',
      summary: 'Download a credit note as PDF',
      description:
        'Titled "Credit note", naming the invoice it credits (its number and date) and the reason.',
      respond: asPdf,
    },
    {
      method: 'POST',
      path: '/api/credit-notes/{id}/send',
      procedure: 'creditNotes.send',
      summary: 'Send a credit note by email',
      description:
        "Queues an email to the client's billing email with the PDF attached, from the workspace's credit note template (`/api/settings/email-templates`); `subject` and `message` (or `body`) replace it for this email. `mailConfigured: false`: the server has no SMTP_URL, the email is written to its log only and `portalLink` is a live link to pass on by hand.",
      status: 202,
      refusals: { 409: 'the client has no billing email' },
    },
    {
      method: 'POST',
      path: '/api/credit-notes/{id}/email-preview',
      procedure: 'creditNotes.emailPreview',
      summary: 'Preview the email of a credit note',
      description:
        'The subject and body as they would be sent, the recipient, and what each placeholder becomes ({number}, {total}, {invoiceNumber}, {portalLink}, {clientName}, {businessName}). Sends nothing.',
    },
    {
      method: 'GET',
      path: '/api/credit-notes/{id}/emails',
      procedure: 'creditNotes.emails',
      summary: "List a credit note's emails (its outbox)",
    },
  ],
);
