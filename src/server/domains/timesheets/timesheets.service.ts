import { TRPCError } from '@trpc/server';
import { addDays, format, parseISO } from 'date-fns';
import { fromMinor, toMinor } from '../../../shared/invoice-math.ts';
import {
  managesTimesheets,
  weekStartOf,
  type Timesheet,
  type TimesheetRow,
  type TimesheetStatus,
} from '../../../shared/timesheets.schema.ts';
import type { Context, WorkspaceScope } from '../../trpc/context.ts';
import { recordActivity, type ActivityAction } from '../audit/audit.repository.ts';
import { timesheetReviewed, timesheetSubmitted } from '../notifications/notification-events.ts';
import { findProject } from '../projects/projects.repository.ts';
import * as time from '../time/time.service.ts';
import * as repo from './timesheets.repository.ts';
import { LOCKED_MESSAGE } from './week-lock.ts';

const hundredths = (hours: string) => toMinor(hours, 2);
const asHours = (minor: bigint) => fromMinor(minor, 2);

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

function weekDays(weekStart: string): string[] {
  const monday = parseISO(weekStart);
  return Array.from({ length: 7 }, (_, i) => format(addDays(monday, i), 'yyyy-MM-dd'));
}

async function requireMember(scope: WorkspaceScope, userId: number) {
  const member = await repo.findMember(scope.db, scope.workspace.id, userId);
  if (!member) throw new TRPCError({ code: 'NOT_FOUND', message: 'Member not found' });
  return member;
}

/**
 * A member's week: its status and the grid of their time, one row per project and task
 * with the hours of each day. Sums are exact (hundredths of an hour as integers).
 */
