import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Task,
  TaskInputSchema,
  TaskListQuery,
  TaskStatus,
  TaskStatusColor,
} from '../../../shared/tasks.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { httpStatusOf, messageOf, trpc } from '../../trpc.ts';

export type TaskInput = z.input<typeof TaskInputSchema>;
export type TaskQuery = Partial<TaskListQuery>;

/** Tasks change what projects (the project page's tab), resourcing and the time log show. */
/** A task's assignee and status count on its project's Team tab (open tasks). */
const afterTaskChange = [trpc.tasks.list, trpc.projects.get];
const afterStatusChange = [trpc.taskStatuses.list, trpc.tasks.list];

/** The workspace's statuses, in board order. */
export function useTaskStatuses() {
  return trpc.taskStatuses.list.useQuery(undefined, { staleTime: 60_000 });
}

/** Creating, editing and deleting tasks with their toasts; each resolves to the result or undefined. */
export function useTaskMutations() {
  const { mutateAsync: create } = trpc.tasks.create.useMutation({
    meta: {
      success: 'Task created',
      error: withServerMessage('Failed to create task. Please try again.'),
      invalidates: afterTaskChange,
    },
  });
  const { mutateAsync: update } = trpc.tasks.update.useMutation({
    meta: {
      success: 'Task updated',
      error: withServerMessage('Failed to update task. Please try again.'),
      invalidates: afterTaskChange,
    },
  });
  const { mutateAsync: remove } = trpc.tasks.delete.useMutation({
    meta: {
      success: 'Task deleted',
      error: withServerMessage('Failed to delete task. Please try again.'),
      invalidates: afterTaskChange,
    },
  });
  return useMemo(
    () => ({
      create: (input: TaskInput) => succeeded(create(input)),
      update: (id: number, input: Partial<TaskInput>) => succeeded(update({ id, ...input })),
      remove: async (task: Task) => (await succeeded(remove({ id: task.id }))) !== undefined,
    }),
    [create, update, remove],
  );
}

/**
 * The board's drop: the card moves in the cached board at once, the server renumbers the
 * column, and the board is read again; a refusal puts it back (the refetch) with a toast.
 */
export function useMoveTask(boardQuery: TaskQuery) {
  const utils = trpc.useUtils();
  const { mutateAsync: move } = trpc.tasks.move.useMutation({
    meta: {
      error: withServerMessage('Failed to move task.'),
    },
    onSettled: () => utils.tasks.list.invalidate(),
  });
  return async (task: Task, status: string, beforeId: number | null) => {
    await utils.tasks.list.cancel();
    utils.tasks.list.setData(boardQuery, (page) => {
      if (!page) return page;
      const others = page.items.filter((t) => t.id !== task.id);
      const moved = { ...task, status };
      const at = beforeId === null ? -1 : others.findIndex((t) => t.id === beforeId);
      if (at < 0) {
        // At the end of its column: after the column's last card.
        let last = -1;
        others.forEach((t, i) => {
          if (t.status === status) last = i;
        });
        others.splice(last < 0 ? others.length : last + 1, 0, moved);
      } else others.splice(at, 0, moved);
      return { ...page, items: others };
    });
    return (await succeeded(move({ id: task.id, status, beforeId }))) !== undefined;
  };
}

const ok = async (call: Promise<unknown>) => (await succeeded(call)) !== undefined;

/** Adding, renaming and deleting statuses (Manage Statuses). */
export function useStatusMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: create } = trpc.taskStatuses.create.useMutation({
    meta: {
      success: 'Status created',
      error: (error: unknown) => [
        'Failed to create status. Please try again.',
        httpStatusOf(error) === 409 ? messageOf(error) : undefined,
      ],
      invalidates: afterStatusChange,
    },
  });
  const { mutateAsync: update } = trpc.taskStatuses.update.useMutation({
    meta: {
      success: 'Status updated',
      error: withServerMessage('Failed to update status. Please try again.'),
      invalidates: afterStatusChange,
    },
  });
  const { mutateAsync: remove } = trpc.taskStatuses.delete.useMutation({
    meta: {
      success: 'Status deleted',
      error: (error: unknown) =>
        httpStatusOf(error) === 409
          ? ['Cannot delete status', messageOf(error)]
          : withServerMessage('Failed to delete status. Please try again.')(error),
      invalidates: afterStatusChange,
    },
    onError: (error) => {
      if (httpStatusOf(error) === 409) void utils.tasks.list.invalidate();
    },
  });
  return useMemo(
    () => ({
      create: (label: string, color: string) =>
        ok(create({ label, color: color as TaskStatusColor })),
      rename: (status: TaskStatus, label: string) => ok(update({ id: status.id, label })),
      recolor: (status: TaskStatus, color: string) =>
        ok(update({ id: status.id, color: color as TaskStatusColor })),
      remove: (status: TaskStatus) => ok(remove({ id: status.id })),
    }),
    [create, update, remove],
  );
}
