import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  REPRICE_SAMPLE_SIZE,
  type RateCard,
  type RepricePreview,
  type ResolvedRates,
} from '../../../shared/rates.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import {
  deleteWorkspaceRow,
  insertWorkspaceRow,
  updateWorkspaceRow,
} from '../../db/workspace-rows.ts';

export interface RateValues {
  userId?: number | null;
  projectId?: number | null;
  billableRate?: string;
  costRate?: string;
  effectiveFrom?: string;
}

type Expr = RawBuilder<unknown> | number | string | null;

/**
 * The card in force for member `userId` on project `projectId` on day `date`: at each level
 * the card with the latest `effective_from <= date`, and of the levels the most specific,
 * member on the project, then the project (everyone), then the member (every project).
 * A subquery of one row or none, for a LATERAL join; its arguments are values or column
 * references, so one rule serves a single entry and a whole re-pricing alike.
 */
function cardInForce(workspaceId: Expr, userId: Expr, projectId: Expr, date: Expr) {
  return sql`select r.billable_rate, r.cost_rate
    from rates r
    where r.workspace_id = ${workspaceId}
      and r.effective_from <= ${date}
      and (r.project_id = ${projectId} or r.project_id is null)
      and (r.user_id = ${userId} or r.user_id is null)
    order by (r.project_id is not null) desc, (r.user_id is not null) desc, r.effective_from desc
    limit 1`;
}

/**
 * The rates an entry of `userId` on `projectId` on `date` is logged at: the card in force
 * (cardInForce), else the project's hourly rate and a cost rate of 0. Undefined when the
 * project is not the workspace's.
 */
export async function resolveRates(
  db: Database,
  workspaceId: number,
  { userId, projectId, date }: { userId: number; projectId: number; date: string },
): Promise<ResolvedRates | undefined> {
  const { rows } = await sql<ResolvedRates>`
    select coalesce(c.billable_rate, pr.hourly_rate) as billable_rate,
      coalesce(c.cost_rate, 0)::numeric(10, 2) as cost_rate
    from projects pr
    left join lateral (${cardInForce(sql.ref('pr.workspace_id'), userId, sql.ref('pr.id'), sql`${date}::date`)}) c on true
    where pr.workspace_id = ${workspaceId} and pr.id = ${projectId}`.execute(db);
  return rows[0];
}

/**
 * Whether the entry `entry` (an alias of time_entries) lies in a week approved on its
 * member's timesheet (Monday to Sunday): such time keeps its rates, like billed time.
 */
export function inApprovedWeek(entry: string) {
  const col = (name: string) => sql.ref(`${entry}.${name}`);
  return sql<SqlBool>`exists (
    select 1 from timesheets ts
    where ts.workspace_id = ${col('workspace_id')} and ts.user_id = ${col('user_id')}
      and ts.status = 'approved'
      and ts.week_start = ${col('date')} - (extract(isodow from ${col('date')})::int - 1)
  )`;
}

/** Whether a rate card prices the entry `entry` (an alias of time_entries) on its day. */
export function pricedByCard(entry: string) {
  const col = (name: string) => sql.ref(`${entry}.${name}`);
  return sql<SqlBool>`exists (${cardInForce(col('workspace_id'), col('user_id'), col('project_id'), col('date'))})`;
}

