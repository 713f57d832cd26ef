import { useMemo } from 'react';
import type { Stage } from '../../../shared/pipeline.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { httpStatusOf, messageOf, trpc } from '../../trpc.ts';

/**
 * The stage manager's calls with the toasts of SPEC §8. Each resolves to whether it
 * succeeded, so an inline editor knows whether to close.
 */
export function useStageMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: createStage } = trpc.stages.create.useMutation();
  const { mutateAsync: updateStage } = trpc.stages.update.useMutation();
  const { mutateAsync: deleteStage } = trpc.stages.delete.useMutation();
  const { mutateAsync: reorderStages } = trpc.stages.reorder.useMutation();

  return useMemo(() => {
    const refreshStages = () => utils.stages.list.invalidate();

    const create = async (label: string, color: string): Promise<boolean> => {
      try {
        await createStage({ label, color });
        toastSuccess('Stage created');
        await refreshStages();
        return true;
      } catch (error) {
        console.error(error);
        // A duplicate name is worth saying; anything else is the generic failure.
        const reason = httpStatusOf(error) === 409 ? messageOf(error) : undefined;
        toastError('Failed to create stage. Please try again.', reason);
        return false;
      }
    };

    const rename = async (stage: Stage, label: string): Promise<boolean> => {
      try {
        await updateStage({ id: stage.id, label });
        toastSuccess('Stage updated');
        await refreshStages();
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to update stage. Please try again.');
        return false;
      }
    };

    const remove = async (stage: Stage): Promise<boolean> => {
      try {
        await deleteStage({ id: stage.id });
        toastSuccess('Stage deleted');
        await refreshStages();
        return true;
      } catch (error) {
        console.error(error);
        if (httpStatusOf(error) === 409) {
          // Someone put a deal in it since the list was read: say so and show it.
          toastError('Cannot delete stage', messageOf(error));
          void utils.leads.list.invalidate();
        } else {
          toastError('Failed to delete stage. Please try again.');
        }
        return false;
      }
    };

    /**
     * Saved (the original only reordered its local copy): the new order shows at once
     * and is put back if the server refuses it.
     */
    const reorder = async (ordered: Stage[]): Promise<boolean> => {
      const before = utils.stages.list.getData();
      await utils.stages.list.cancel();
      utils.stages.list.setData(undefined, ordered);
      try {
        const saved = await reorderStages({ ids: ordered.map((stage) => stage.id) });
        utils.stages.list.setData(undefined, saved);
        toastSuccess('Stages reordered');
        return true;
      } catch (error) {
        console.error(error);
        utils.stages.list.setData(undefined, before);
        toastError('Failed to reorder stages. Please try again.');
        void refreshStages();
        return false;
      }
    };

    return { create, rename, remove, reorder };
  }, [utils, createStage, updateStage, deleteStage, reorderStages]);
}
