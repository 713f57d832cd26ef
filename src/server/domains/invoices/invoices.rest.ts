import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const invoicesRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/invoices',
    procedure: 'invoices.list',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/invoices', procedure: 'invoices.create', status: 201 },
  { method: 'PUT', path: '/api/invoices/{id}', procedure: 'invoices.update' },
  { method: 'DELETE', path: '/api/invoices/{id}', procedure: 'invoices.delete' },
]);
