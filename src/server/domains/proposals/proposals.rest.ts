import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const proposalsRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/proposals',
    procedure: 'proposals.list',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/proposals', procedure: 'proposals.create', status: 201 },
  { method: 'PUT', path: '/api/proposals/{id}', procedure: 'proposals.update' },
  { method: 'DELETE', path: '/api/proposals/{id}', procedure: 'proposals.delete' },
]);
