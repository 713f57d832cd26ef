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
        'For the period `from`–`to` (inclusive; either side open when left out, all time without both): revenue (payments dated in it, on invoices in the currency), expenses (dated in it), net profit (revenue − expenses), and what sent invoices still ask now, in the workspace currency; every other currency with figures is listed apart in `otherCurrencies`, never converted nor added. `revenueByMonth` is the last 12 months’ revenue and expenses in the workspace currency, whatever the period.',
    },
  ],
);
