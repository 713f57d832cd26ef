import { TRPCError } from '@trpc/server';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { Database } from '../../db/create-db.ts';
import { findProject, refreshProjectTotals } from '../projects/projects.repository.ts';
import * as repo from './time.repository.ts';

const NOT_FOUND = 'Time entry not found';

/** Who may change anyone's time; others change their own. */
const TIME_MANAGERS: WorkspaceRole[] = ['owner', 'partner', 'administrator', 'project_manager'];

interface Actor {
  workspaceId: number;
  userId: number;
  role: WorkspaceRole;
}

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

/** Logs time as the signed-in user; the project's totals change in the same transaction. */
export async function logTime(
  db: Database,
  actor: Actor,
  values: repo.TimeEntryValues & { projectId: number; hours: string; date: string },
) {
  await requireProject(db, actor.workspaceId, values.projectId);
  const id = await db.transaction().execute(async (trx) => {
    const entryId = await repo.insertTimeEntry(trx, actor.workspaceId, {
      ...values,
      userId: actor.userId,
    });
    await refreshProjectTotals(trx, actor.workspaceId, values.projectId);
    return entryId;
  });
  return (await repo.findTimeEntry(db, actor.workspaceId, id))!;
}

async function editableEntry(db: Database, actor: Actor, id: number) {
  const entry = await repo.findTimeEntry(db, actor.workspaceId, id);
  if (!entry) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  if (entry.userId !== actor.userId && !TIME_MANAGERS.includes(actor.role)) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'You can only change your own time entries',
    });
  }
  if (entry.invoiceId !== null) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'This time has been invoiced and cannot be changed',
    });
  }
  return entry;
}

export async function updateEntry(
  db: Database,
  actor: Actor,
  id: number,
  values: repo.TimeEntryValues,
) {
  const entry = await editableEntry(db, actor, id);
  if (values.projectId !== undefined) await requireProject(db, actor.workspaceId, values.projectId);
  await db.transaction().execute(async (trx) => {
    await repo.updateTimeEntry(trx, actor.workspaceId, id, values);
    await refreshProjectTotals(trx, actor.workspaceId, entry.projectId);
    if (values.projectId !== undefined && values.projectId !== entry.projectId) {
      await refreshProjectTotals(trx, actor.workspaceId, values.projectId);
    }
  });
  return (await repo.findTimeEntry(db, actor.workspaceId, id))!;
}

export async function deleteEntry(db: Database, actor: Actor, id: number) {
  const entry = await editableEntry(db, actor, id);
  await db.transaction().execute(async (trx) => {
    await repo.deleteTimeEntry(trx, actor.workspaceId, id);
    await refreshProjectTotals(trx, actor.workspaceId, entry.projectId);
  });
  return { success: true as const };
}

export async function startTimer(db: Database, actor: Actor, projectId: number) {
  await requireProject(db, actor.workspaceId, projectId, true);
  const current = await repo.findTimer(db, actor.workspaceId, actor.userId);
  if (current && current.projectId !== projectId) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `Stop the timer on ${current.project.name} first`,
    });
  }
  await repo.startTimer(db, actor.workspaceId, actor.userId, projectId);
  return (await repo.findTimer(db, actor.workspaceId, actor.userId))!;
}

export async function pauseTimer(db: Database, actor: Actor) {
  await repo.pauseTimer(db, actor.workspaceId, actor.userId);
  const timer = await repo.findTimer(db, actor.workspaceId, actor.userId);
  if (!timer) throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
  return timer;
}

/**
 * 'Stop & Log' (SPEC §4): logs seconds/3600 at two decimals when any time has run, as
 * 'Timer session', then resets. Answers the logged entry, or null when nothing ran.
 */
export async function stopTimer(db: Database, actor: Actor, date: string) {
  const id = await db.transaction().execute(async (trx) => {
    const timer = await repo.takeTimer(trx, actor.workspaceId, actor.userId);
    if (!timer) throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
    if (timer.seconds <= 0) return null;
    const entryId = await repo.insertTimeEntry(trx, actor.workspaceId, {
      projectId: timer.projectId,
      userId: actor.userId,
      hours: (timer.seconds / 3600).toFixed(2),
      date,
      description: 'Timer session',
      isTimer: true,
    });
    await refreshProjectTotals(trx, actor.workspaceId, timer.projectId);
    return entryId;
  });
  return id === null ? null : (await repo.findTimeEntry(db, actor.workspaceId, id))!;
}

export async function discardTimer(db: Database, actor: Actor) {
  const timer = await repo.takeTimer(db, actor.workspaceId, actor.userId);
  if (!timer) throw new TRPCError({ code: 'NOT_FOUND', message: 'No timer is running' });
  return { success: true as const };
}
