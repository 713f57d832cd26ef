import { sql, type Selectable, type SqlBool } from 'kysely';
import type { TimeEntries } from '../../../../db/schema.ts';
import type {
  TimeEntry,
  TimeEntryListQuery,
  TimeEntryValues,
  Timer,
  TimerDetails,
} from '../../../shared/time.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { readInSlices, rememberedRead, type Slice } from '../../db/embedded.ts';
import { containsPattern, iso, paginate } from '../../db/search.ts';
import { inApprovedWeek } from '../timesheets/week-lock.ts';

/**
 * An entry's columns as the service sets them: the API's values, with the billable rate
 * and the cost rate in force when it was logged or moved (rates.repository resolveRates;
 * a cost rate of 0 without a rate card).
 */
export type TimeEntryColumns = TimeEntryValues &
  Partial<Pick<Selectable<TimeEntries>, 'rate' | 'costRate' | 'roundedFromSeconds'>>;

function selectEntry(db: Database, workspaceId: number) {
  return db
    .selectFrom('timeEntries as te')
    .innerJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 'te.workspaceId').onRef('pr.id', '=', 'te.projectId'),
    )
    .innerJoin('users as u', 'u.id', 'te.userId')
    .leftJoin('tasks as tk', (j) =>
      j.onRef('tk.workspaceId', '=', 'te.workspaceId').onRef('tk.id', '=', 'te.taskId'),
    )
    .leftJoin('clients as c', (j) =>
      j.onRef('c.workspaceId', '=', 'pr.workspaceId').onRef('c.id', '=', 'pr.clientId'),
    )
    .where('te.workspaceId', '=', workspaceId)
    .select([
      'te.id',
      'te.projectId',
      'te.taskId',
      'tk.title as taskTitle',
      'pr.clientId',
      'c.name as clientName',
      'te.userId',
      'te.description',
      'te.hours',
      'te.date',
      'te.isTimer',
      'te.roundedFromSeconds',
      'te.rate',
      'te.costRate',
      'te.invoiceId',
      'te.createdAt',
      'pr.name as projectName',
      'pr.hourlyRate',
      'u.fullName as userName',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEntry>['execute']>>[number];

function toEntry({
  projectName,
  hourlyRate,
  userName,
  taskTitle,
  clientName,
  ...r
}: Row): TimeEntry {
  return {
    ...r,
    createdAt: iso(r.createdAt),
    project: { name: projectName, hourlyRate },
    user: { fullName: userName },
    task: r.taskId !== null && taskTitle !== null ? { id: r.taskId, title: taskTitle } : null,
    client:
      r.clientId !== null && clientName !== null ? { id: r.clientId, name: clientName } : null,
  };
}

/** The time log's filters, on a query over `time_entries as te` joined to `projects as pr`. */
function filtered<Q extends ReturnType<typeof selectEntry>>(q: Q, query: TimeEntryListQuery): Q {
  let r = q;
  if (query.from !== undefined) r = r.where('te.date', '>=', query.from) as Q;
  if (query.to !== undefined) r = r.where('te.date', '<=', query.to) as Q;
  if (query.projectId !== undefined) r = r.where('te.projectId', '=', query.projectId) as Q;
  if (query.clientId !== undefined) r = r.where('pr.clientId', '=', query.clientId) as Q;
  if (query.taskId !== undefined) r = r.where('te.taskId', '=', query.taskId) as Q;
  if (query.userId !== undefined) r = r.where('te.userId', '=', query.userId) as Q;
  if (query.invoiceId !== undefined) r = r.where('te.invoiceId', '=', query.invoiceId) as Q;
  if (query.billed === true) r = r.where('te.invoiceId', 'is not', null) as Q;
  if (query.billed === false || query.unbilled) r = r.where('te.invoiceId', 'is', null) as Q;
  if (query.approved) r = r.where(inApprovedWeek) as Q;
  if (query.search) {
    const pattern = containsPattern(query.search);
    r = r.where((eb) =>
      eb.or([
        eb('te.description', 'ilike', pattern),
        eb('pr.name', 'ilike', pattern),
        eb('tk.title', 'ilike', pattern),
      ]),
    ) as Q;
  }
  return r;
}

/**
 * Entries, most recent work first, with the size, hours and money (hours × the rate stored
 * on each entry, summed in SQL) of the whole filtered log. On the embedded database the
 * totals are remembered until the next write, like a list's count.
 */
export async function listTimeEntries(
  db: Database,
  workspaceId: number,
  query: TimeEntryListQuery,
) {
  const page = { limit: query.limit, offset: query.offset };
  const totals = timeEntryTotals(db, workspaceId, query);
  const compiled = totals.compile();
  // The page and the sums at once (on PostgreSQL two connections answer them together).
  const [rows, sums] = await Promise.all([
    readInSlices(
      db,
      page,
      (slice) => timeEntriesPage(db, workspaceId, query, slice).execute(),
      true,
    ),
    rememberedRead(db, `time-totals:${compiled.sql}:${JSON.stringify(compiled.parameters)}`, () =>
      totals.executeTakeFirstOrThrow(),
    ),
  ]);
  return { items: rows.map(toEntry), ...sums };
}

/** One read of a time log page (readInSlices may cut a page into several). */
export function timeEntriesPage(
  db: Database,
  workspaceId: number,
  query: TimeEntryListQuery,
  { after: id, ...slice }: Slice,
) {
  const q = filtered(selectEntry(db, workspaceId), query)
    .orderBy('te.date', 'desc')
    .orderBy('te.createdAt', 'desc')
    .orderBy('te.id', 'desc');
  return paginate(
    id === undefined
      ? q
      : q.where(
          sql<SqlBool>`(te.date, te.created_at, te.id) < (select a.date, a.created_at, a.id from time_entries a where a.workspace_id = te.workspace_id and a.id = ${id})`,
        ),
    slice,
  );
}

/** The size, hours and money of the whole filtered log (listTimeEntries). */
export function timeEntryTotals(db: Database, workspaceId: number, query: TimeEntryListQuery) {
  return filtered(selectEntry(db, workspaceId), query)
    .clearSelect()
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<string>`coalesce(sum(te.hours), 0)::numeric(14, 2)::text`.as('totalHours'),
      sql<string>`coalesce(sum(round(te.hours * te.rate, 2)), 0)::numeric(16, 2)::text`.as(
        'totalAmount',
      ),
    ]);
}

