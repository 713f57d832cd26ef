import { sql, type SqlBool } from 'kysely';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { TimeEntry, Timer } from '../../../shared/time.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';

export interface TimeEntryValues {
  projectId?: number;
  /** The project's rate when the entry was logged (or moved to the project). */
  rate?: string;
  description?: string | null;
  hours?: string;
  date?: string;
  isTimer?: boolean;
}

function selectEntry(db: Database, workspaceId: number) {
  return db
    .selectFrom('timeEntries as te')
    .innerJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 'te.workspaceId').onRef('pr.id', '=', 'te.projectId'),
    )
    .innerJoin('users as u', 'u.id', 'te.userId')
    .where('te.workspaceId', '=', workspaceId)
    .select([
      'te.id',
      'te.projectId',
      'te.userId',
      'te.description',
      'te.hours',
      'te.date',
      'te.isTimer',
      'te.rate',
      'te.invoiceId',
      'te.createdAt',
      'pr.name as projectName',
      'pr.hourlyRate',
      'u.fullName as userName',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEntry>['execute']>>[number];

function toEntry({ projectName, hourlyRate, userName, ...r }: Row): TimeEntry {
  return {
    ...r,
    createdAt: iso(r.createdAt),
    project: { name: projectName, hourlyRate },
    user: { fullName: userName },
  };
}

/** Entries, most recent work first. */
export async function listTimeEntries(
  db: Database,
  workspaceId: number,
  query: ListQuery & { projectId?: number; invoiceId?: number; unbilled?: boolean },
) {
  let q = selectEntry(db, workspaceId);
  if (query.projectId !== undefined) q = q.where('te.projectId', '=', query.projectId);
  if (query.invoiceId !== undefined) q = q.where('te.invoiceId', '=', query.invoiceId);
  if (query.unbilled) q = q.where('te.invoiceId', 'is', null);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) =>
      eb.or([eb('te.description', 'ilike', pattern), eb('pr.name', 'ilike', pattern)]),
    );
  }
  q = q.orderBy('te.date', 'desc').orderBy('te.createdAt', 'desc').orderBy('te.id', 'desc');
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    (id) =>
      sql<SqlBool>`(te.date, te.created_at, te.id) < (select a.date, a.created_at, a.id from time_entries a where a.id = ${id})`,
  );
  return { items: rows.map(toEntry), total };
}

export async function findTimeEntry(db: Database, workspaceId: number, id: number) {
  const row = await selectEntry(db, workspaceId).where('te.id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

export async function insertTimeEntry(
  db: Database,
  workspaceId: number,
  values: TimeEntryValues & {
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
  values: TimeEntryValues,
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
    .select(['t.projectId', 'pr.name as projectName', 't.elapsedSeconds', 't.startedAt'])
    .where('t.workspaceId', '=', workspaceId)
    .where('t.userId', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    projectId: row.projectId,
    project: { name: row.projectName },
    elapsedSeconds: row.elapsedSeconds,
    startedAt: iso(row.startedAt),
  };
}

/** Starts a new timer, or resumes the paused one on the same project. */
export async function startTimer(
  db: Database,
  workspaceId: number,
  userId: number,
  projectId: number,
) {
  await db
    .insertInto('timers')
    .values({ workspaceId, userId, projectId, startedAt: sql<Date>`now()` })
    .onConflict((oc) =>
      oc
        .columns(['workspaceId', 'userId'])
        .doUpdateSet({ startedAt: sql<Date>`coalesce(timers.started_at, now())` })
        .where('timers.projectId', '=', projectId),
    )
    .execute();
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

/** Removes the timer and answers its project and total seconds. */
export async function takeTimer(db: Database, workspaceId: number, userId: number) {
  return db
    .deleteFrom('timers')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .returning([
      'projectId',
      sql<number>`elapsed_seconds + coalesce(floor(extract(epoch from now() - started_at))::int, 0)`.as(
        'seconds',
      ),
    ])
    .executeTakeFirst();
}
