import { sql, type SqlBool } from 'kysely';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Project, ProjectSort, ProjectValues } from '../../../shared/projects.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal, sortedBy } from '../../db/search.ts';
import { inApprovedWeek, pricedByCard } from '../rates/rates.repository.ts';

function selectProject(db: Database, workspaceId: number) {
  return db
    .selectFrom('projects as pr')
    .leftJoin('clients as c', (j) =>
      j.onRef('c.workspaceId', '=', 'pr.workspaceId').onRef('c.id', '=', 'pr.clientId'),
    )
    .where('pr.workspaceId', '=', workspaceId)
    .select([
      'pr.id',
      'pr.name',
      'pr.description',
      'pr.clientId',
      'c.name as clientName',
      'pr.status',
      'pr.budgetType',
      'pr.budgetLimit',
      'pr.hourlyRate',
      'pr.totalHours',
      'pr.totalAmount',
      'pr.assignedUserId',
      'pr.createdAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectProject>['execute']>>[number];

function toProject({ clientName, ...r }: Row): Project {
  return {
    ...r,
    status: r.status as Project['status'],
    budgetType: r.budgetType as Project['budgetType'],
    client: clientName !== null ? { name: clientName } : null,
    createdAt: iso(r.createdAt),
  };
}

const PROJECT_SORT_COLUMNS = {
  createdAt: sql`pr.created_at`,
  name: sql`lower(pr.name)`,
  totalHours: sql`pr.total_hours`,
};

/** Projects in `sort`'s order (newest first by default), searched by project or client name. */
export async function listProjects(
  db: Database,
  workspaceId: number,
  query: ListQuery & { status?: string; clientId?: number; sort?: ProjectSort },
) {
  const { sort = '-createdAt' } = query;
  let q = selectProject(db, workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) => eb.or([eb('pr.name', 'ilike', pattern), eb('c.name', 'ilike', pattern)]));
  }
  if (query.status) q = q.where('pr.status', '=', query.status);
  if (query.clientId !== undefined) q = q.where('pr.clientId', '=', query.clientId);
  q = sortedBy(q, sort, PROJECT_SORT_COLUMNS, sql`pr.id`);
  // Newest first, a large page's slices continue after the last row read (an index's
  // order); the other orders read them by offset.
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    sort === '-createdAt'
      ? (id) =>
          sql<SqlBool>`(pr.created_at, pr.id) < (select a.created_at, a.id from projects a where a.workspace_id = pr.workspace_id and a.id = ${id})`
      : undefined,
  );
  return { items: rows.map(toProject), total };
}

export async function findProject(db: Database, workspaceId: number, id: number) {
  const row = await selectProject(db, workspaceId).where('pr.id', '=', id).executeTakeFirst();
  return row && toProject(row);
}

/**
 * A project's time in numeric arithmetic, each entry at the rate stored on it (as
 * `refreshProjectTotals`): all of it, and split into billed (on an invoice) and unbilled.
 */
