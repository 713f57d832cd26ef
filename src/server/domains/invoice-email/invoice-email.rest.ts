import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

const PLACEHOLDERS =
  'Placeholders: {number}, {total}, {balance}, {dueDate}, {portalLink} (a new live link in every email), {clientName}, {businessName}.';

export const invoiceEmailRestRoutes = defineRestRoutes(
  {
    name: 'Invoice email',
    description: `Sending invoices by email with their PDF and a portal link, each invoice's outbox, the workspace's email templates and its payment reminder schedule. ${PLACEHOLDERS}`,
  },
  [
    {
      method: 'POST',
      path: '/api/invoices/{id}/send',
      procedure: 'invoiceEmails.send',
      summary: 'Send an invoice by email',
      description:
        "Issues it first if it is a draft, then queues an email to the client's billing email with the PDF attached and a portal link; `subject` and `body` replace the workspace templates for this email. `mailConfigured: false` means the server has no SMTP_URL: the email is written to the server log only, and `portalLink` is a live link to pass on by hand.",
      status: 202,
      refusals: {
        409: 'the invoice is void, the client has no billing email, or the invoice number is taken',
      },
    },
    {
      method: 'POST',
      path: '/api/invoices/{id}/email-preview',
      procedure: 'invoiceEmails.preview',
      summary: 'Preview the email of an invoice',
      description:
        'The subject and body as they would be sent (the templates, or `subject` and `body` if given, filled in), the recipient, and what each placeholder becomes. Sends nothing.',
    },
    {
      method: 'GET',
      path: '/api/invoices/{id}/emails',
      procedure: 'invoiceEmails.list',
      summary: "List an invoice's emails (its outbox)",
      description:
        'The invoice email and its reminders, newest first: queued, sent, or failed with the error of the last attempt.',
    },
    {
      method: 'GET',
      path: '/api/invoices/{id}/reminders',
      procedure: 'invoiceEmails.reminders',
      summary: "An invoice's upcoming payment reminders",
      description:
        'The dates (workspace time zone) of the reminders of the schedule still to be sent; none when reminders are off or the invoice is a draft, paid or void.',
    },
    {
      method: 'GET',
      path: '/api/settings/email-templates',
      procedure: 'invoiceEmails.templates',
      summary: 'Read the email templates',
    },
    {
      method: 'PUT',
      path: '/api/settings/email-templates',
      procedure: 'invoiceEmails.updateTemplates',
      summary: 'Update the email templates',
      description: `Subject and body of the invoice email, of payment reminders, of the estimate email and of the contract email; only the fields sent change. ${PLACEHOLDERS} The estimate email has {number}, {total}, {validUntil}, {portalLink}, {clientName} and {businessName}; the contract email {title}, {portalLink}, {fingerprint}, {message}, {clientName} and {businessName}.`,
    },
    {
      method: 'GET',
      path: '/api/settings/reminders',
      procedure: 'invoiceEmails.schedule',
      summary: 'Read the payment reminder schedule',
    },
    {
      method: 'PUT',
      path: '/api/settings/reminders',
      procedure: 'invoiceEmails.updateSchedule',
      summary: 'Update the payment reminder schedule',
      description:
        '`offsets` are days relative to the due date (−3: three days before, 0: on the due date, 7: a week after). Unpaid issued invoices get each reminder once; a reminder dated before reminders were turned on is not sent, and after downtime only the latest due one goes.',
    },
  ],
);
