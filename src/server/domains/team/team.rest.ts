import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const teamRestRoutes = defineRestRoutes([
  { method: 'GET', path: '/api/admin/users', procedure: 'team.members' },
]);
