import { sql } from 'kysely';
import type { IncomeGroup, ProfitabilityGroup } from '../../../shared/reports.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { paymentSharesSql, revenueSharesSql } from './payment-shares.ts';

/** Sums come back as exact numeric text; the service rounds them to each currency's digits. */

export interface IncomeSumRow {
  month: string | null;
  clientId: number | null;
  projectId: number | null;
  /** By bank account: the account, null for payments on no bank line and for credit notes. */
  bankAccountId?: number | null;
  /** By bank account: 'payment' or 'credit_note'. */
  kind?: string;
  name: string | null;
  currency: string;
  amount: string;
  net: string;
  tax: string;
  paymentCount: number;
}

/**
 * Payments dated from `from` to `to` (inclusive), joined to their invoice for its currency,
 * client and project, summed per group and currency, as received (tax included) and split
 * into their net and tax parts (paymentSharesSql). By month, every calendar month the
 * period touches is answered for each of `currencies` (zeros included); payment dates are
 * calendar days already, so their month is the workspace's.
 */
export async function incomeSums(
  db: Database,
  workspaceId: number,
  options: { from: string; to: string; groupBy: IncomeGroup; currencies: string[] },
): Promise<IncomeSumRow[]> {
  const { from, to, groupBy } = options;
  const paymentsCte = sql`
    with paid as (
      select s.id, s.amount, s.net, s.tax, s.date, s.currency, s.client_id, s.project_id, s.kind
      from ${revenueSharesSql(workspaceId)} s
      where s.date >= ${from}::date and s.date <= ${to}::date
    )`;
  if (groupBy === 'month') {
    const { rows } = await sql<IncomeSumRow>`
      ${paymentsCte},
      months as (
        select m::date as month_start
        from generate_series(date_trunc('month', ${from}::date), ${to}::date, interval '1 month') as m
      ),
      currencies as (select unnest(${options.currencies}::text[]) as currency)
      select to_char(m.month_start, 'YYYY-MM') as month, null::int as "clientId",
        null::int as "projectId", null::text as name, c.currency,
        coalesce(sum(paid.amount), 0)::text as amount, coalesce(sum(paid.net), 0)::text as net,
        coalesce(sum(paid.tax), 0)::text as tax,
        (count(paid.amount) filter (where paid.kind = 'payment'))::int as "paymentCount"
      from months m
      cross join currencies c
      left join paid on paid.currency = c.currency
        and paid.date >= m.month_start and paid.date < m.month_start + interval '1 month'
      group by m.month_start, c.currency
      order by m.month_start, c.currency`.execute(db);
    return rows;
  }
  if (groupBy === 'client') {
    const { rows } = await sql<IncomeSumRow>`
      ${paymentsCte}
      select null::text as month, paid.client_id as "clientId", null::int as "projectId",
        c.name, paid.currency, sum(paid.amount)::text as amount,
        sum(paid.net)::text as net, sum(paid.tax)::text as tax,
        (count(*) filter (where paid.kind = 'payment'))::int as "paymentCount"
      from paid
      join clients c on c.workspace_id = ${workspaceId} and c.id = paid.client_id
      group by paid.client_id, c.name, paid.currency
      order by lower(c.name), paid.client_id, paid.currency`.execute(db);
    return rows;
  }
  if (groupBy === 'bankAccount') {
    // A payment reaches an account through the transaction matched to it. Matching links a
    // payment to one transaction at most; `distinct on` keeps the report at one row per
    // payment even if two lines ever pointed at the same payment. Credit notes are no
    // money received on any account: they keep their own row, so the totals stay those of
    // the other groupings.
    const { rows } = await sql<IncomeSumRow>`
      ${paymentsCte},
      linked as (
        select distinct on (bt.invoice_payment_id) bt.invoice_payment_id, bt.account_id
        from bank_transactions bt
        where bt.workspace_id = ${workspaceId} and bt.invoice_payment_id is not null
        order by bt.invoice_payment_id, bt.id
      )
      select null::text as month, null::int as "clientId", null::int as "projectId",
        l.account_id as "bankAccountId", paid.kind, ba.name, paid.currency,
        sum(paid.amount)::text as amount, sum(paid.net)::text as net,
        sum(paid.tax)::text as tax,
        (count(*) filter (where paid.kind = 'payment'))::int as "paymentCount"
      from paid
      left join linked l on paid.kind = 'payment' and l.invoice_payment_id = paid.id
      left join bank_accounts ba on ba.workspace_id = ${workspaceId} and ba.id = l.account_id
      group by paid.kind, l.account_id, ba.name, paid.currency
      order by paid.kind = 'credit_note', l.account_id is null, lower(ba.name), l.account_id,
        paid.currency`.execute(db);
    return rows;
  }
  const { rows } = await sql<IncomeSumRow>`
    ${paymentsCte}
    select null::text as month, null::int as "clientId", paid.project_id as "projectId",
      pr.name, paid.currency, sum(paid.amount)::text as amount,
      sum(paid.net)::text as net, sum(paid.tax)::text as tax,
      (count(*) filter (where paid.kind = 'payment'))::int as "paymentCount"
    from paid
    left join projects pr on pr.workspace_id = ${workspaceId} and pr.id = paid.project_id
    group by paid.project_id, pr.name, paid.currency
    order by paid.project_id is null, lower(pr.name), paid.project_id, paid.currency`.execute(db);
  return rows;
}

