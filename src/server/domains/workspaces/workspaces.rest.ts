import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const workspacesRestRoutes = defineRestRoutes([
  { method: 'POST', path: '/api/workspaces', procedure: 'workspaces.create', status: 201 },
  { method: 'GET', path: '/api/user/workspaces', procedure: 'workspaces.listMine' },
  { method: 'GET', path: '/api/workspaces/current', procedure: 'workspaces.current' },
  { method: 'POST', path: '/api/workspaces/{id}/switch', procedure: 'workspaces.switch' },
  { method: 'PUT', path: '/api/workspaces/{id}', procedure: 'workspaces.update' },
  { method: 'DELETE', path: '/api/workspaces/{id}', procedure: 'workspaces.delete' },
  { method: 'POST', path: '/api/workspaces/{id}/reactivate', procedure: 'workspaces.reactivate' },
]);
