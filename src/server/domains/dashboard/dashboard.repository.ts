import { sql } from 'kysely';
import type { DashboardStats, FinancialOverview } from '../../../shared/dashboard.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
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

/** The dashboard's figures in one round trip; "this month/week" follow the database clock. */
export async function dashboardStats(db: Database, workspaceId: number): Promise<DashboardStats> {
  const { currency } = await findProfile(db, workspaceId);
  const digits = minorDigits(currency);
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
          and updated_at >= date_trunc('month', now())) as "wonThisMonth",
      (select count(*)::int from projects where workspace_id = ${workspaceId} and status = 'active') as "activeProjects",
      (select ${money('sum(hours)')} from time_entries
        where workspace_id = ${workspaceId} and date >= date_trunc('week', current_date)::date) as "hoursThisWeek",
      (select ${money('sum(hours)')} from time_entries
        where workspace_id = ${workspaceId} and date >= date_trunc('month', current_date)::date) as "hoursThisMonth",
      (select ${paidThisMonth(digits)} from invoice_payments p
        join invoices i on i.workspace_id = p.workspace_id and i.id = p.invoice_id
        where p.workspace_id = ${workspaceId} and i.currency = ${currency}
          and p.date >= date_trunc('month', current_date)::date) as "revenueThisMonth",
      (select ${money('sum(amount - paid_total)', digits)} from invoices
        where workspace_id = ${workspaceId} and currency = ${currency}
          and status in ('sent', 'viewed')) as outstanding,
      (select count(*)::int from invoices
        where workspace_id = ${workspaceId} and status in ('sent', 'viewed') and due_date < current_date) as "overdueInvoices"
  `.execute(db.withoutPlugins());
  const others = await sql<{ currency: string; revenueThisMonth: string; outstanding: string }>`
    select i.currency,
      coalesce(sum(case when i.status in ('sent', 'viewed') then i.amount - i.paid_total end), 0)::text as outstanding,
      coalesce((select sum(p.amount) from invoice_payments p join invoices pi
          on pi.workspace_id = p.workspace_id and pi.id = p.invoice_id
        where p.workspace_id = ${workspaceId} and pi.currency = i.currency
          and p.date >= date_trunc('month', current_date)::date), 0)::text as "revenueThisMonth"
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
  const { currency } = await findProfile(db, workspaceId);
  const digits = minorDigits(currency);
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
    from generate_series(date_trunc('month', current_date) - interval '11 months',
                         date_trunc('month', current_date), interval '1 month') as m
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