export async function projectBurn(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('timeEntries as te')
    .where('te.workspaceId', '=', workspaceId)
    .where('te.projectId', '=', id)
    .select([
      sql<string>`coalesce(sum(te.hours), 0)::numeric(12, 2)::text`.as('hours'),
      sql<string>`coalesce(sum(round(te.hours * te.rate, 2)), 0)::numeric(14, 2)::text`.as(
        'amount',
      ),
      sql<string>`coalesce(sum(te.hours) filter (where te.invoice_id is not null), 0)::numeric(12, 2)::text`.as(
        'billedHours',
      ),
      sql<string>`coalesce(sum(te.hours) filter (where te.invoice_id is null), 0)::numeric(12, 2)::text`.as(
        'unbilledHours',
      ),
      sql<string>`coalesce(sum(round(te.hours * te.rate, 2)) filter (where te.invoice_id is not null), 0)::numeric(14, 2)::text`.as(
        'billedAmount',
      ),
      sql<string>`coalesce(sum(round(te.hours * te.rate, 2)) filter (where te.invoice_id is null), 0)::numeric(14, 2)::text`.as(
        'unbilledAmount',
      ),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * Who works on the project: members who logged time on it, are assigned one of its tasks,
 * or are its assignee, with their hours and billable amount (rate stored on each entry)
 * and their open tasks. Those who left the workspace keep their logged time here.
 */
export async function projectTeam(
  db: Database,
  workspaceId: number,
  id: number,
  assignedUserId: number | null,
) {
  const { rows } = await sql<{
    userId: number;
    fullName: string;
    hours: string;
    amount: string;
    openTasks: number;
  }>`
    with people as (
      select te.user_id from time_entries te
        where te.workspace_id = ${workspaceId} and te.project_id = ${id}
      union
      select t.assigned_user_id from tasks t
        where t.workspace_id = ${workspaceId} and t.project_id = ${id}
          and t.assigned_user_id is not null
      union
      select uw.user_id from user_workspaces uw
        where uw.workspace_id = ${workspaceId} and uw.user_id = ${assignedUserId}
    )
    select u.id as "userId", u.full_name as "fullName",
      coalesce(logged.hours, 0)::numeric(12, 2)::text as hours,
      coalesce(logged.amount, 0)::numeric(14, 2)::text as amount,
      (select count(*) from tasks t
        join task_statuses s on s.workspace_id = t.workspace_id and s.key = t.status
        where t.workspace_id = ${workspaceId} and t.project_id = ${id}
          and t.assigned_user_id = u.id and not s.is_done)::int as "openTasks"
    from people p
    join users u on u.id = p.user_id
    left join lateral (
      select sum(te.hours) as hours, sum(round(te.hours * te.rate, 2)) as amount
      from time_entries te
      where te.workspace_id = ${workspaceId} and te.project_id = ${id} and te.user_id = u.id
    ) logged on true
    order by coalesce(logged.hours, 0) desc, u.full_name, u.id`.execute(db);
  return rows.map((r) => ({ ...r, isAssignee: r.userId === assignedUserId }));
}

/** Who the project is assigned to, by name. */
export async function findMemberName(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'fullName'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export async function insertProject(
  db: Database,
  workspaceId: number,
  values: ProjectValues & {
    name: string;
    budgetType: string;
    budgetLimit: string;
    hourlyRate: string;
  },
) {
  const row = await db
    .insertInto('projects')
    .values({ ...values, workspaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProject(
  db: Database,
  workspaceId: number,
  id: number,
  values: ProjectValues,
) {
  if (Object.keys(values).length === 0)
    return (await findProject(db, workspaceId, id)) !== undefined;
  const result = await db
    .updateTable('projects')
    .set(values)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Locks the project row until the transaction ends: FOR UPDATE before deleting it, FOR
 * KEY SHARE while billing its time, so a deletion and a billing of the same project queue.
 * KEY SHARE, not SHARE: logging or editing time takes NO KEY UPDATE on the project (its
 * totals) while holding the entry, and a billing holds the project while claiming
 * entries; with SHARE the two waited for each other (a deadlock PostgreSQL broke with an
 * error).
 */
export async function lockProject(
  db: Database,
  workspaceId: number,
  id: number,
  mode: 'update' | 'keyShare',
) {
  const q = db
    .selectFrom('projects')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id);
  return (
    (await (mode === 'update' ? q.forUpdate() : q.forKeyShare()).executeTakeFirst()) !== undefined
  );
}

/** How many of the project's entries an invoice has billed. */
export async function countBilledEntries(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('timeEntries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('projectId', '=', id)
    .where('invoiceId', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * A new rate prices the project's unbilled time that it priced: billed time keeps the rate it
 * was billed at, time of an approved timesheet week keeps its rate, and time a rate card
 * prices keeps the card's rate (rates.repository).
 */
export async function repriceUnbilledEntries(
  db: Database,
  workspaceId: number,
  id: number,
  rate: string,
) {
  await db
    .updateTable('timeEntries as te')
    .set({ rate })
    .where('te.workspaceId', '=', workspaceId)
    .where('te.projectId', '=', id)
    .where('te.invoiceId', 'is', null)
    .where((eb) => eb.not(pricedByCard('te')))
    .where((eb) => eb.not(inApprovedWeek('te')))
    .execute();
}

export async function deleteProject(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('projects')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Recomputes a project's hours and earned amount from its entries, in numeric arithmetic.
 * Run in the same transaction as every change to entries or to the rate.
 */
export async function refreshProjectTotals(db: Database, workspaceId: number, projectId: number) {
  // Under READ COMMITTED an UPDATE that waits for a concurrent writer of the row still sums
  // with its own older snapshot, so totals drifted when two entries were logged at once.
  // Locking the row first makes the UPDATE a new statement that sees every committed entry.
  // NO KEY UPDATE does not conflict with the KEY SHARE lock the entry's foreign key takes.
  await db
    .selectFrom('projects')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', projectId)
    .forNoKeyUpdate()
    .execute();
  const sums = (expression: string) =>
    sql<string>`coalesce((select sum(${sql.raw(expression)}) from time_entries te
    where te.workspace_id = ${workspaceId} and te.project_id = ${projectId}), 0)`;
  await db
    .updateTable('projects')
    // Each entry at the rate stored on it, so re-pricing never touches billed time.
    .set({ totalHours: sums('te.hours'), totalAmount: sums('round(te.hours * te.rate, 2)') })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', projectId)
    .execute();
}
