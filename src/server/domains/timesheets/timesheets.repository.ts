import { sql } from 'kysely';
import { TIMESHEET_MANAGERS, type TimesheetStatus } from '../../../shared/timesheets.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import { membersOf } from '../team/team.repository.ts';

/** A member of the workspace (active or not: their past weeks stay reviewable). */
export async function findMember(db: Database, workspaceId: number, userId: number) {
  return membersOf(db, workspaceId)
    .select(['u.id', 'u.fullName'])
    .where('uw.userId', '=', userId)
    .executeTakeFirst();
}

/** Active members other than `userId` whose role reviews timesheets. */
export async function countOtherReviewers(db: Database, workspaceId: number, userId: number) {
  const row = await db
    .selectFrom('userWorkspaces')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('workspaceId', '=', workspaceId)
    .where('isActive', '=', true)
    .where('userId', '!=', userId)
    .where('role', 'in', [...TIMESHEET_MANAGERS])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findTimesheet(
  db: Database,
  workspaceId: number,
  userId: number,
  weekStart: string,
) {
  const row = await db
    .selectFrom('timesheets as ts')
    .leftJoin('users as r', 'r.id', 'ts.reviewedBy')
    .select([
      'ts.status',
      'ts.comment',
      'ts.submittedAt',
      'ts.reviewedAt',
      'ts.reviewedBy',
      'r.fullName as reviewerName',
    ])
    .where('ts.workspaceId', '=', workspaceId)
    .where('ts.userId', '=', userId)
    .where('ts.weekStart', '=', weekStart)
    .executeTakeFirst();
  if (!row) return null;
  return {
    status: row.status as TimesheetStatus,
    comment: row.comment,
    submittedAt: row.submittedAt && iso(row.submittedAt),
    reviewedAt: row.reviewedAt && iso(row.reviewedAt),
    reviewer:
      row.reviewedBy !== null && row.reviewerName !== null
        ? { id: row.reviewedBy, fullName: row.reviewerName }
        : null,
  };
}

/** The member's entries dated within [from, to], with their project and task names. */
export async function weekEntries(
  db: Database,
  workspaceId: number,
  userId: number,
  from: string,
  to: string,
) {
  return db
    .selectFrom('timeEntries as te')
    .innerJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 'te.workspaceId').onRef('pr.id', '=', 'te.projectId'),
    )
    .leftJoin('tasks as tk', (j) =>
      j.onRef('tk.workspaceId', '=', 'te.workspaceId').onRef('tk.id', '=', 'te.taskId'),
    )
    .select([
      'te.id',
      'te.projectId',
      'te.taskId',
      'te.date',
      'te.hours',
      'te.invoiceId',
      'pr.name as projectName',
      'tk.title as taskTitle',
    ])
    .where('te.workspaceId', '=', workspaceId)
    .where('te.userId', '=', userId)
    .where('te.date', '>=', from)
    .where('te.date', '<=', to)
    .orderBy('pr.name')
    .orderBy('te.projectId')
    .orderBy('tk.title')
    .orderBy('te.id')
    .execute();
}

/** The entries of one grid cell, oldest first. */
export async function cellEntries(
  db: Database,
  workspaceId: number,
  userId: number,
  cell: { date: string; projectId: number; taskId: number | null },
) {
  let q = db
    .selectFrom('timeEntries')
    .select(['id', 'hours', 'invoiceId'])
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .where('date', '=', cell.date)
    .where('projectId', '=', cell.projectId);
  q = cell.taskId === null ? q.where('taskId', 'is', null) : q.where('taskId', '=', cell.taskId);
  return q.orderBy('id').execute();
}

export async function findTask(db: Database, workspaceId: number, taskId: number) {
  return db
    .selectFrom('tasks')
    .select(['id', 'projectId'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', taskId)
    .executeTakeFirst();
}

/**
 * Moves a week from one of `from` to `to`, in one statement (the week's row is made when it
 * has none and `open` is among `from`). Answers false when the week was in another status.
 */
export async function transition(
  db: Database,
  workspaceId: number,
  userId: number,
  weekStart: string,
  from: TimesheetStatus[],
  to: TimesheetStatus,
  values: { comment?: string | null; reviewedBy?: number | null; submitted?: boolean },
): Promise<boolean> {
  const set = {
    status: to,
    comment: values.comment ?? null,
    updatedAt: sql<Date>`now()`,
    ...(values.submitted
      ? { submittedAt: sql<Date>`now()`, reviewedBy: null, reviewedAt: null }
      : {}),
    ...(values.reviewedBy !== undefined
      ? { reviewedBy: values.reviewedBy, reviewedAt: sql<Date>`now()` }
      : {}),
  };
  if (from.includes('open')) {
    const inserted = await db
      .insertInto('timesheets')
      .values({ workspaceId, userId, weekStart, ...set })
      .onConflict((oc) =>
        oc
          .columns(['workspaceId', 'userId', 'weekStart'])
          .doUpdateSet(set)
          .where('timesheets.status', 'in', from),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  const result = await db
    .updateTable('timesheets')
    .set(set)
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .where('weekStart', '=', weekStart)
    .where('status', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Weeks submitted and waiting for a review, oldest first, with their hours. */
export async function listPending(db: Database, workspaceId: number) {
  const rows = await db
    .selectFrom('timesheets as ts')
    .innerJoin('users as u', 'u.id', 'ts.userId')
    .select([
      'ts.userId',
      'u.fullName',
      'ts.weekStart',
      'ts.submittedAt',
      sql<string>`coalesce((select sum(te.hours) from time_entries te
        where te.workspace_id = ts.workspace_id and te.user_id = ts.user_id
          and te.date between ts.week_start and ts.week_start + 6), 0)::numeric(12, 2)::text`.as(
        'total',
      ),
    ])
    .where('ts.workspaceId', '=', workspaceId)
    .where('ts.status', '=', 'submitted')
    .orderBy('ts.weekStart')
    .orderBy('u.fullName')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    userId: r.userId,
    user: { fullName: r.fullName },
    weekStart: r.weekStart,
    submittedAt: r.submittedAt && iso(r.submittedAt),
    total: r.total,
  }));
}
