import { useMemo } from 'react';
import type { z } from 'zod';
import type { Project, ProjectInputSchema } from '../../../shared/projects.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';

export type ProjectInput = z.input<typeof ProjectInputSchema>;

/**
 * Creating, editing and deleting projects with the toasts of SPEC §8. Each resolves to
 * the saved project (or true), or null/false after the error toast.
 */
export function useProjectMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: createProject } = trpc.projects.create.useMutation();
  const { mutateAsync: updateProject } = trpc.projects.update.useMutation();
  const { mutateAsync: deleteProject } = trpc.projects.delete.useMutation();

  return useMemo(() => {
    const create = async (input: ProjectInput): Promise<Project | null> => {
      try {
        const project = await createProject(input);
        toastSuccess('Project created');
        void Promise.all([utils.projects.list.invalidate(), utils.dashboard.stats.invalidate()]);
        return project;
      } catch (error) {
        console.error(error);
        toastError('Failed to create project. Please try again.', messageOf(error) || undefined);
        return null;
      }
    };

    /** Also the status change of a card's menu; `success` names what changed. */
    const update = async (
      id: number,
      input: Partial<ProjectInput>,
      success = 'Project updated',
    ): Promise<Project | null> => {
      try {
        const project = await updateProject({ id, ...input });
        toastSuccess(success);
        // A new rate re-prices the logged hours; a new name shows on entries and invoices.
        void Promise.all([
          utils.projects.list.invalidate(),
          utils.time.list.invalidate(),
          utils.invoices.list.invalidate(),
          utils.timer.current.invalidate(),
          utils.dashboard.stats.invalidate(),
        ]);
        return project;
      } catch (error) {
        console.error(error);
        toastError('Failed to update project. Please try again.', messageOf(error) || undefined);
        return null;
      }
    };

    const remove = async (project: Project): Promise<boolean> => {
      try {
        await deleteProject({ id: project.id });
        toastSuccess('Project deleted');
        // Its time and timer go with it; its invoices lose the link.
        void Promise.all([
          utils.projects.list.invalidate(),
          utils.time.list.invalidate(),
          utils.invoices.list.invalidate(),
          utils.timer.current.invalidate(),
          utils.dashboard.invalidate(),
        ]);
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to delete project. Please try again.', messageOf(error) || undefined);
        return false;
      }
    };

    return { create, update, remove };
  }, [utils, createProject, updateProject, deleteProject]);
}
