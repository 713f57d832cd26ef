import { TRPCError } from '@trpc/server';
import { sql, type SqlBool } from 'kysely';
import { weekStartOf } from '../../../shared/timesheets.schema.ts';
import type { Database } from '../../db/create-db.ts';

export const LOCKED_MESSAGE = "This week's timesheet is approved and locked";

/**
 * Refuses (409) a change to a member's time on `date` when that week's timesheet is
 * approved. Run it in the transaction of the write: the timesheet row is read FOR SHARE,
 * so an approval racing the write waits for it to commit (the entry is then part of what
 * was approved), and a write after an approval waits for it and sees the week locked.
 */
export async function assertWeekOpen(
  db: Database,
  workspaceId: number,
  userId: number,
  date: string,
): Promise<void> {
  const row = await db
    .selectFrom('timesheets')
    .select('status')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .where('weekStart', '=', weekStartOf(date))
    .forShare()
    .executeTakeFirst();
  if (row?.status === 'approved') {
    throw new TRPCError({ code: 'CONFLICT', message: LOCKED_MESSAGE });
  }
}

/**
 * Whether the entry `te` (time_entries as te) is in an approved week of its member: the
 * time an invoice may bill when the workspace invoices only approved time.
 */
export const inApprovedWeek = sql<SqlBool>`exists (select 1 from timesheets ts
  where ts.workspace_id = te.workspace_id and ts.user_id = te.user_id
    and ts.status = 'approved' and ts.week_start = date_trunc('week', te.date::timestamp)::date)`;

/**
 * How many of these entries are not in an approved week of their member (invoices may
 * bill approved time only).
 */
export async function countUnapprovedEntries(
  db: Database,
  workspaceId: number,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  // The approved weeks these entries are in stay approved until the billing commits: an
  // unlock racing it waits (and then finds the entries billed, so still unchangeable).
  await db
    .selectFrom('timesheets as ts')
    .select('ts.id')
    .where('ts.workspaceId', '=', workspaceId)
    .where('ts.status', '=', 'approved')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('timeEntries as te')
          .select(sql`1`.as('one'))
          .whereRef('te.workspaceId', '=', 'ts.workspaceId')
          .whereRef('te.userId', '=', 'ts.userId')
          .where('te.id', 'in', ids)
          .where(sql<SqlBool>`ts.week_start = date_trunc('week', te.date::timestamp)::date`),
      ),
    )
    .forShare()
    .execute();
  const row = await db
    .selectFrom('timeEntries as te')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('te.workspaceId', '=', workspaceId)
    .where('te.id', 'in', ids)
    .where(sql<SqlBool>`not ${inApprovedWeek}`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
