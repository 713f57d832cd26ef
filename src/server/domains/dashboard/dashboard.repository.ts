import { sql } from 'kysely';
import type {
  DashboardStats,
  FinancialOverview,
  FinancialOverviewQuery,
} from '../../../shared/dashboard.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  fromMinor,
  normalizeAmount,
  subtractAmounts,
  toMinor,
} from '../../../shared/invoice-math.ts';
import type { Day } from 'date-fns';
import { calendarIn } from '../../../shared/datetime.ts';
import type { Database } from '../../db/create-db.ts';
import { findProfile } from '../business/business.repository.ts';
import { paymentSharesSql } from '../reports/payment-shares.ts';

/**
 * Money sums as strings with two decimals (or the currency's), whatever their size: no
 * bounded cast, so ten thousand of the largest deals add up instead of overflowing.
 */
const money = (expression: string, digits = 2) =>
  sql.raw(`round(coalesce(${expression}, 0), ${digits})`);

/**
 * The dashboard's figures in one round trip. "Today", "this week" and "this month" are the
 * workspace's (its time zone), the week starting on the reader's first day of the week.
 * Revenue is net of tax (issue 38): the part before tax of this month's payments, their tax
 * answered apart.
 */
export async function dashboardStats(
  db: Database,
  workspaceId: number,
  weekStartsOn: Day,
): Promise<DashboardStats> {
  const { currency, timezone } = await findProfile(db, workspaceId);
  const digits = minorDigits(currency);
  const { today, weekStart, monthStart, monthStartInstant } = calendarIn(timezone, weekStartsOn);
  const paidThisMonth = sql`${paymentSharesSql(workspaceId)} s
    where s.currency = ${currency} and s.date >= ${monthStart}::date`;
  const { rows } = await sql<Omit<DashboardStats, 'currency' | 'otherCurrencies'>>`
    select
      (select count(*)::int from persons where workspace_id = ${workspaceId}) as contacts,
      (select count(*)::int from organizations where workspace_id = ${workspaceId}) as organizations,
      (select count(*)::int from leads where workspace_id = ${workspaceId} and stage not in ('won', 'lost')) as "openDeals",
      (select ${money('sum(value)')} from leads
        where workspace_id = ${workspaceId} and stage not in ('won', 'lost')) as "pipelineValue",
      (select ${money('sum(value * probability / 100.0)')} from leads
        where workspace_id = ${workspaceId} and stage not in ('won', 'lost')) as "weightedPipelineValue",
      (select ${money('sum(value)')} from leads
        where workspace_id = ${workspaceId} and stage = 'won'
          and updated_at >= ${monthStartInstant}) as "wonThisMonth",
      (select count(*)::int from projects where workspace_id = ${workspaceId} and status = 'active') as "activeProjects",
      (select ${money('sum(hours)')} from time_entries
        where workspace_id = ${workspaceId} and date >= ${weekStart}::date) as "hoursThisWeek",
      (select ${money('sum(hours)')} from time_entries
        where workspace_id = ${workspaceId} and date >= ${monthStart}::date) as "hoursThisMonth",
      (select ${money('sum(s.net)', digits)} from ${paidThisMonth}) as "revenueThisMonth",
      (select ${money('sum(s.tax)', digits)} from ${paidThisMonth}) as "taxCollectedThisMonth",
      (select ${money('sum(amount - paid_total)', digits)} from invoices
        where workspace_id = ${workspaceId} and currency = ${currency}
          and status in ('sent', 'viewed')) as outstanding,
      (select count(*)::int from invoices
        where workspace_id = ${workspaceId} and status in ('sent', 'viewed') and due_date < ${today}::date) as "overdueInvoices"
  `.execute(db.withoutPlugins());
  const others = await sql<{
    currency: string;
    revenueThisMonth: string;
    taxCollectedThisMonth: string;
    outstanding: string;
  }>`
    with paid as (
      select s.currency, sum(s.net) as net, sum(s.tax) as tax
      from ${paymentSharesSql(workspaceId)} s
      where s.date >= ${monthStart}::date
      group by s.currency
    )
    select i.currency,
      coalesce(sum(case when i.status in ('sent', 'viewed') then i.amount - i.paid_total end), 0)::text as outstanding,
      coalesce((select paid.net from paid where paid.currency = i.currency), 0)::text as "revenueThisMonth",
      coalesce((select paid.tax from paid where paid.currency = i.currency), 0)::text as "taxCollectedThisMonth"
    from invoices i
    where i.workspace_id = ${workspaceId} and i.currency <> ${currency} and i.status <> 'draft'
    group by i.currency order by i.currency
  `.execute(db.withoutPlugins());
  return {
    ...rows[0]!,
    currency,
    otherCurrencies: others.rows.map((r) => {
      const d = minorDigits(r.currency);
      return {
        currency: r.currency,
        revenueThisMonth: normalizeAmount(r.revenueThisMonth, d),
        taxCollectedThisMonth: normalizeAmount(r.taxCollectedThisMonth, d),
        outstanding: normalizeAmount(r.outstanding, d),
      };
    }),
  };
}

