import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const dashboardRestRoutes = defineRestRoutes([
  { method: 'GET', path: '/api/dashboard/stats', procedure: 'dashboard.stats' },
  {
    method: 'GET',
    path: '/api/dashboard/financial-overview',
    procedure: 'dashboard.financialOverview',
  },
]);
