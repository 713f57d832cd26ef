import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const dashboardRestRoutes = defineRestRoutes(
  {
    name: 'Dashboard',
    description: 'Figures of the current workspace: its pipeline, work and money at a glance.',
  },
  [
    {
      method: 'GET',
      path: '/api/dashboard/stats',
      procedure: 'dashboard.stats',
      summary: 'Read the dashboard figures',
    },
    {
      method: 'GET',
      path: '/api/dashboard/financial-overview',
      procedure: 'dashboard.financialOverview',
      summary: 'Read the financial overview',
      description:
        'Revenue, expenses, profit, what is outstanding and revenue by month for the last 12 months, in the workspace currency.',
    },
  ],
);
