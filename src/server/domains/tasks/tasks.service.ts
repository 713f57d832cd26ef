import { TRPCError } from '@trpc/server';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import { stageKey } from '../../../shared/slug.ts';
import { todayIn } from '../../../shared/datetime.ts';
import {
  DEFAULT_TASK_STATUS,
  TASK_MANAGERS,
  type TaskListQuery,
  type TaskStatusInput,
  type TaskValues,
} from '../../../shared/tasks.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import type { Context, WorkspaceScope } from '../../trpc/context.ts';
import { taskAssigned } from '../notifications/notification-events.ts';
import { findProfile } from '../business/business.repository.ts';
import { findProject } from '../projects/projects.repository.ts';
import { isActiveMember } from '../team/team.repository.ts';
import * as repo from './tasks.repository.ts';

const NOT_FOUND = 'Task not found';
const STATUS_NOT_FOUND = 'Status not found';

const isManager = (role: WorkspaceRole) => TASK_MANAGERS.includes(role);

function requireManager(role: WorkspaceRole, message: string) {
  if (!isManager(role)) throw new TRPCError({ code: 'FORBIDDEN', message });
}

// Statuses

function statusInUseMessage(count: number) {
  return `${count} ${count === 1 ? 'task has' : 'tasks have'} this status. Move ${count === 1 ? 'it' : 'them'} to another status first.`;
}

export async function createTaskStatus(
  { db, workspace: { id: workspaceId }, role }: WorkspaceScope,
  input: { label: string; color: string; isDone: boolean },
) {
  requireManager(role, 'Only managers can change task statuses');
  const key = stageKey(input.label);
  if (!key) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Status name is required' });
  const duplicate = () =>
    new TRPCError({ code: 'CONFLICT', message: 'A status with this name already exists' });
  if (await repo.findTaskStatusByKey(db, workspaceId, key)) throw duplicate();
  return repo.insertTaskStatus(db, workspaceId, { ...input, key }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  });
}

/** Renames, recolours or marks a status as closing its tasks; its key stays. */
export async function updateTaskStatus(
  { db, workspace: { id: workspaceId }, role }: WorkspaceScope,
  { id, ...values }: Partial<TaskStatusInput> & { id: number },
) {
  requireManager(role, 'Only managers can change task statuses');
  const current = await repo.findTaskStatus(db, workspaceId, id);
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: STATUS_NOT_FOUND });
  // Done stays the status that closes a task: resourcing and the overdue filter rely on it.
  if (current.isSystem && values.isDone !== undefined && values.isDone !== current.isDone) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Whether a system status closes its tasks cannot be changed',
    });
  }
  return (await repo.updateTaskStatus(db, workspaceId, id, values))!;
}

/** System statuses stay; a status still holding tasks cannot go (409). */
export async function deleteTaskStatus(
  { db, workspace: { id: workspaceId }, role }: WorkspaceScope,
  id: number,
) {
  requireManager(role, 'Only managers can change task statuses');
  const status = await repo.findTaskStatus(db, workspaceId, id);
  if (!status) throw new TRPCError({ code: 'NOT_FOUND', message: STATUS_NOT_FOUND });
  if (status.isSystem) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: `${status.label} is a system status and cannot be deleted`,
    });
  }
  const count = await repo.countTasksInStatus(db, workspaceId, status.key);
  if (count > 0) throw new TRPCError({ code: 'CONFLICT', message: statusInUseMessage(count) });
  // The foreign key agrees when a task moved in meanwhile.
  await repo.deleteTaskStatus(db, workspaceId, id).catch(async (error: unknown) => {
    if (!isForeignKeyViolation(error)) throw error;
    const now = await repo.countTasksInStatus(db, workspaceId, status.key);
    throw new TRPCError({ code: 'CONFLICT', message: statusInUseMessage(now) });
  });
  return { success: true as const };
}

// Tasks

