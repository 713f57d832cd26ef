import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';

/** The longest period a report covers: ten years of months is 120 rows per currency. */
export const MAX_REPORT_YEARS = 10;

/** Day `day` (YYYY-MM-DD) plus `years` years, as a YYYY-MM-DD string (29 Feb → 1 Mar). */
export function addYears(day: string, years: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.toISOString().slice(0, 10);
}

/**
 * Why a period is refused, or null. Both ends are inclusive calendar days; checked once the
 * defaults (which depend on the workspace's time zone) are filled in.
 */
export function periodProblem(from: string, to: string): string | null {
  if (from > to) return 'The start of the period must be on or before its end';
  if (to >= addYears(from, MAX_REPORT_YEARS))
    return `A report covers at most ${MAX_REPORT_YEARS} years`;
  return null;
}

const periodFields = {
  from: IsoDateSchema.optional().meta({
    description:
      'First day of the period, inclusive (default: the first day of the month eleven months before `to`’s month).',
  }),
  to: IsoDateSchema.optional().meta({
    description: "Last day of the period, inclusive (default: today in the workspace's time zone).",
  }),
};

/** A period whose two ends were both given is checked here already, so the form can say it. */
const checkPeriod = (value: { from?: string | undefined; to?: string | undefined }, ctx: any) => {
  if (!value.from || !value.to) return;
  const problem = periodProblem(value.from, value.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['from'], message: problem });
};

export const ReportPeriodSchema = z.object(periodFields).superRefine(checkPeriod);
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;

export const INCOME_GROUPS = ['month', 'client', 'project', 'bankAccount'] as const;
export type IncomeGroup = (typeof INCOME_GROUPS)[number];

export const IncomeQuerySchema = z
  .object({
    ...periodFields,
    groupBy: z.enum(INCOME_GROUPS).default('month').meta({
      description:
        'Rows per calendar month (default), per client, per project, or per bank account (`bankAccount`: the payments matched to each account’s transactions, one row for payments linked to no bank line, one for credit notes; only those who read the bank).',
    }),
  })
  .superRefine(checkPeriod);
export type IncomeQuery = z.infer<typeof IncomeQuerySchema>;

/** One group (a month, a client or a project) in one currency. */
export const IncomeRowSchema = z.object({
  /**
   * Stable within a report: `2026-03`, `client-12`, `project-5`, `project-none`,
   * `bank-account-3`, `bank-account-none` or `credit-notes`.
   */
  key: z.string(),
  /** What a person reads: the month (`2026-03`), the client's or project's name, or `No project`. */
  label: z.string(),
  /** The month (YYYY-MM) when grouped by month. */
  month: z.string().nullable(),
  clientId: z.number().nullable(),
  projectId: z.number().nullable(),
  /** The bank account whose transactions the payments were matched to (by bank account). */
  bankAccountId: z.number().nullable(),
  currency: z.string(),
  /**
   * Payments received as received, tax included (gross), with the currency's decimals, less
   * credit notes dated in the period (issue 41: negative revenue on their issue date).
   */
  amount: z.string().meta({
    description: 'Payments received, tax included (gross), less credit notes issued in the period.',
  }),
  /** Their part before tax: each payment carries its invoice's net ÷ total. */
  net: z.string().meta({ description: 'The part of `amount` before tax (revenue).' }),
  /** amount − net: the tax collected with these payments. */
  tax: z.string().meta({ description: 'The part of `amount` that is tax collected.' }),
  paymentCount: z.number(),
});
export type IncomeRow = z.infer<typeof IncomeRowSchema>;

export const CurrencyTotalSchema = IncomeRowSchema.pick({
  currency: true,
  amount: true,
  net: true,
  tax: true,
  paymentCount: true,
});

export const IncomeReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(INCOME_GROUPS),
  /** The workspace's currency. */
  currency: z.string(),
  rows: z.array(IncomeRowSchema),
  /** Per currency, never added across currencies. */
  totals: z.array(CurrencyTotalSchema),
});
export type IncomeReport = z.infer<typeof IncomeReportSchema>;

