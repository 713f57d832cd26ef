import { asArrayWithTotal, asPdf, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const invoicesRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/invoices',
    procedure: 'invoices.list',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/invoices', procedure: 'invoices.create', status: 201 },
  { method: 'GET', path: '/api/invoices/{id}', procedure: 'invoices.get' },
  { method: 'PUT', path: '/api/invoices/{id}', procedure: 'invoices.update' },
  { method: 'DELETE', path: '/api/invoices/{id}', procedure: 'invoices.delete' },
  { method: 'GET', path: '/api/invoices/{id}/pdf', procedure: 'invoices.pdf', respond: asPdf },
  { method: 'POST', path: '/api/invoices/{id}/issue', procedure: 'invoices.issue' },
  { method: 'POST', path: '/api/invoices/{id}/void', procedure: 'invoices.void' },
  {
    method: 'POST',
    path: '/api/invoices/{id}/payments',
    procedure: 'invoices.addPayment',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/invoices/{id}/payments/{paymentId}',
    procedure: 'invoices.deletePayment',
  },
]);
