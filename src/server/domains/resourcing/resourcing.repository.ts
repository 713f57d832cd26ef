import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';

export interface WeekRow {
  userId: number;
  fullName: string;
  capacityHours: string;
  weekStart: string;
  loggedHours: string;
  plannedHours: string;
  bookedHours: string;
  overbooked: boolean;
}

/**
 * Each active member (or only `onlyUserId`) for each of `weeks` weeks from the Monday
 * `from`: hours logged that week, estimates of their open tasks due that week (a task
 * without a due date counts in `currentWeek`; tasks in a done status do not count), and
 * whether the two together pass the member's capacity. All sums and the comparison in
 * numeric arithmetic.
 */
export async function weeklyLoad(
  db: Database,
  workspaceId: number,
  options: { from: string; weeks: number; currentWeek: string; onlyUserId?: number },
): Promise<WeekRow[]> {
  const { from, weeks, currentWeek } = options;
  const only = options.onlyUserId ?? null;
  const { rows } = await sql<WeekRow>`
    with weeks as (
      select (${from}::date + 7 * n)::date as week_start
      from generate_series(0, ${weeks - 1}::int) as n
    ),
    members as (
      select uw.user_id, u.full_name, uw.capacity_hours
      from user_workspaces uw join users u on u.id = uw.user_id
      where uw.workspace_id = ${workspaceId} and uw.is_active and u.is_active
        and (${only}::int is null or uw.user_id = ${only}::int)
    ),
    logged as (
      select te.user_id, date_trunc('week', te.date)::date as week_start, sum(te.hours) as hours
      from time_entries te
      where te.workspace_id = ${workspaceId}
        and te.date >= ${from}::date and te.date < ${from}::date + 7 * ${weeks}::int
      group by 1, 2
    ),
    planned as (
      select t.assigned_user_id as user_id,
        coalesce(date_trunc('week', t.due_date)::date, ${currentWeek}::date) as week_start,
        sum(t.estimate_hours) as hours
      from tasks t
      join task_statuses s on s.workspace_id = t.workspace_id and s.key = t.status
      where t.workspace_id = ${workspaceId} and t.assigned_user_id is not null
        and t.estimate_hours is not null and not s.is_done
      group by 1, 2
    )
    select m.user_id as "userId", m.full_name as "fullName",
      m.capacity_hours::text as "capacityHours",
      to_char(w.week_start, 'YYYY-MM-DD') as "weekStart",
      coalesce(l.hours, 0)::numeric(12, 2)::text as "loggedHours",
      coalesce(p.hours, 0)::numeric(12, 2)::text as "plannedHours",
      (coalesce(l.hours, 0) + coalesce(p.hours, 0))::numeric(12, 2)::text as "bookedHours",
      (coalesce(l.hours, 0) + coalesce(p.hours, 0)) > m.capacity_hours as overbooked
    from members m
    cross join weeks w
    left join logged l on l.user_id = m.user_id and l.week_start = w.week_start
    left join planned p on p.user_id = m.user_id and p.week_start = w.week_start
    order by m.full_name, m.user_id, w.week_start`.execute(db);
  return rows;
}

/** Sets a member's weekly capacity; false when they are not a member of the workspace. */
export async function setCapacity(
  db: Database,
  workspaceId: number,
  userId: number,
  capacityHours: string,
) {
  const result = await db
    .updateTable('userWorkspaces')
    .set({ capacityHours })
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
