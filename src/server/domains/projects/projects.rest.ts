import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const projectsRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/projects',
    procedure: 'projects.list',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/projects', procedure: 'projects.create', status: 201 },
  { method: 'PUT', path: '/api/projects/{id}', procedure: 'projects.update' },
  { method: 'DELETE', path: '/api/projects/{id}', procedure: 'projects.delete' },
]);
