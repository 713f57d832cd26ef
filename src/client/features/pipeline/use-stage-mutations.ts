import { useMemo } from 'react';
import type { Stage } from '../../../shared/pipeline.schema.ts';
import { succeeded } from '../../mutations.ts';
import { httpStatusOf, messageOf, trpc } from '../../trpc.ts';

const stages = [trpc.stages.list];

/** An answer's presence as a boolean: the inline editors only need to know whether to close. */
const ok = async (call: Promise<unknown>) => (await succeeded(call)) !== undefined;

/**
 * The stage manager's calls with the toasts of SPEC §8. Each resolves to whether it
 * succeeded, so an inline editor knows whether to close.
 */
export function useStageMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: create } = trpc.stages.create.useMutation({
    meta: {
      success: 'Stage created',
      // A duplicate name is worth saying; anything else is the generic failure.
      error: (error: unknown) => [
        'Failed to create stage. Please try again.',
        httpStatusOf(error) === 409 ? messageOf(error) : undefined,
      ],
      invalidates: stages,
    },
  });
  const { mutateAsync: rename } = trpc.stages.update.useMutation({
    meta: {
      success: 'Stage updated',
      error: 'Failed to update stage. Please try again.',
      invalidates: stages,
    },
  });
  const { mutateAsync: remove } = trpc.stages.delete.useMutation({
    meta: {
      success: 'Stage deleted',
      // Someone put a deal in it since the list was read: say so.
      error: (error: unknown) =>
        httpStatusOf(error) === 409
          ? ['Cannot delete stage', messageOf(error)]
          : 'Failed to delete stage. Please try again.',
      invalidates: stages,
    },
    // ...and show that deal.
    onError: (error) => {
      if (httpStatusOf(error) === 409) void utils.leads.list.invalidate();
    },
  });
  /**
   * Saved (the original only reordered its local copy): the new order shows at once and
   * is put back, then read again, if the server refuses it.
   */
  const { mutateAsync: reorder } = trpc.stages.reorder.useMutation({
    meta: {
      success: 'Stages reordered',
      error: 'Failed to reorder stages. Please try again.',
    },
    onMutate: async ({ ids }) => {
      const before = utils.stages.list.getData();
      await utils.stages.list.cancel();
      utils.stages.list.setData(
        undefined,
        before && ids.flatMap((id) => before.filter((stage) => stage.id === id)),
      );
      return before;
    },
    onSuccess: (saved) => utils.stages.list.setData(undefined, saved),
    onError: (_error, _variables, before) => {
      utils.stages.list.setData(undefined, before);
      void utils.stages.list.invalidate();
    },
  });

  return useMemo(
    () => ({
      create: (label: string, color: string) => ok(create({ label, color })),
      rename: (stage: Stage, label: string) => ok(rename({ id: stage.id, label })),
      remove: (stage: Stage) => ok(remove({ id: stage.id })),
      reorder: (ordered: Stage[]) => ok(reorder({ ids: ordered.map((stage) => stage.id) })),
    }),
    [create, rename, remove, reorder],
  );
}