/** A sum of numeric(15, 3) amounts (at most 3 decimals) rounded half-up to `digits`. */
function roundedSum(amount: string | null, digits: number): string {
  const text = (amount ?? '0').trim();
  const negative = text.startsWith('-');
  const thousandths = toMinor(negative ? text.slice(1) : text, 3);
  const step = 10n ** BigInt(3 - digits);
  const half = step / 2n;
  const rounded = step === 1n ? thousandths : ((thousandths + half) / step) * step;
  return normalizeAmount(fromMinor(negative ? -rounded : rounded, 3), digits);
}

/**
 * The financial overview of a period: revenue is what was paid net of tax (the part before
 * tax of payments by their date, on invoices in the currency; issue 38), the tax collected
 * with them apart, expenses what was spent (expenses by their date, in their own
 * currency), net profit the difference; outstanding is what sent invoices still ask now.
 * The workspace currency's figures come first; every other currency that has any is
 * listed apart, never converted nor added. The chart covers the last 12 months.
 */
export async function financialOverview(
  db: Database,
  workspaceId: number,
  period: FinancialOverviewQuery = {},
): Promise<FinancialOverview> {
  const { currency, timezone } = await findProfile(db, workspaceId);
  const digits = minorDigits(currency);
  const from = period.from ?? null;
  const to = period.to ?? null;
  // Optional bounds as SQL: a null bound leaves that side open.
  const inPeriod = (column: string) =>
    sql`(${from}::date is null or ${sql.raw(column)} >= ${from}::date)
      and (${to}::date is null or ${sql.raw(column)} <= ${to}::date)`;
  const figures = await sql<{
    currency: string;
    revenue: string | null;
    tax: string | null;
    expenses: string | null;
    outstanding: string | null;
  }>`
    select currency, sum(revenue)::text as revenue, sum(tax)::text as tax,
      sum(expenses)::text as expenses, sum(outstanding)::text as outstanding
    from (
      select s.currency, s.net as revenue, s.tax, null::numeric as expenses,
        null::numeric as outstanding
      from ${paymentSharesSql(workspaceId)} s
      where ${inPeriod('s.date')}
      union all
      select e.currency, null, null, e.amount, null
      from expenses e
      where e.workspace_id = ${workspaceId} and not e.draft and ${inPeriod('e.date')}
      union all
      select currency, null, null, null, amount - paid_total
      from invoices
      where workspace_id = ${workspaceId} and status in ('sent', 'viewed')
    ) as money
    group by currency order by currency
  `.execute(db.withoutPlugins());
  const figuresOf = (row: (typeof figures.rows)[number] | undefined, code: string) => {
    const d = minorDigits(code);
    const totalRevenue = roundedSum(row?.revenue ?? null, d);
    const totalExpenses = roundedSum(row?.expenses ?? null, d);
    return {
      currency: code,
      totalRevenue,
      taxCollected: roundedSum(row?.tax ?? null, d),
      totalExpenses,
      netProfit: subtractAmounts(totalRevenue, totalExpenses, d),
      outstanding: roundedSum(row?.outstanding ?? null, d),
    };
  };

  // The last twelve months of the workspace's calendar; the week start plays no part.
  const { monthStart, yearAgoMonthStart } = calendarIn(timezone, 0);
  const months = await sql<{ month: string; revenue: string; tax: string; expenses: string }>`
    with paid as (
      select s.date, s.net, s.tax from ${paymentSharesSql(workspaceId)} s
      where s.currency = ${currency} and s.date >= ${yearAgoMonthStart}::date
    )
    select to_char(m, 'YYYY-MM') as month,
      round(coalesce((select sum(paid.net) from paid
          where paid.date >= m and paid.date < m + interval '1 month'), 0), ${digits}::int)::text as revenue,
      round(coalesce((select sum(paid.tax) from paid
          where paid.date >= m and paid.date < m + interval '1 month'), 0), ${digits}::int)::text as tax,
      round(coalesce((select sum(e.amount) from expenses e
          where e.workspace_id = ${workspaceId} and not e.draft and e.currency = ${currency}
            and e.date >= m and e.date < m + interval '1 month'), 0), ${digits}::int)::text as expenses
    from generate_series(${yearAgoMonthStart}::date, ${monthStart}::date, interval '1 month') as m
    order by m
  `.execute(db.withoutPlugins());

  return {
    ...figuresOf(
      figures.rows.find((r) => r.currency === currency),
      currency,
    ),
    from,
    to,
    otherCurrencies: figures.rows
      .filter((r) => r.currency !== currency)
      .map((r) => figuresOf(r, r.currency)),
    revenueByMonth: months.rows.map((m) => ({
      month: m.month,
      revenue: normalizeAmount(m.revenue, digits),
      taxCollected: normalizeAmount(m.tax, digits),
      expenses: normalizeAmount(m.expenses, digits),
    })),
  };
}
