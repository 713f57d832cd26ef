import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const clientsRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/clients',
    procedure: 'clients.list',
    respond: asArrayWithTotal,
  },
  { method: 'GET', path: '/api/clients/{id}', procedure: 'clients.get' },
  { method: 'POST', path: '/api/clients', procedure: 'clients.create', status: 201 },
  { method: 'PUT', path: '/api/clients/{id}', procedure: 'clients.update' },
  { method: 'DELETE', path: '/api/clients/{id}', procedure: 'clients.delete' },
]);
