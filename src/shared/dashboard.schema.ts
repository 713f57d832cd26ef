import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';

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
  revenueThisMonth: z.string().meta({
    description:
      'The part before tax of payments dated this month on invoices in the workspace currency (net of tax).',
  }),
  taxCollectedThisMonth: z.string().meta({
    description: 'The tax part of the same payments, apart from the revenue.',
  }),
  outstanding: z.string().meta({
    description: 'What sent invoices in the workspace currency still ask, tax included.',
  }),
  overdueInvoices: z.number(),
  /** The workspace currency: revenueThisMonth, taxCollectedThisMonth and outstanding are in it. */
  currency: z.string(),
  /** Invoice figures in other currencies, each apart (never summed with the others). */
  otherCurrencies: z.array(
    z.object({
      currency: z.string(),
      revenueThisMonth: z.string(),
      taxCollectedThisMonth: z.string(),
      outstanding: z.string(),
    }),
  ),
  /** Contracts sent and waiting for the client's signature (not expired): how many, the oldest 5. */
  contractsAwaitingSignature: z.object({
    count: z.number(),
    items: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        clientName: z.string(),
        status: z.enum(['sent', 'viewed']),
        sentAt: z.string().nullable(),
        expiresAt: z.string().nullable(),
      }),
    ),
  }),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/**
 * GET /api/dashboard/financial-overview?from=&to=: the period's figures, payment and
 * expense dates inclusive. Without `from` the period starts with the first record, without
 * `to` it runs to today and beyond (all time when neither is given).
 */
export const FinancialOverviewQuerySchema = z
  .object({
    from: IsoDateSchema.optional().meta({ description: 'First day of the period.' }),
    to: IsoDateSchema.optional().meta({ description: 'Last day of the period.' }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must be on or before To',
    path: ['to'],
  });
export type FinancialOverviewQuery = z.infer<typeof FinancialOverviewQuerySchema>;

/** One currency's figures for the period; outstanding is as of now, whatever the period. */
const CurrencyFiguresSchema = z.object({
  currency: z.string(),
  /**
   * Revenue net of tax: the part before tax of payments dated in the period on invoices in
   * this currency (each payment carries its invoice's net ÷ total).
   */
  totalRevenue: z.string().meta({
    description:
      'Net of tax: the part before tax of payments dated in the period on invoices in this currency.',
  }),
  /** The tax part of the same payments: collected for the state, not revenue. */
  taxCollected: z.string().meta({
    description: 'The tax part of the same payments, apart from the revenue.',
  }),
  /** Expenses dated in the period in this currency (expenses carry no tax of their own). */
  totalExpenses: z.string(),
  /** totalRevenue − totalExpenses; negative when more was spent. */
  netProfit: z.string(),
  /** What sent (or viewed) invoices in this currency still ask, now. */
  outstanding: z.string(),
});
export type CurrencyFigures = z.infer<typeof CurrencyFiguresSchema>;

export const FinancialOverviewSchema = CurrencyFiguresSchema.extend({
  /** The workspace currency, which the top-level figures are in. */
  currency: z.string(),
  /** The period asked for (null: open on that side). */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /**
   * The same figures in every other currency that has any, each apart: they are never
   * converted or added to the workspace currency's.
   */
  otherCurrencies: z.array(CurrencyFiguresSchema),
  /**
   * The last 12 months of the workspace calendar, oldest first, whatever the period:
   * 'yyyy-MM', the revenue (net of tax) and the tax collected with what was paid in it,
   * and what was spent in it, in the workspace currency.
   */
  revenueByMonth: z.array(
    z.object({
      month: z.string(),
      revenue: z.string(),
      taxCollected: z.string(),
      expenses: z.string(),
    }),
  ),
});
export type FinancialOverview = z.infer<typeof FinancialOverviewSchema>;
