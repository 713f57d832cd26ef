import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const recurringInvoicesRestRoutes = defineRestRoutes(
  {
    name: 'Recurring invoices',
    description:
      'Templates from which Keel creates one invoice per period (weekly, monthly, quarterly or yearly from a start date, until a number of invoices or an end date), left as drafts or issued and emailed. After a downtime at most the 12 most recent missed periods are invoiced, and the owners are told. Everyone reads them; owners, partners, administrators and project managers set them up.',
  },
  [
    {
      method: 'GET',
      path: '/api/recurring-invoices',
      procedure: 'recurringInvoices.list',
      summary: 'List recurring invoices',
      description: 'The next invoice first; ended ones last. `status`: active, paused or ended.',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/recurring-invoices',
      procedure: 'recurringInvoices.create',
      summary: 'Create a recurring invoice',
      description:
        "In the client's currency (else the workspace's). The first invoice is dated `startDate` (today or later in the workspace's time zone); one dated today is created at once.",
      status: 201,
      refusals: { 404: 'the client is not of this workspace' },
    },
    {
      method: 'GET',
      path: '/api/recurring-invoices/{id}',
      procedure: 'recurringInvoices.get',
      summary: 'Read a recurring invoice',
      description: 'With its lines, the invoices made from it and the dates of the next ones.',
    },
    {
      method: 'PUT',
      path: '/api/recurring-invoices/{id}',
      procedure: 'recurringInvoices.update',
      summary: 'Edit, pause or resume a recurring invoice',
      description:
        'Only the fields sent change; `lines` replace them all. `status: paused` stops it; `active` resumes from the first period that starts today or later.',
      refusals: {
        404: 'the client is not of this workspace',
        409: 'the schedule has started, so its start date and frequency cannot change',
      },
    },
    {
      method: 'DELETE',
      path: '/api/recurring-invoices/{id}',
      procedure: 'recurringInvoices.delete',
      summary: 'Delete a recurring invoice',
      description: 'The invoices made from it stay.',
    },
  ],
);
