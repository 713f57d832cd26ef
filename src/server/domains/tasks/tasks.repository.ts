import { sql, type SqlBool } from 'kysely';
import type { Tasks } from '../../../../db/schema.ts';
import type { Task, TaskListQuery, TaskStatus, TaskValues } from '../../../shared/tasks.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';

// Statuses

const statusColumns = ['id', 'key', 'label', 'color', 'sortOrder', 'isDone', 'isSystem'] as const;

/** The workspace's task statuses in board order. */
export async function listTaskStatuses(db: Database, workspaceId: number): Promise<TaskStatus[]> {
  return db
    .selectFrom('taskStatuses')
    .select(statusColumns)
    .where('workspaceId', '=', workspaceId)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
}

export async function findTaskStatus(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('taskStatuses')
    .select(statusColumns)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findTaskStatusByKey(db: Database, workspaceId: number, key: string) {
  return db
    .selectFrom('taskStatuses')
    .select(statusColumns)
    .where('workspaceId', '=', workspaceId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** A new status goes to the end of the board. */
export async function insertTaskStatus(
  db: Database,
  workspaceId: number,
  values: { key: string; label: string; color: string; isDone: boolean },
): Promise<TaskStatus> {
  return db
    .insertInto('taskStatuses')
    .values((eb) => ({
      ...values,
      workspaceId,
      sortOrder: eb
        .selectFrom('taskStatuses')
        .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('next'))
        .where('workspaceId', '=', workspaceId),
    }))
    .returning(statusColumns)
    .executeTakeFirstOrThrow();
}

export async function updateTaskStatus(
  db: Database,
  workspaceId: number,
  id: number,
  values: { label?: string; color?: string; isDone?: boolean },
) {
  if (Object.keys(values).length === 0) return findTaskStatus(db, workspaceId, id);
  return db
    .updateTable('taskStatuses')
    .set(values)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returning(statusColumns)
    .executeTakeFirst();
}

export async function deleteTaskStatus(db: Database, workspaceId: number, id: number) {
  await db
    .deleteFrom('taskStatuses')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function countTasksInStatus(db: Database, workspaceId: number, key: string) {
  const row = await db
    .selectFrom('tasks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('status', '=', key)
    .executeTakeFirstOrThrow();
  return row.n;
}

// Tasks

/** A task's columns as the service sets them: the API's values, the assignee as its column. */
export type TaskColumns = Omit<TaskValues, 'assigneeId'> & Partial<Pick<Tasks, 'assignedUserId'>>;

function selectTask(db: Database, workspaceId: number) {
  return db
    .selectFrom('tasks as t')
    .innerJoin('projects as p', (j) =>
      j.onRef('p.workspaceId', '=', 't.workspaceId').onRef('p.id', '=', 't.projectId'),
    )
    .innerJoin('taskStatuses as ts', (j) =>
      j.onRef('ts.workspaceId', '=', 't.workspaceId').onRef('ts.key', '=', 't.status'),
    )
    .leftJoin('users as u', 'u.id', 't.assignedUserId')
    .where('t.workspaceId', '=', workspaceId)
    .select([
      't.id',
      't.projectId',
      'p.name as projectName',
      't.title',
      't.description',
      't.status',
      't.assignedUserId',
      'u.fullName as assigneeName',
      't.dueDate',
      sql<string | null>`t.estimate_hours::text`.as('estimateHours'),
      // Summed in SQL, exact: the hours of every entry naming the task.
      sql<string>`(select coalesce(sum(te.hours), 0)::text from time_entries te
        where te.workspace_id = t.workspace_id and te.task_id = t.id)`.as('loggedHours'),
      't.sortOrder',
      't.createdBy',
      't.createdAt',
      't.updatedAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTask>['execute']>>[number];

function toTask(r: Row): Task {
  return {
    id: r.id,
    projectId: r.projectId,
    project: { id: r.projectId, name: r.projectName },
    title: r.title,
    description: r.description,
    status: r.status,
    assigneeId: r.assignedUserId,
    assignee:
      r.assignedUserId !== null && r.assigneeName !== null
        ? { id: r.assignedUserId, fullName: r.assigneeName }
        : null,
    dueDate: r.dueDate,
    estimateHours: r.estimateHours,
    loggedHours: r.loggedHours,
    sortOrder: r.sortOrder,
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/**
 * Tasks in board order (the status's column, then the order within it), filtered. `today` is
 * the workspace's calendar date, for the due filters.
 */
export async function listTasks(
  db: Database,
  workspaceId: number,
  query: TaskListQuery,
  today: string,
): Promise<{ items: Task[]; total: number }> {
  let q = selectTask(db, workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) =>
      eb.or([eb('t.title', 'ilike', pattern), eb('t.description', 'ilike', pattern)]),
    );
  }
  if (query.projectId !== undefined) q = q.where('t.projectId', '=', query.projectId);
  if (query.assigneeId !== undefined) q = q.where('t.assignedUserId', '=', query.assigneeId);
  if (query.status !== undefined) q = q.where('t.status', '=', query.status);
  switch (query.due) {
    case 'overdue':
      q = q.where('t.dueDate', '<', today).where('ts.isDone', '=', false);
      break;
    case 'today':
      q = q.where('t.dueDate', '=', today);
      break;
    case 'week':
      q = q.where('t.dueDate', '>=', today).where(sql<SqlBool>`t.due_date <= ${today}::date + 6`);
      break;
    case 'none':
      q = q.where('t.dueDate', 'is', null);
      break;
  }
  if (query.dueFrom !== undefined) q = q.where('t.dueDate', '>=', query.dueFrom);
  if (query.dueTo !== undefined) q = q.where('t.dueDate', '<=', query.dueTo);
  q = q.orderBy('ts.sortOrder').orderBy('ts.id').orderBy('t.sortOrder').orderBy('t.id');
  const { rows, total } = await pageWithTotal(db, q, query);
  return { items: rows.map(toTask), total };
}

/** One task of the workspace, with its project, assignee and logged hours; undefined if none. */
export async function findTask(
  db: Database,
  workspaceId: number,
  id: number,
): Promise<Task | undefined> {
  const row = await selectTask(db, workspaceId).where('t.id', '=', id).executeTakeFirst();
  return row && toTask(row);
}

/** The next sort order at the end of a status column. */
function endOf(workspaceId: number, status: string) {
  return sql<number>`(select coalesce(max(sort_order) + 1, 0) from tasks
    where workspace_id = ${workspaceId} and status = ${status})`;
}

export async function insertTask(
  db: Database,
  workspaceId: number,
  values: TaskColumns & { title: string; projectId: number; status: string; createdBy: number },
) {
  const { sortOrder, ...rest } = values;
  const row = await db
    .insertInto('tasks')
    .values({ ...rest, workspaceId, sortOrder: sortOrder ?? endOf(workspaceId, values.status) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTask(
  db: Database,
  workspaceId: number,
  id: number,
  values: TaskColumns,
) {
  const result = await db
    .updateTable('tasks')
    .set({ ...values, updatedAt: new Date() })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTask(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('tasks')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Locks a task row for the move (FOR UPDATE); its status and who made it and holds it. */
export async function lockTask(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('tasks')
    .select(['id', 'projectId', 'status', 'createdBy', 'assignedUserId'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The ids of a status column in board order, its rows locked until the transaction ends. */
export async function columnIds(db: Database, workspaceId: number, status: string) {
  const rows = await db
    .selectFrom('tasks')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('status', '=', status)
    .orderBy('sortOrder')
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** Sets a column's order: `ids` get sort orders 0, 1, 2… and `status`. One statement. */
export async function setColumnOrder(
  db: Database,
  workspaceId: number,
  status: string,
  ids: number[],
) {
  if (ids.length === 0) return;
  await sql`update tasks set status = ${status}, sort_order = o.ord - 1,
      updated_at = case when tasks.status = ${status} then tasks.updated_at else now() end
    from unnest(${sql.val(ids)}::int[]) with ordinality as o (id, ord)
    where tasks.workspace_id = ${workspaceId} and tasks.id = o.id`.execute(db);
}

/** How many time entries name the task. */
export async function countTaskEntries(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('timeEntries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('taskId', '=', id)
    .executeTakeFirstOrThrow();
  return row.n;
}
