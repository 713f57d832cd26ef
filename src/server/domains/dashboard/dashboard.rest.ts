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
      description:
        '`revenueThisMonth` is net of tax: the part before tax of payments dated this month (each payment carries its invoice’s net ÷ total); `taxCollectedThisMonth` is the tax part of the same payments, apart. `outstanding` is what sent invoices still ask, tax included. Figures of other currencies are listed apart in `otherCurrencies`.',
    },
    {
      method: 'GET',
      path: '/api/dashboard/financial-overview',
      procedure: 'dashboard.financialOverview',
      summary: 'Read the financial overview',
      description:
        'For the period `from`–`to` (inclusive; either side open when left out, all time without both): revenue net of tax (the part before tax of payments dated in it, on invoices in the currency: each payment carries its invoice’s net ÷ total), `taxCollected` (the tax part of the same payments, apart: not revenue), expenses (dated in it; expenses carry no tax of their own), net profit (revenue − expenses), and what sent invoices still ask now, in the workspace currency; every other currency with figures is listed apart in `otherCurrencies`, never converted nor added. `revenueByMonth` is the last 12 months’ revenue (net), tax collected and expenses in the workspace currency, whatever the period.',
    },
  ],
);
