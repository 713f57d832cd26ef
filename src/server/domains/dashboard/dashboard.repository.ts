import { sql } from 'kysely';
import type { DashboardStats, FinancialOverview } from '../../../shared/dashboard.schema.ts';
import type { Database } from '../../db/create-db.ts';

/** Money sums as strings with two decimals, whatever their size. */
const money = (expression: string) => sql.raw(`coalesce(${expression}, 0)::numeric(14, 2)`);

/** The dashboard's figures in one round trip; "this month/week" follow the database clock. */
export async function dashboardStats(db: Database, workspaceId: number): Promise<DashboardStats> {
  const { rows } = await sql<DashboardStats>`
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
      (select ${money('sum(amount)')} from invoices
        where workspace_id = ${workspaceId} and status = 'paid'
          and paid_date >= date_trunc('month', current_date)::date) as "revenueThisMonth",
      (select ${money('sum(amount)')} from invoices
        where workspace_id = ${workspaceId} and status in ('sent', 'viewed')) as outstanding,
      (select count(*)::int from invoices
        where workspace_id = ${workspaceId} and status in ('sent', 'viewed') and due_date < current_date) as "overdueInvoices"
  `.execute(db.withoutPlugins());
  return rows[0]!;
}

/** Revenue is what was paid; Keel has no expenses yet, so profit equals revenue. */
export async function financialOverview(
  db: Database,
  workspaceId: number,
): Promise<FinancialOverview> {
  const totals = await sql<{ totalRevenue: string; outstanding: string }>`
    select
      (select ${money('sum(amount)')} from invoices where workspace_id = ${workspaceId} and status = 'paid') as "totalRevenue",
      (select ${money('sum(amount)')} from invoices
        where workspace_id = ${workspaceId} and status in ('sent', 'viewed')) as outstanding
  `.execute(db.withoutPlugins());
  const months = await sql<{ month: string; revenue: string }>`
    select to_char(m, 'YYYY-MM') as month, ${money('sum(i.amount)')} as revenue
    from generate_series(date_trunc('month', current_date) - interval '11 months',
                         date_trunc('month', current_date), interval '1 month') as m
    left join invoices i on i.workspace_id = ${workspaceId} and i.status = 'paid'
      and i.paid_date >= m and i.paid_date < m + interval '1 month'
    group by m order by m
  `.execute(db.withoutPlugins());
  const { totalRevenue, outstanding } = totals.rows[0]!;
  return {
    totalRevenue,
    totalExpenses: '0.00',
    netProfit: totalRevenue,
    outstanding,
    revenueByMonth: months.rows,
  };
}