async function checkReferences(db: Database, workspaceId: number, values: TaskValues) {
  if (values.projectId !== undefined && !(await findProject(db, workspaceId, values.projectId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Project not found' });
  }
  if (values.assigneeId != null && !(await isActiveMember(db, workspaceId, values.assigneeId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  }
  if (
    values.status !== undefined &&
    !(await repo.findTaskStatusByKey(db, workspaceId, values.status))
  ) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Unknown status "${values.status.slice(0, 60)}"`,
    });
  }
}

function toValues({ assigneeId, ...values }: TaskValues): repo.TaskColumns {
  return assigneeId === undefined ? values : { ...values, assignedUserId: assigneeId };
}

export async function listTasks(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  query: TaskListQuery,
) {
  const today = todayIn((await findProfile(db, workspaceId)).timezone);
  return repo.listTasks(db, workspaceId, query, today);
}

export async function createTask(
  { db, jobs, workspace: { id: workspaceId }, user }: WorkspaceScope & Pick<Context, 'jobs'>,
  values: TaskValues & { title: string; projectId: number },
) {
  await checkReferences(db, workspaceId, values);
  const id = await db.transaction().execute(async (trx) => {
    const taskId = await repo.insertTask(trx, workspaceId, {
      ...toValues(values),
      title: values.title,
      projectId: values.projectId,
      status: values.status ?? DEFAULT_TASK_STATUS,
      createdBy: user.id,
    });
    const assigneeId = values.assigneeId;
    await taskAssigned(trx, jobs, { workspaceId, actorUserId: user.id, taskId, assigneeId });
    return taskId;
  });
  return (await repo.findTask(db, workspaceId, id))!;
}

/** The task as it is, if the caller may change it (403 otherwise). */
async function changeableTask(scope: WorkspaceScope, id: number, action: 'edit' | 'delete') {
  const task = await repo.lockTask(scope.db, scope.workspace.id, id);
  if (!task) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  if (isManager(scope.role)) return task;
  const mine =
    task.createdBy === scope.user.id ||
    (action === 'edit' && task.assignedUserId === scope.user.id);
  if (!mine) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message:
        action === 'edit'
          ? 'You can edit only the tasks you created or are assigned to'
          : 'You can delete only the tasks you created',
    });
  }
  return task;
}

export async function updateTask(
  scope: WorkspaceScope & Pick<Context, 'jobs'>,
  id: number,
  values: TaskValues,
) {
  const { db, workspace } = scope;
  await checkReferences(db, workspace.id, values);
  await db.transaction().execute(async (trx) => {
    const task = await changeableTask({ ...scope, db: trx }, id, 'edit');
    const next = toValues(values);
    // Its time was logged on its project: the task keeps it while it has any.
    if (values.projectId !== undefined && values.projectId !== task.projectId) {
      const entries = await repo.countTaskEntries(trx, workspace.id, id);
      if (entries > 0) {
        throw new TRPCError({
          code: 'CONFLICT',
          message: `This task has ${entries} time ${entries === 1 ? 'entry' : 'entries'} on its project and cannot move to another project.`,
        });
      }
    }
    // A task changing column goes to the end of its new one, unless an order is given.
    if (
      values.status !== undefined &&
      values.status !== task.status &&
      values.sortOrder === undefined
    ) {
      const ids = await repo.columnIds(trx, workspace.id, values.status);
      next.sortOrder = ids.length;
    }
    await repo.updateTask(trx, workspace.id, id, next);
    if (values.assigneeId !== undefined && values.assigneeId !== task.assignedUserId) {
      await taskAssigned(trx, scope.jobs, {
        workspaceId: workspace.id,
        actorUserId: scope.user.id,
        taskId: id,
        assigneeId: values.assigneeId,
      });
    }
  });
  return (await repo.findTask(db, workspace.id, id))!;
}

export async function deleteTask(scope: WorkspaceScope, id: number) {
  await scope.db.transaction().execute(async (trx) => {
    await changeableTask({ ...scope, db: trx }, id, 'delete');
    await repo.deleteTask(trx, scope.workspace.id, id);
  });
  return { success: true as const };
}

/**
 * The board's drag: the task goes into `status` before `beforeId` (a task of that column),
 * or at its end; the column is renumbered 0, 1, 2… in one transaction, its rows locked so
 * two moves into the same column queue. Every member may move any task.
 */
export async function moveTask(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  input: { id: number; status: string; beforeId?: number | null },
) {
  if (!(await repo.findTaskStatusByKey(db, workspaceId, input.status))) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Unknown status "${input.status.slice(0, 60)}"`,
    });
  }
  if (input.beforeId === input.id) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'A task cannot go before itself' });
  }
  await db.transaction().execute(async (trx) => {
    const task = await repo.lockTask(trx, workspaceId, input.id);
    if (!task) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
    const column = (await repo.columnIds(trx, workspaceId, input.status)).filter(
      (id) => id !== input.id,
    );
    let at = column.length;
    if (input.beforeId != null) {
      at = column.indexOf(input.beforeId);
      if (at < 0) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'The task to move before is not in that status',
        });
      }
    }
    column.splice(at, 0, input.id);
    await repo.setColumnOrder(trx, workspaceId, input.status, column);
  });
  return (await repo.findTask(db, workspaceId, input.id))!;
}
