import { z } from 'zod';

/** GET /api/dashboard/stats: counts are numbers, money strings with two decimals. */
export const DashboardStatsSchema = z.object({
  contacts: z.number(),
  organizations: z.number(),
  openDeals: z.number(),
  pipelineValue: z.string(),
  weightedPipelineValue: z.string(),
  wonThisMonth: z.string(),
  activeProjects: z.number(),
  hoursThisWeek: z.string(),
  hoursThisMonth: z.string(),
  revenueThisMonth: z.string(),
  outstanding: z.string(),
  overdueInvoices: z.number(),
  /** The workspace currency: revenueThisMonth and outstanding are in it. */
  currency: z.string(),
  /** Invoice figures in other currencies, each apart (never summed with the others). */
  otherCurrencies: z.array(
    z.object({ currency: z.string(), revenueThisMonth: z.string(), outstanding: z.string() }),
  ),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const FinancialOverviewSchema = z.object({
  totalRevenue: z.string(),
  totalExpenses: z.string(),
  netProfit: z.string(),
  outstanding: z.string(),
  /** The workspace currency, which every figure here is in. */
  currency: z.string(),
  /** The last 12 months, oldest first: 'yyyy-MM' and the amount paid in it. */
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.string() })),
});
export type FinancialOverview = z.infer<typeof FinancialOverviewSchema>;
