import { TRPCError } from '@trpc/server';
import { roundTimerSeconds } from '../../../shared/business.schema.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { TimeEntryValues, TimerDetails } from '../../../shared/time.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import { findProject, refreshProjectTotals } from '../projects/projects.repository.ts';
import { resolveRates } from '../rates/rates.repository.ts';
import { assertWeekOpen } from '../timesheets/week-lock.ts';
import * as repo from './time.repository.ts';

const NOT_FOUND = 'Time entry not found';

/** Who may change anyone's time; others change their own. */
const TIME_MANAGERS: WorkspaceRole[] = ['owner', 'partner', 'administrator', 'project_manager'];

async function requireProject(
  db: Database,
  workspaceId: number,
  projectId: number,
  activeOnly = false,
) {
  const project = await findProject(db, workspaceId, projectId);
  if (!project) throw new TRPCError({ code: 'NOT_FOUND', message: 'Project not found' });
  if (activeOnly && project.status !== 'active') {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'Time can only be tracked on an active project',
    });
  }
  return project;
}

/** A task named with time must be one of the project's (404 otherwise, whatever hides it). */
async function requireTask(
  db: Database,
  workspaceId: number,
  projectId: number,
  taskId: number | null | undefined,
) {
  if (taskId === null || taskId === undefined) return;
  if (!(await repo.findProjectTask(db, workspaceId, projectId, taskId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Task not found on this project' });
  }
}

/** Logs time as the signed-in user; the project's totals change in the same transaction. */
export async function logTime(
  scope: WorkspaceScope,
  values: TimeEntryValues & { projectId: number; hours: string; date: string },
) {
  const { db } = scope;
  await requireProject(db, scope.workspace.id, values.projectId);
  await requireTask(db, scope.workspace.id, values.projectId, values.taskId);
  const id = await db.transaction().execute(async (trx) => {
    await assertWeekOpen(trx, scope.workspace.id, scope.user.id, values.date);
    // The rates in force for this member, project and day are stored on the entry.
    const rates = (await resolveRates(trx, scope.workspace.id, {
      userId: scope.user.id,
      projectId: values.projectId,
      date: values.date,
    }))!;
    const entryId = await repo.insertTimeEntry(trx, scope.workspace.id, {
      ...values,
      rate: rates.billableRate,
      costRate: rates.costRate,
      userId: scope.user.id,
    });
    await refreshProjectTotals(trx, scope.workspace.id, values.projectId);
    return entryId;
  });
  return (await repo.findTimeEntry(db, scope.workspace.id, id))!;
}

async function editableEntry(scope: WorkspaceScope, id: number) {
  const { db } = scope;
  const entry = await repo.findTimeEntry(db, scope.workspace.id, id);
  if (!entry) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  if (entry.userId !== scope.user.id && !TIME_MANAGERS.includes(scope.role)) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'You can only change your own time entries',
    });
  }
  if (entry.invoiceId !== null) throw invoiced();
  return entry;
}

const invoiced = () =>
  new TRPCError({
    code: 'CONFLICT',
    message: 'This time has been invoiced and cannot be changed',
  });

export async function updateEntry(scope: WorkspaceScope, id: number, values: TimeEntryValues) {
  const { db } = scope;
  const entry = await editableEntry(scope, id);
  if (values.projectId !== undefined && values.projectId !== entry.projectId) {
    await requireProject(db, scope.workspace.id, values.projectId);
  }
  // Moved to another project or day, the entry takes the rates in force there.
  const rates =
    (values.projectId !== undefined && values.projectId !== entry.projectId) ||
    (values.date !== undefined && values.date !== entry.date)
      ? await resolveRates(db, scope.workspace.id, {
          userId: entry.userId,
          projectId: values.projectId ?? entry.projectId,
          date: values.date ?? entry.date,
        })
      : undefined;
  const projectId = values.projectId ?? entry.projectId;
  await requireTask(db, scope.workspace.id, projectId, values.taskId);
  // Moved to another project without a task of it, the entry leaves its old project's task.
  const taskId =
    values.taskId === undefined && projectId !== entry.projectId && entry.taskId !== null
      ? { taskId: null }
      : {};
  await db.transaction().execute(async (trx) => {
    // Neither out of nor into a week whose timesheet is approved.
    await assertWeekOpen(trx, scope.workspace.id, entry.userId, entry.date);
    if (values.date !== undefined && values.date !== entry.date) {
      await assertWeekOpen(trx, scope.workspace.id, entry.userId, values.date);
    }
    const changed = await repo.updateTimeEntry(trx, scope.workspace.id, id, {
      ...values,
      // Hours typed over a rounded run are no longer what the timer's rounding made.
      ...(values.hours !== undefined && values.hours !== entry.hours
        ? { roundedFromSeconds: null }
        : {}),
      ...taskId,
      ...(rates ? { rate: rates.billableRate, costRate: rates.costRate } : {}),
    });
    if (!changed) throw invoiced();
    await refreshProjectTotals(trx, scope.workspace.id, entry.projectId);
    if (values.projectId !== undefined && values.projectId !== entry.projectId) {
      await refreshProjectTotals(trx, scope.workspace.id, values.projectId);
    }
  });
  return (await repo.findTimeEntry(db, scope.workspace.id, id))!;
}

