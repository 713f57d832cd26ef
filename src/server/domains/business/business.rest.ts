import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const businessRestRoutes = defineRestRoutes([
  { method: 'GET', path: '/api/settings/business', procedure: 'business.get' },
  { method: 'PUT', path: '/api/settings/business', procedure: 'business.update' },
]);