export async function getTimesheet(
  scope: WorkspaceScope,
  week: string,
  userId = scope.user.id,
): Promise<Timesheet> {
  const weekStart = weekStartOf(week);
  if (userId !== scope.user.id && !managesTimesheets(scope.role)) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: "Only roles that manage time can see another member's timesheet",
    });
  }
  const member = await requireMember(scope, userId);
  const days = weekDays(weekStart);
  const [sheet, entries] = await Promise.all([
    repo.findTimesheet(scope.db, scope.workspace.id, userId, weekStart),
    repo.weekEntries(scope.db, scope.workspace.id, userId, days[0]!, days[6]!),
  ]);

  const rows = new Map<
    string,
    {
      row: Omit<TimesheetRow, 'cells' | 'total'>;
      cells: { minor: bigint; entryIds: number[] }[];
    }
  >();
  for (const e of entries) {
    const key = `${e.projectId}:${e.taskId ?? ''}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        row: {
          projectId: e.projectId,
          projectName: e.projectName,
          taskId: e.taskId,
          taskTitle: e.taskId === null ? null : e.taskTitle,
        },
        cells: days.map(() => ({ minor: 0n, entryIds: [] })),
      };
      rows.set(key, row);
    }
    const cell = row.cells[days.indexOf(e.date)]!;
    cell.minor += hundredths(e.hours);
    cell.entryIds.push(e.id);
  }
  const dayTotals = days.map(() => 0n);
  let total = 0n;
  const gridRows: TimesheetRow[] = [...rows.values()].map(({ row, cells }) => {
    let rowTotal = 0n;
    cells.forEach((c, i) => {
      rowTotal += c.minor;
      dayTotals[i]! += c.minor;
    });
    total += rowTotal;
    return {
      ...row,
      cells: cells.map((c, i) => ({
        date: days[i]!,
        hours: asHours(c.minor),
        entryIds: c.entryIds,
      })),
      total: asHours(rowTotal),
    };
  });
  const status: TimesheetStatus = sheet?.status ?? 'open';
  return {
    userId,
    user: { fullName: member.fullName },
    weekStart,
    days,
    status,
    comment: sheet?.comment ?? null,
    submittedAt: sheet?.submittedAt ?? null,
    reviewedAt: sheet?.reviewedAt ?? null,
    reviewer: sheet?.reviewer ?? null,
    rows: gridRows,
    dayTotals: dayTotals.map(asHours),
    total: asHours(total),
    editable: userId === scope.user.id && (status === 'open' || status === 'rejected'),
  };
}

async function currentStatus(scope: WorkspaceScope, userId: number, weekStart: string) {
  return (
    (await repo.findTimesheet(scope.db, scope.workspace.id, userId, weekStart))?.status ?? 'open'
  );
}

/** Submits the caller's week for approval (open or rejected → submitted). */
export async function submitWeek(scope: WorkspaceScope & Pick<Context, 'jobs'>, week: string) {
  const weekStart = weekStartOf(week);
  const moved = await scope.db.transaction().execute(async (trx) => {
    const done = await repo.transition(
      trx,
      scope.workspace.id,
      scope.user.id,
      weekStart,
      ['open', 'rejected'],
      'submitted',
      { submitted: true },
    );
    const [workspaceId, actorUserId] = [scope.workspace.id, scope.user.id];
    if (done) await timesheetSubmitted(trx, scope.jobs, { workspaceId, actorUserId, weekStart });
    return done;
  });
  if (!moved) {
    const status = await currentStatus(scope, scope.user.id, weekStart);
    throw conflict(
      status === 'approved' ? LOCKED_MESSAGE : 'This week has already been submitted for approval',
    );
  }
  return getTimesheet(scope, weekStart);
}

/**
 * Reviewers (roles that manage time) review others' weeks. Their own week only when no
 * other active member reviews weeks: a freelancer alone (or an owner whose team are
 * collaborators) approves and locks their own time; where another manager is, they do.
 */
async function requireReviewer(scope: WorkspaceScope, userId: number) {
  if (!managesTimesheets(scope.role)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do this" });
  }
  const member = await requireMember(scope, userId);
  if (
    userId === scope.user.id &&
    (await repo.countOtherReviewers(scope.db, scope.workspace.id, userId)) > 0
  ) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Another manager reviews your own timesheet',
    });
  }
  return member;
}

type ReviewContext = WorkspaceScope & Pick<Context, 'req' | 'jobs'>;

async function review(
  ctx: ReviewContext,
  userId: number,
  week: string,
  move: {
    from: TimesheetStatus[];
    to: TimesheetStatus;
    comment?: string;
    action: ActivityAction;
    verb: string;
    refused: (status: TimesheetStatus) => string;
  },
) {
  const weekStart = weekStartOf(week);
  const member = await requireReviewer(ctx, userId);
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await repo.transition(
      trx,
      ctx.workspace.id,
      userId,
      weekStart,
      move.from,
      move.to,
      {
        comment: move.comment ?? null,
        reviewedBy: ctx.user.id,
      },
    );
    if (!moved) {
      const status =
        (await repo.findTimesheet(trx, ctx.workspace.id, userId, weekStart))?.status ?? 'open';
      throw conflict(move.refused(status));
    }
    await recordActivity(trx, {
      action: move.action,
      userId: ctx.user.id,
      workspaceId: ctx.workspace.id,
      details: `${move.verb} the timesheet of ${member.fullName} for the week of ${weekStart}${
        move.comment ? `: ${move.comment}` : ''
      }`,
      ipAddress: ctx.req.ip,
      userAgent: ctx.req.headers['user-agent']?.slice(0, 500) ?? null,
    });
    if (move.to === 'approved' || move.to === 'rejected') {
      await timesheetReviewed(trx, ctx.jobs, {
        workspaceId: ctx.workspace.id,
        actorUserId: ctx.user.id,
        memberId: userId,
        weekStart,
        approved: move.to === 'approved',
        note: move.comment,
      });
    }
  });
  return getTimesheet(ctx, weekStart, userId);
}

const notSubmitted = (verb: string) => (status: TimesheetStatus) =>
  status === 'approved'
    ? 'This week is already approved'
    : `Only a submitted week can be ${verb} (this one is ${status})`;

export const approveWeek = (ctx: ReviewContext, userId: number, week: string) =>
  review(ctx, userId, week, {
    from: ['submitted'],
    to: 'approved',
    action: 'timesheet_approved',
    verb: 'Approved',
    refused: notSubmitted('approved'),
  });

export const rejectWeek = (ctx: ReviewContext, userId: number, week: string, comment: string) =>
  review(ctx, userId, week, {
    from: ['submitted'],
    to: 'rejected',
    comment,
    action: 'timesheet_rejected',
    verb: 'Rejected',
    refused: notSubmitted('rejected'),
  });

export const unlockWeek = (ctx: ReviewContext, userId: number, week: string) =>
  review(ctx, userId, week, {
    from: ['approved'],
    to: 'open',
    action: 'timesheet_unlocked',
    verb: 'Unlocked',
    refused: (status) => `Only an approved week can be unlocked (this one is ${status})`,
  });

export async function listPending(scope: WorkspaceScope) {
  if (!managesTimesheets(scope.role)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do this" });
  }
  return repo.listPending(scope.db, scope.workspace.id);
}

/**
 * Sets the caller's hours in one cell of their week's grid (a project, or a task of it, on
 * a day), through the time service so rates and locks apply. A cell may hold several
 * entries (a timer session and time logged by hand): the difference is added to, or taken
 * from, the cell's latest unbilled entry (deleted when it reaches zero); a new entry is
 * logged when the cell has none to change. When that entry cannot absorb a decrease, the
 * cell is refused: its entries are edited one by one in the time log.
 */
export async function setCell(
  scope: WorkspaceScope,
  cell: { date: string; projectId: number; taskId?: number | null; hours: string },
) {
  const weekStart = weekStartOf(cell.date);
  // Another workspace's project is not found, whatever the week's state.
  if (!(await findProject(scope.db, scope.workspace.id, cell.projectId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Project not found' });
  }
  const status = await currentStatus(scope, scope.user.id, weekStart);
  if (status === 'approved') throw conflict(LOCKED_MESSAGE);
  if (status === 'submitted') {
    throw conflict(
      'This week is submitted for approval and cannot be changed until it is reviewed',
    );
  }
  // A task not of the project has no entries here, and logging onto it is refused (404).
  const taskId = cell.taskId ?? null;
  const entries = await repo.cellEntries(scope.db, scope.workspace.id, scope.user.id, {
    date: cell.date,
    projectId: cell.projectId,
    taskId,
  });
  const current = entries.reduce((sum, e) => sum + hundredths(e.hours), 0n);
  const delta = hundredths(cell.hours) - current;
  if (delta !== 0n) {
    const target = entries.findLast((e) => e.invoiceId === null);
    if (!target && delta > 0n) {
      await time.logTime(scope, {
        projectId: cell.projectId,
        ...(taskId !== null ? { taskId } : {}),
        hours: asHours(delta),
        date: cell.date,
        description: null,
      });
    } else {
      const next = target ? hundredths(target.hours) + delta : -1n;
      if (!target || next < 0n) {
        throw conflict(
          entries.some((e) => e.invoiceId !== null)
            ? 'Part of this time has been invoiced; change it in the time log'
            : 'This cell holds several entries; change them in the time log',
        );
      }
      if (next === 0n) await time.deleteEntry(scope, target.id);
      else await time.updateEntry(scope, target.id, { hours: asHours(next) });
    }
  }
  return getTimesheet(scope, weekStart);
}