export async function deleteEntry(scope: WorkspaceScope, id: number) {
  const { db } = scope;
  const entry = await editableEntry(scope, id);
  await db.transaction().execute(async (trx) => {
    await assertWeekOpen(trx, scope.workspace.id, entry.userId, entry.date);
    if (!(await repo.deleteTimeEntry(trx, scope.workspace.id, id))) throw invoiced();
    await refreshProjectTotals(trx, scope.workspace.id, entry.projectId);
  });
  return { success: true as const };
}

export async function startTimer(
  scope: WorkspaceScope,
  { projectId, ...details }: TimerDetails & { projectId: number },
) {
  const { db } = scope;
  await requireProject(db, scope.workspace.id, projectId, true);
  await requireTask(db, scope.workspace.id, projectId, details.taskId);
  const current = await repo.findTimer(db, scope.workspace.id, scope.user.id);
  if (current && current.projectId !== projectId) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `Stop the timer on ${current.project.name} first`,
    });
  }
  await repo.startTimer(db, scope.workspace.id, scope.user.id, projectId, details);
  return (await repo.findTimer(db, scope.workspace.id, scope.user.id))!;
}

/** Names another task or description on the running or paused timer. */
export async function updateTimer(scope: WorkspaceScope, details: TimerDetails) {
  const { db } = scope;
  const current = await repo.findTimer(db, scope.workspace.id, scope.user.id);
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
  await requireTask(db, scope.workspace.id, current.projectId, details.taskId);
  if (!(await repo.updateTimer(db, scope.workspace.id, scope.user.id, details))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
  }
  return (await repo.findTimer(db, scope.workspace.id, scope.user.id))!;
}

export async function pauseTimer(scope: WorkspaceScope) {
  const { db } = scope;
  await repo.pauseTimer(db, scope.workspace.id, scope.user.id);
  const timer = await repo.findTimer(db, scope.workspace.id, scope.user.id);
  if (!timer) throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
  return timer;
}

/**
 * 'Stop & Log' (SPEC §4): logs seconds/3600 at two decimals when any time has run, with the
 * timer's task and description ('Timer session' without one), then resets. Answers the
 * logged entry, or null when nothing ran. The seconds are first rounded as the workspace
 * says (Settings → Business, roundTimerSeconds); when that changed them the entry keeps
 * the seconds that ran, to show what it was rounded from. Invoices bill the stored hours.
 */
export async function stopTimer(scope: WorkspaceScope, date: string) {
  const { db } = scope;
  const id = await db.transaction().execute(async (trx) => {
    const timer = await repo.takeTimer(trx, scope.workspace.id, scope.user.id);
    if (!timer) throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
    if (timer.seconds <= 0) return null;
    // Refused, the transaction rolls back and the timer keeps running.
    await assertWeekOpen(trx, scope.workspace.id, scope.user.id, date);
    const rates = (await resolveRates(trx, scope.workspace.id, {
      userId: scope.user.id,
      projectId: timer.projectId,
      date,
    }))!;
    const profile = await findProfile(trx, scope.workspace.id);
    const seconds = roundTimerSeconds(
      timer.seconds,
      profile.timeRoundingMinutes,
      profile.timeRoundingMode,
    );
    const entryId = await repo.insertTimeEntry(trx, scope.workspace.id, {
      projectId: timer.projectId,
      rate: rates.billableRate,
      costRate: rates.costRate,
      userId: scope.user.id,
      hours: (seconds / 3600).toFixed(2),
      roundedFromSeconds: seconds === timer.seconds ? null : timer.seconds,
      date,
      taskId: timer.taskId,
      description: timer.description ?? 'Timer session',
      isTimer: true,
    });
    await refreshProjectTotals(trx, scope.workspace.id, timer.projectId);
    return entryId;
  });
  return id === null ? null : (await repo.findTimeEntry(db, scope.workspace.id, id))!;
}

export async function discardTimer(scope: WorkspaceScope) {
  const { db } = scope;
  const timer = await repo.takeTimer(db, scope.workspace.id, scope.user.id);
  if (!timer) throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
  return { success: true as const };
}
