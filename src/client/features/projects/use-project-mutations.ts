import { useMemo } from 'react';
import type { z } from 'zod';
import type { Project, ProjectInputSchema } from '../../../shared/projects.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

export type ProjectInput = z.input<typeof ProjectInputSchema>;
type ProjectStatus = Project['status'];

/** The toast of a card menu's status change, which names what changed. */
const STATUS_CHANGED: Record<ProjectStatus, string> = {
  active: 'Project marked active',
  paused: 'Project paused',
  completed: 'Project marked completed',
};

/** A new rate re-prices the logged hours; a new name shows on entries and invoices. */
const afterUpdate = [
  trpc.projects.list,
  trpc.projects.get,
  trpc.time.list,
  trpc.invoices.list,
  trpc.timer.current,
  trpc.dashboard.stats,
];

const updateFailed = withServerMessage('Failed to update project. Please try again.');

/**
 * Creating, editing and deleting projects with the toasts of SPEC §8. Each resolves to
 * the saved project (or true), or undefined/false after the error toast.
 */
export function useProjectMutations() {
  const { mutateAsync: create } = trpc.projects.create.useMutation({
    meta: {
      success: 'Project created',
      error: withServerMessage('Failed to create project. Please try again.'),
      invalidates: [trpc.projects.list, trpc.dashboard.stats],
    },
  });
  const { mutateAsync: update } = trpc.projects.update.useMutation({
    meta: { success: 'Project updated', error: updateFailed, invalidates: afterUpdate },
  });
  const { mutateAsync: changeStatus } = trpc.projects.update.useMutation({
    meta: {
      success: (project: Project) => STATUS_CHANGED[project.status],
      error: updateFailed,
      invalidates: afterUpdate,
    },
  });
  const { mutateAsync: remove } = trpc.projects.delete.useMutation({
    meta: {
      success: 'Project deleted',
      error: withServerMessage('Failed to delete project. Please try again.'),
      // Its time and timer go with it; its invoices lose the link.
      invalidates: [
        trpc.projects.list,
        trpc.time.list,
        trpc.invoices.list,
        trpc.timer.current,
        trpc.dashboard,
      ],
    },
  });

  return useMemo(
    () => ({
      create: (input: ProjectInput) => succeeded(create(input)),
      update: (id: number, input: Partial<ProjectInput>) => succeeded(update({ id, ...input })),
      /** The status change of a card's menu. */
      changeStatus: (project: Project, status: ProjectStatus) =>
        succeeded(changeStatus({ id: project.id, status })),
      remove: async (project: Project) =>
        (await succeeded(remove({ id: project.id }))) !== undefined,
    }),
    [create, update, changeStatus, remove],
  );
}