/** The currencies of payments dated in the period, in order. */
export async function incomeCurrencies(
  db: Database,
  workspaceId: number,
  from: string,
  to: string,
): Promise<string[]> {
  const { rows } = await sql<{ currency: string }>`
    select i.currency
    from invoice_payments p
    join invoices i on i.workspace_id = p.workspace_id and i.id = p.invoice_id
    where p.workspace_id = ${workspaceId} and p.date >= ${from}::date and p.date <= ${to}::date
    union
    select cn.currency from credit_notes cn
    where cn.workspace_id = ${workspaceId} and cn.issue_date >= ${from}::date
      and cn.issue_date <= ${to}::date
    order by currency`.execute(db);
  return rows.map((r) => r.currency);
}

export interface ProfitabilitySumRow {
  groupId: number | null;
  name: string | null;
  clientId: number | null;
  currency: string;
  invoiced: string;
  taxCollected: string;
  paid: string;
  hours: string;
  timeCost: string;
  expenses: string;
}

/**
 * Per project or client and currency, the period's figures from four sources, each by its
 * own date: issued non-void invoices (issue date; their net, total − tax, and their tax
 * apart), payments (payment date; their net part, paymentSharesSql), time entries (hours × cost rate rounded per entry to `costDigits`, in `currency`, the
 * workspace's) and confirmed expenses (their date and currency; drafts wait for review). Time and expenses reach a client
 * through their project (an expense's own client first).
 */
