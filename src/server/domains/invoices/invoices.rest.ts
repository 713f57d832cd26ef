import { FACTURX_PDF_ROUTE } from '../einvoices/facturx.service.ts';
import { asArrayWithTotal, asPdf, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const PARTIES = 'the client, project, time entry or expense is not of this workspace';
const EXPENSE_REFUSED =
  'an expense is already invoiced, not billable, of another client or in another currency';
const TIME_TAKEN =
  "some of the time is already invoiced, not on the client's projects, in another currency than the invoice (time is in the workspace's currency), or (when the workspace invoices only approved time) not in an approved timesheet";

export const invoicesRestRoutes = defineRestRoutes(
  {
    name: 'Invoices',
    description:
      'Invoices: drafts (editable, unnumbered) and issued invoices (numbered from the workspace sequence, with frozen seller and buyer copies, read-only), their PDF, payments and voiding. Everyone reads them; owners, partners and administrators issue and settle them.',
  },
  [
    {
      method: 'GET',
      path: '/api/invoices',
      procedure: 'invoices.list',
      summary: 'List invoices',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/invoices',
      procedure: 'invoices.create',
      summary: 'Create a draft invoice',
      description:
        "In the client's currency (else the workspace's), with lines, a discount, unbilled time of the client's projects (`timeEntryIds`, in the workspace's currency) as lines, and billable expenses of the client in that currency (`expenseIds`), one line each.",
      status: 201,
      refusals: {
        404: PARTIES,
        409: `${TIME_TAKEN}, ${EXPENSE_REFUSED}, or the invoice number is taken`,
      },
    },
    {
      method: 'GET',
      path: '/api/invoices/{id}',
      procedure: 'invoices.get',
      summary: 'Read an invoice',
      description: 'With its lines, taxes, payments and both parties.',
    },
    {
      method: 'PUT',
      path: '/api/invoices/{id}',
      procedure: 'invoices.update',
      summary: 'Edit a draft, or mark an invoice sent, viewed or paid',
      description:
        "`status: sent` issues a draft; `paid` records a payment of the balance. Other fields edit a draft only; only the fields sent change. `timeEntryIds` and `expenseIds` add unbilled time of the client's projects and billable expenses as new lines, with the same rules as at creation.",
      refusals: {
        404: PARTIES,
        409: `an issued invoice cannot be edited or move to this status, ${TIME_TAKEN}, ${EXPENSE_REFUSED} (or the draft would change the client or currency of expenses it bills), or the invoice number is taken`,
      },
    },
    {
      method: 'DELETE',
      path: '/api/invoices/{id}',
      procedure: 'invoices.delete',
      summary: 'Delete a draft invoice',
      description:
        'Its time and expenses become unbilled again. An issued invoice is voided instead.',
      refusals: { 409: 'only drafts can be deleted' },
    },
    {
      method: 'GET',
      path: '/api/invoices/{id}/pdf',
      procedure: 'invoices.pdf',
      summary: 'Download an invoice as PDF',
      respond: asPdf,
      ...FACTURX_PDF_ROUTE,
    },
    {
      method: 'POST',
      path: '/api/invoices/{id}/issue',
      procedure: 'invoices.issue',
      summary: 'Issue a draft invoice',
      description:
        'Gives it the next number of the workspace sequence (unless it has its own), its dates, and frozen copies of the seller and buyer details.',
      refusals: { 409: 'the invoice is already issued, or its number is taken' },
    },
    {
      method: 'POST',
      path: '/api/invoices/{id}/void',
      procedure: 'invoices.void',
      summary: 'Void an issued invoice',
      description: 'It keeps its number; its time and expenses become unbilled again.',
      refusals: {
        409: 'the invoice is a draft, already void, or has payments (a card payment from Stripe is refunded in Stripe first)',
      },
    },
    {
      method: 'POST',
      path: '/api/invoices/{id}/payments',
      procedure: 'invoices.addPayment',
      summary: 'Record a payment',
      description: 'At most the balance due; the invoice is paid when the balance reaches 0.',
      status: 201,
      refusals: { 409: 'the invoice is a draft or void' },
    },
    {
      method: 'DELETE',
      path: '/api/invoices/{id}/payments/{paymentId}',
      procedure: 'invoices.deletePayment',
      summary: 'Delete a payment',
      refusals: { 409: 'the invoice is void' },
    },
  ],
);
