import { asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const teamRestRoutes = defineRestRoutes([
  { method: 'GET', path: '/api/admin/users', procedure: 'team.members' },
  { method: 'POST', path: '/api/admin/invite', procedure: 'team.invite', status: 201 },
  { method: 'PUT', path: '/api/admin/users/{id}/role', procedure: 'team.changeRole' },
  { method: 'PUT', path: '/api/admin/users/{id}/deactivate', procedure: 'team.toggleActive' },
  { method: 'DELETE', path: '/api/admin/users/{id}', procedure: 'team.remove' },
  { method: 'GET', path: '/api/team/export', procedure: 'team.export', respond: asCsv('team.csv') },
  { method: 'GET', path: '/api/invite/{token}', procedure: 'invitations.get' },
  { method: 'POST', path: '/api/invite/{token}/accept', procedure: 'invitations.accept' },
]);