function selectCard(db: Database, workspaceId: number) {
  return db
    .selectFrom('rates as r')
    .leftJoin('users as u', 'u.id', 'r.userId')
    .leftJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 'r.workspaceId').onRef('pr.id', '=', 'r.projectId'),
    )
    .where('r.workspaceId', '=', workspaceId)
    .select([
      'r.id',
      'r.userId',
      'r.projectId',
      'u.fullName as userName',
      'pr.name as projectName',
      'r.billableRate',
      'r.costRate',
      'r.effectiveFrom',
      'r.createdAt',
      'r.updatedAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCard>['execute']>>[number];

function toCard({ userName, projectName, ...r }: Row): RateCard {
  return {
    ...r,
    user: r.userId !== null ? { id: r.userId, fullName: userName ?? '' } : null,
    project: r.projectId !== null ? { id: r.projectId, name: projectName ?? '' } : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/** Every card (a workspace has a few per member and project), newest in force first. */
export async function listRates(
  db: Database,
  workspaceId: number,
  filter: { userId?: number; projectId?: number },
) {
  let q = selectCard(db, workspaceId);
  if (filter.userId !== undefined) q = q.where('r.userId', '=', filter.userId);
  if (filter.projectId !== undefined) q = q.where('r.projectId', '=', filter.projectId);
  const rows = await q
    .orderBy('r.effectiveFrom', 'desc')
    .orderBy('u.fullName')
    .orderBy('pr.name')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(toCard);
}

export async function findRate(db: Database, workspaceId: number, id: number) {
  const row = await selectCard(db, workspaceId).where('r.id', '=', id).executeTakeFirst();
  return row && toCard(row);
}

export async function insertRate(
  db: Database,
  workspaceId: number,
  values: Required<Omit<RateValues, 'userId' | 'projectId'>> &
    Pick<RateValues, 'userId' | 'projectId'>,
) {
  return insertWorkspaceRow(db, 'rates', workspaceId, values);
}

export async function updateRate(
  db: Database,
  workspaceId: number,
  id: number,
  values: RateValues,
): Promise<boolean> {
  return updateWorkspaceRow(db, 'rates', workspaceId, id, {
    ...values,
    updatedAt: sql<Date>`now()`,
  });
}

export function deleteRate(db: Database, workspaceId: number, id: number) {
  return deleteWorkspaceRow(db, 'rates', workspaceId, id);
}

/** A member of the workspace (active or not: their time may still be priced). */
export async function isMember(db: Database, workspaceId: number, userId: number) {
  const row = await db
    .selectFrom('userWorkspaces')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RepriceFilter {
  from: string;
  userId?: number | null;
  projectId?: number | null;
}

/**
 * The unbilled entries on or after `from` (of the member and/or project) whose stored rates
 * differ from the rates in force on their day, with both. Entries of a week approved on the
 * member's timesheet (Monday to Sunday) are left alone, like billed ones.
 */
function repriceCandidates(workspaceId: number, filter: RepriceFilter) {
  return sql`
    select te.id, te.project_id, te.user_id, te.date, te.hours, te.rate, te.cost_rate,
      coalesce(c.billable_rate, pr.hourly_rate) as new_rate,
      coalesce(c.cost_rate, 0)::numeric(10, 2) as new_cost_rate
    from time_entries te
    join projects pr on pr.workspace_id = te.workspace_id and pr.id = te.project_id
    left join lateral (${cardInForce(sql.ref('te.workspace_id'), sql.ref('te.user_id'), sql.ref('te.project_id'), sql.ref('te.date'))}) c on true
    where te.workspace_id = ${workspaceId}
      and te.invoice_id is null
      and te.date >= ${filter.from}::date
      ${filter.userId != null ? sql`and te.user_id = ${filter.userId}` : sql``}
      ${filter.projectId != null ? sql`and te.project_id = ${filter.projectId}` : sql``}
      and not ${inApprovedWeek('te')}
      and (te.rate, te.cost_rate) is distinct from
        (coalesce(c.billable_rate, pr.hourly_rate), coalesce(c.cost_rate, 0))`;
}

/** What re-pricing would change: the count, amounts before and after, the first entries. */
export async function previewReprice(
  db: Database,
  workspaceId: number,
  filter: RepriceFilter,
): Promise<RepricePreview> {
  const candidates = repriceCandidates(workspaceId, filter);
  const { rows: totals } = await sql<{
    count: number;
    amountBefore: string;
    amountAfter: string;
    costBefore: string;
    costAfter: string;
  }>`
    select count(*)::int as count,
      coalesce(sum(round(x.hours * x.rate, 2)), 0)::numeric(14, 2) as amount_before,
      coalesce(sum(round(x.hours * x.new_rate, 2)), 0)::numeric(14, 2) as amount_after,
      coalesce(sum(round(x.hours * x.cost_rate, 2)), 0)::numeric(14, 2) as cost_before,
      coalesce(sum(round(x.hours * x.new_cost_rate, 2)), 0)::numeric(14, 2) as cost_after
    from (${candidates}) x`.execute(db);
  const { rows: sample } = await sql<{
    id: number;
    date: string;
    hours: string;
    userId: number;
    userName: string;
    projectId: number;
    projectName: string;
    rate: string;
    costRate: string;
    newRate: string;
    newCostRate: string;
  }>`
    select x.id, x.date, x.hours, x.user_id, u.full_name as user_name, x.project_id,
      pr.name as project_name, x.rate, x.cost_rate, x.new_rate, x.new_cost_rate
    from (${candidates}) x
    join users u on u.id = x.user_id
    join projects pr on pr.workspace_id = ${workspaceId} and pr.id = x.project_id
    order by x.date, x.id
    limit ${REPRICE_SAMPLE_SIZE}`.execute(db);
  const t = totals[0]!;
  return {
    ...t,
    sample: sample.map(({ userId, userName, projectId, projectName, ...r }) => ({
      ...r,
      user: { id: userId, fullName: userName },
      project: { id: projectId, name: projectName },
    })),
  };
}

/**
 * Re-prices what previewReprice lists, in one statement (run it in the caller's
 * transaction); answers the projects whose entries changed, whose totals must follow.
 */
export async function applyReprice(
  db: Database,
  workspaceId: number,
  filter: RepriceFilter,
): Promise<{ count: number; projectIds: number[] }> {
  const { rows } = await sql<{ projectId: number }>`
    update time_entries te
    set rate = x.new_rate, cost_rate = x.new_cost_rate
    from (${repriceCandidates(workspaceId, filter)}) x
    where te.workspace_id = ${workspaceId} and te.id = x.id and te.invoice_id is null
    returning te.project_id`.execute(db);
  return { count: rows.length, projectIds: [...new Set(rows.map((r) => r.projectId))] };
}
