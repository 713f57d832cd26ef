import { tz } from '@date-fns/tz';
import { addWeeks, format, parseISO, startOfWeek } from 'date-fns';
import { TRPCError } from '@trpc/server';
import { todayIn } from '../../../shared/datetime.ts';
import type { Resourcing, ResourcingMember } from '../../../shared/resourcing.schema.ts';
import { RESOURCE_PLANNERS, type WorkspaceRole } from '../../../shared/roles.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import * as repo from './resourcing.repository.ts';

const isPlanner = (role: WorkspaceRole) =>
  (RESOURCE_PLANNERS as readonly WorkspaceRole[]).includes(role);

/** The Monday on or before a YYYY-MM-DD day. */
const mondayOf = (day: string) =>
  format(startOfWeek(parseISO(day), { weekStartsOn: 1 }), 'yyyy-MM-dd');

/**
 * Resourcing (issue 22): per member per week, capacity against hours logged and open task
 * estimates. Planners (RESOURCE_PLANNERS) see every active member; others their own line.
 * Weeks run Monday to Sunday; "this week" is the workspace's (its time zone), and open
 * tasks without a due date count in it, since that is when they are still to be done.
 */
export async function getResourcing(
  { db, workspace: { id: workspaceId }, user, role }: WorkspaceScope,
  query: { from?: string; weeks: number },
): Promise<Resourcing> {
  const { timezone } = await findProfile(db, workspaceId);
  const currentWeek = mondayOf(todayIn(timezone));
  const from = query.from ? mondayOf(query.from) : currentWeek;
  const weeks = Array.from({ length: query.weeks }, (_, i) =>
    format(addWeeks(parseISO(from), i, { in: tz('UTC') }), 'yyyy-MM-dd'),
  );
  const rows = await repo.weeklyLoad(db, workspaceId, {
    from,
    weeks: query.weeks,
    currentWeek,
    ...(isPlanner(role) ? {} : { onlyUserId: user.id }),
  });
  const members: ResourcingMember[] = [];
  for (const row of rows) {
    let member = members.at(-1);
    if (member?.userId !== row.userId) {
      member = {
        userId: row.userId,
        fullName: row.fullName,
        capacityHours: row.capacityHours,
        weeks: [],
      };
      members.push(member);
    }
    member.weeks.push({
      weekStart: row.weekStart,
      loggedHours: row.loggedHours,
      plannedHours: row.plannedHours,
      bookedHours: row.bookedHours,
      overbooked: row.overbooked,
    });
  }
  return { from, weeks, currentWeek, members };
}

/** Planners set any member's weekly capacity, their own included. */
export async function setCapacity(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  userId: number,
  capacityHours: string,
) {
  if (!(await repo.setCapacity(db, workspaceId, userId, capacityHours)))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Member not found' });
  return { success: true as const, userId, capacityHours };
}