/** A task of this project and workspace, if there is one. */
export async function findProjectTask(
  db: Database,
  workspaceId: number,
  projectId: number,
  taskId: number,
) {
  return db
    .selectFrom('tasks')
    .select(['id', 'projectId', 'title'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', taskId)
    .executeTakeFirst()
    .then((task) => (task && task.projectId === projectId ? task : undefined));
}

export async function findTimeEntry(db: Database, workspaceId: number, id: number) {
  const row = await selectEntry(db, workspaceId).where('te.id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

export async function insertTimeEntry(
  db: Database,
  workspaceId: number,
  values: TimeEntryColumns & {
    projectId: number;
    rate: string;
    hours: string;
    date: string;
    userId: number;
  },
) {
  const row = await db
    .insertInto('timeEntries')
    .values({ ...values, workspaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes an entry no invoice has billed. `invoice_id is null` is part of the UPDATE's own
 * condition: racing a billing of the entry, either the edit commits first and is billed
 * as edited, or it finds the entry billed and changes nothing (false).
 */
export async function updateTimeEntry(
  db: Database,
  workspaceId: number,
  id: number,
  values: TimeEntryColumns,
): Promise<boolean> {
  const result = await db
    .updateTable('timeEntries')
    // Nothing to change still answers whether the entry may change.
    .set(Object.keys(values).length > 0 ? values : { isTimer: sql<boolean>`is_timer` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('invoiceId', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes an entry no invoice has billed (false when it is billed, like the update). */
export async function deleteTimeEntry(
  db: Database,
  workspaceId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('timeEntries')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('invoiceId', 'is', null)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// The running timer: one per user per workspace, timed by the database clock so every
// server agrees on it.

export async function findTimer(
  db: Database,
  workspaceId: number,
  userId: number,
): Promise<Timer | null> {
  const row = await db
    .selectFrom('timers as t')
    .innerJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 't.workspaceId').onRef('pr.id', '=', 't.projectId'),
    )
    .leftJoin('tasks as tk', (j) =>
      j.onRef('tk.workspaceId', '=', 't.workspaceId').onRef('tk.id', '=', 't.taskId'),
    )
    .select([
      't.projectId',
      'pr.name as projectName',
      't.taskId',
      'tk.title as taskTitle',
      't.description',
      't.elapsedSeconds',
      't.startedAt',
    ])
    .where('t.workspaceId', '=', workspaceId)
    .where('t.userId', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    projectId: row.projectId,
    project: { name: row.projectName },
    taskId: row.taskId,
    task:
      row.taskId !== null && row.taskTitle !== null
        ? { id: row.taskId, title: row.taskTitle }
        : null,
    description: row.description,
    elapsedSeconds: row.elapsedSeconds,
    startedAt: iso(row.startedAt),
  };
}

/**
 * Starts a new timer, or resumes the paused one on the same project; a task or description
 * sent with a resume replaces the timer's.
 */
export async function startTimer(
  db: Database,
  workspaceId: number,
  userId: number,
  projectId: number,
  details: TimerDetails = {},
) {
  await db
    .insertInto('timers')
    .values({ workspaceId, userId, projectId, startedAt: sql<Date>`now()`, ...details })
    .onConflict((oc) =>
      oc
        .columns(['workspaceId', 'userId'])
        .doUpdateSet({ startedAt: sql<Date>`coalesce(timers.started_at, now())`, ...details })
        .where('timers.projectId', '=', projectId),
    )
    .execute();
}

/** Changes the task or description of the member's timer; false when there is none. */
export async function updateTimer(
  db: Database,
  workspaceId: number,
  userId: number,
  details: TimerDetails,
): Promise<boolean> {
  const result = await db
    .updateTable('timers')
    .set(Object.keys(details).length > 0 ? details : { userId })
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function pauseTimer(db: Database, workspaceId: number, userId: number) {
  await db
    .updateTable('timers')
    .set({
      elapsedSeconds: sql<number>`elapsed_seconds + floor(extract(epoch from now() - started_at))::int`,
      startedAt: null,
    })
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .where('startedAt', 'is not', null)
    .execute();
}

/** Removes the timer and answers its project, task, description and total seconds. */
export async function takeTimer(db: Database, workspaceId: number, userId: number) {
  return db
    .deleteFrom('timers')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .returning([
      'projectId',
      'taskId',
      'description',
      sql<number>`elapsed_seconds + coalesce(floor(extract(epoch from now() - started_at))::int, 0)`.as(
        'seconds',
      ),
    ])
    .executeTakeFirst();
}