export async function profitabilitySums(
  db: Database,
  workspaceId: number,
  options: {
    from: string;
    to: string;
    groupBy: ProfitabilityGroup;
    currency: string;
    costDigits: number;
  },
): Promise<ProfitabilitySumRow[]> {
  const { from, to, groupBy, currency, costDigits } = options;
  const byProject = groupBy === 'project';
  const { rows } = await sql<ProfitabilitySumRow>`
    with facts as (
      select i.project_id, i.client_id, i.currency, i.amount - i.tax_total as invoiced,
        i.tax_total as tax_collected, 0 as paid, 0 as hours, 0 as time_cost, 0 as expenses
      from invoices i
      where i.workspace_id = ${workspaceId} and i.status not in ('draft', 'void')
        and i.issue_date >= ${from}::date and i.issue_date <= ${to}::date
      union all
      select cn.project_id, cn.client_id, cn.currency, -cn.subtotal, -cn.tax_total, 0, 0, 0, 0
      from credit_notes cn
      where cn.workspace_id = ${workspaceId}
        and cn.issue_date >= ${from}::date and cn.issue_date <= ${to}::date
      union all
      select s.project_id, s.client_id, s.currency, 0, 0, s.net, 0, 0, 0
      from ${paymentSharesSql(workspaceId)} s
      where s.date >= ${from}::date and s.date <= ${to}::date
      union all
      select te.project_id, pr.client_id, ${currency}::text, 0, 0, 0, te.hours,
        round(te.hours * te.cost_rate, ${costDigits}::int), 0
      from time_entries te
      join projects pr on pr.workspace_id = te.workspace_id and pr.id = te.project_id
      where te.workspace_id = ${workspaceId} and te.date >= ${from}::date and te.date <= ${to}::date
      union all
      select e.project_id, coalesce(e.client_id, pr.client_id), e.currency, 0, 0, 0, 0, 0, e.amount
      from expenses e
      left join projects pr on pr.workspace_id = e.workspace_id and pr.id = e.project_id
      where e.workspace_id = ${workspaceId} and not e.draft
        and e.date >= ${from}::date and e.date <= ${to}::date
    ),
    sums as (
      select ${sql.raw(byProject ? 'f.project_id' : 'f.client_id')} as group_id, f.currency,
        sum(f.invoiced) as invoiced, sum(f.tax_collected) as tax_collected, sum(f.paid) as paid, sum(f.hours) as hours,
        sum(f.time_cost) as time_cost, sum(f.expenses) as expenses
      from facts f
      group by 1, 2
    )
    select s.group_id as "groupId", ${sql.raw(byProject ? 'pr.name' : 'c.name')} as name,
      ${sql.raw(byProject ? 'pr.client_id' : 's.group_id')} as "clientId", s.currency,
      s.invoiced::text as invoiced, s.tax_collected::text as "taxCollected", s.paid::text as paid, s.hours::text as hours,
      s.time_cost::text as "timeCost", s.expenses::text as expenses
    from sums s
    ${
      byProject
        ? sql`left join projects pr on pr.workspace_id = ${workspaceId} and pr.id = s.group_id`
        : sql`left join clients c on c.workspace_id = ${workspaceId} and c.id = s.group_id`
    }
    order by s.group_id is null, lower(${sql.raw(byProject ? 'pr.name' : 'c.name')}), s.group_id,
      s.currency <> ${currency}, s.currency`.execute(db);
  return rows;
}

export interface UtilisationSumRow {
  userId: number;
  fullName: string;
  weeklyCapacityHours: string;
  capacityHours: string;
  loggedHours: string;
  billableHours: string;
  utilisationPercent: string | null;
}

/**
 * Each active member (or only `onlyUserId`): capacity for the period (weekly capacity ×
 * `workingDays` ÷ 5), hours logged in it, the billable part (a billable rate above 0), and
 * billable ÷ capacity as a percentage with one decimal, all in numeric arithmetic.
 */
export async function utilisationSums(
  db: Database,
  workspaceId: number,
  options: { from: string; to: string; workingDays: number; onlyUserId?: number },
): Promise<UtilisationSumRow[]> {
  const { from, to, workingDays } = options;
  const only = options.onlyUserId ?? null;
  const { rows } = await sql<UtilisationSumRow>`
    with members as (
      select uw.user_id, u.full_name, uw.capacity_hours,
        uw.capacity_hours * ${workingDays}::int / 5.0 as capacity
      from user_workspaces uw join users u on u.id = uw.user_id
      where uw.workspace_id = ${workspaceId} and uw.is_active and u.is_active
        and (${only}::int is null or uw.user_id = ${only}::int)
    ),
    logged as (
      select te.user_id, sum(te.hours) as hours,
        coalesce(sum(te.hours) filter (where te.rate > 0), 0) as billable
      from time_entries te
      where te.workspace_id = ${workspaceId} and te.date >= ${from}::date and te.date <= ${to}::date
      group by te.user_id
    )
    select m.user_id as "userId", m.full_name as "fullName",
      m.capacity_hours::numeric(12, 2)::text as "weeklyCapacityHours",
      round(m.capacity, 2)::text as "capacityHours",
      coalesce(l.hours, 0)::numeric(12, 2)::text as "loggedHours",
      coalesce(l.billable, 0)::numeric(12, 2)::text as "billableHours",
      case when m.capacity = 0 then null
        else round(coalesce(l.billable, 0) * 100 / m.capacity, 1)::text end as "utilisationPercent"
    from members m
    left join logged l on l.user_id = m.user_id
    order by lower(m.full_name), m.user_id`.execute(db);
  return rows;
}
