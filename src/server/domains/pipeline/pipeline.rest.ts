import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const pipelineRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/leads',
    procedure: 'leads.list',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/leads', procedure: 'leads.create', status: 201 },
  { method: 'PUT', path: '/api/leads/{id}', procedure: 'leads.update' },
  { method: 'DELETE', path: '/api/leads/{id}', procedure: 'leads.delete' },
  { method: 'GET', path: '/api/stages', procedure: 'stages.list' },
  { method: 'POST', path: '/api/stages', procedure: 'stages.create', status: 201 },
  // A static segment wins over {id} in the router, so "reorder" is never read as an id.
  { method: 'PUT', path: '/api/stages/reorder', procedure: 'stages.reorder' },
  { method: 'PUT', path: '/api/stages/{id}', procedure: 'stages.update' },
  { method: 'DELETE', path: '/api/stages/{id}', procedure: 'stages.delete' },
]);