export const PROFITABILITY_GROUPS = ['project', 'client'] as const;
export type ProfitabilityGroup = (typeof PROFITABILITY_GROUPS)[number];

export const ProfitabilityQuerySchema = z
  .object({
    ...periodFields,
    groupBy: z
      .enum(PROFITABILITY_GROUPS)
      .default('project')
      .meta({ description: 'Rows per project (default) or per client.' }),
  })
  .superRefine(checkPeriod);
export type ProfitabilityQuery = z.infer<typeof ProfitabilityQuerySchema>;

/** One project or client in one currency. */
export const ProfitabilityRowSchema = z.object({
  /** `project-5`, `project-none`, `client-12` or `client-none`. */
  key: z.string(),
  /** The project's or client's name, `No project` or `No client`. */
  label: z.string(),
  projectId: z.number().nullable(),
  clientId: z.number().nullable(),
  currency: z.string(),
  /**
   * Net totals (before tax, after discounts) of issued, non-void invoices whose issue date
   * is in the period.
   */
  invoiced: z.string().meta({
    description:
      'Net of tax: totals before tax, after discounts, of issued, non-void invoices dated in the period.',
  }),
  /** The tax on those invoices, apart: not revenue. */
  taxCollected: z.string().meta({
    description: 'The tax on the invoices counted in `invoiced`, apart from it.',
  }),
  /**
   * The net part of payments dated in the period (on invoices of any issue date). `invoiced`
   * and `taxCollected` are less the credit notes issued in the period (issue 41).
   */
  paid: z.string().meta({
    description:
      'The part before tax of payments dated in the period (each carries its invoice’s net ÷ total).',
  }),
  /** Hours of time entries dated in the period: on the workspace currency's row only. */
  hours: z.string(),
  /**
   * Σ hours × the entry's cost rate, rounded per entry, in the workspace currency: null on
   * rows of other currencies (time has no cost in them).
   */
  timeCost: z.string().nullable(),
  /** Expenses dated in the period, in this currency. */
  expenses: z.string(),
  /** invoiced (net) − time cost − expenses. */
  margin: z.string(),
  /** margin ÷ invoiced × 100, one decimal; null when nothing was invoiced. */
  marginPercent: z.string().nullable(),
});
export type ProfitabilityRow = z.infer<typeof ProfitabilityRowSchema>;

export const ProfitabilityTotalSchema = ProfitabilityRowSchema.pick({
  currency: true,
  invoiced: true,
  taxCollected: true,
  paid: true,
  hours: true,
  timeCost: true,
  expenses: true,
  margin: true,
  marginPercent: true,
});

export const ProfitabilityReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(PROFITABILITY_GROUPS),
  /** The workspace's currency: the one time is costed in. */
  currency: z.string(),
  rows: z.array(ProfitabilityRowSchema),
  totals: z.array(ProfitabilityTotalSchema),
});
export type ProfitabilityReport = z.infer<typeof ProfitabilityReportSchema>;

export const UtilisationQuerySchema = ReportPeriodSchema;

export const UtilisationRowSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
  /** The member's weekly capacity (Team page). */
  weeklyCapacityHours: z.string(),
  /** Weekly capacity × working days (Monday to Friday) in the period ÷ 5. */
  capacityHours: z.string(),
  loggedHours: z.string(),
  /** Hours of entries with a billable rate above 0 (time has no billable flag). */
  billableHours: z.string(),
  /** billable ÷ capacity × 100, one decimal; null when the capacity is 0. */
  utilisationPercent: z.string().nullable(),
});
export type UtilisationRow = z.infer<typeof UtilisationRowSchema>;

export const UtilisationReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Monday-to-Friday days in the period. */
  workingDays: z.number(),
  rows: z.array(UtilisationRowSchema),
});
export type UtilisationReport = z.infer<typeof UtilisationReportSchema>;
