import { sql } from 'kysely';
import type { DashboardStats, FinancialOverview } from '../../../shared/dashboard.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Day } from 'date-fns';
import { calendarIn } from '../../../shared/datetime.ts';
import type { Database } from '../../db/create-db.ts';
import { findProfile } from '../business/business.repository.ts';

/**
 * Money sums as strings with two decimals (or the currency's), whatever their size: no
 * bounded cast, so ten thousand of the largest deals add up instead of overflowing.
 */
const money = (expression: string, digits = 2) =>
  sql.raw(`round(coalesce(${expression}, 0), ${digits})`);

/** Paid in the current month, by payment date, on invoices in `currency`. */
const paidThisMonth = (digits: number) => money('sum(p.amount)', digits);

/**
 * The dashboard's figures in one round trip. "Today", "this week" and "this month" are the
 * workspace's (its time zone), the week starting on the reader's first day of the week.
 */
export async function dashboardStats(
  db: Database,
  workspaceId: number,
  weekStartsOn: Day,
): Promise<DashboardStats> {
  const { currency, timezone } = await findProfile(db, workspaceId);
  const digits = minorDigits(currency);
  const { today, weekStart, monthStart, monthStartInstant } = calendarIn(timezone, weekStartsOn);
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
      (select ${paidThisMonth(digits)} from invoice_payments p
        join invoices i on i.workspace_id = p.workspace_id and i.id = p.invoice_id
        where p.workspace_id = ${workspaceId} and i.currency = ${currency}
          and p.date >= ${monthStart}::date) as "revenueThisMonth",
      (select ${money('sum(amount - paid_total)', digits)} from invoices
        where workspace_id = ${workspaceId} and currency = ${currency}
          and status in ('sent', 'viewed')) as outstanding,
      (select count(*)::int from invoices
        where workspace_id = ${workspaceId} and status in ('sent', 'viewed') and due_date < ${today}::date) as "overdueInvoices"
  `.execute(db.withoutPlugins());
  const others = await sql<{ currency: string; revenueThisMonth: string; outstanding: string }>`
    select i.currency,
      coalesce(sum(case when i.status in ('sent', 'viewed') then i.amount - i.paid_total end), 0)::text as outstanding,
      coalesce((select sum(p.amount) from invoice_payments p join invoices pi
          on pi.workspace_id = p.workspace_id and pi.id = p.invoice_id
        where p.workspace_id = ${workspaceId} and pi.currency = i.currency
          and p.date >= ${monthStart}::date), 0)::text as "revenueThisMonth"
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
        outstanding: normalizeAmount(r.outstanding, d),
      };
    }),
  };
}

/**
 * Revenue is what was paid (payments by their date), in the workspace currency; Keel has no
 * expenses yet, so profit equals revenue.
 */
export async function financialOverview(
  db: Database,
  workspaceId: number,
): Promise<FinancialOverview> {
  const { currency, timezone } = await findProfile(db, workspaceId);
  const digits = minorDigits(currency);
  // The last twelve months of the workspace's calendar; the week start plays no part.
  const { monthStart, yearAgoMonthStart } = calendarIn(timezone, 0);
  const totals = await sql<{ totalRevenue: string; outstanding: string }>`
    select
      (select ${money('sum(p.amount)', digits)} from invoice_payments p
        join invoices i on i.workspace_id = p.workspace_id and i.id = p.invoice_id
        where p.workspace_id = ${workspaceId} and i.currency = ${currency}) as "totalRevenue",
      (select ${money('sum(amount - paid_total)', digits)} from invoices
        where workspace_id = ${workspaceId} and currency = ${currency}
          and status in ('sent', 'viewed')) as outstanding
  `.execute(db.withoutPlugins());
  const months = await sql<{ month: string; revenue: string }>`
    select to_char(m, 'YYYY-MM') as month, ${money('sum(p.amount)', digits)} as revenue
    from generate_series(${yearAgoMonthStart}::date, ${monthStart}::date, interval '1 month') as m
    left join (invoice_payments p join invoices i
        on i.workspace_id = p.workspace_id and i.id = p.invoice_id and i.currency = ${currency})
      on p.workspace_id = ${workspaceId} and p.date >= m and p.date < m + interval '1 month'
    group by m order by m
  `.execute(db.withoutPlugins());
  const { totalRevenue, outstanding } = totals.rows[0]!;
  return {
    totalRevenue,
    totalExpenses: normalizeAmount('0', digits),
    netProfit: totalRevenue,
    outstanding,
    currency,
    revenueByMonth: months.rows,
  };
}
