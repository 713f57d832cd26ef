import type { RateCard, RepricePreview } from '../../../shared/rates.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

export interface RateCardValues {
  userId: number | null;
  projectId: number | null;
  billableRate: string;
  costRate: string;
  effectiveFrom: string;
}

export interface RepriceValues {
  from: string;
  userId: number | null;
  projectId: number | null;
}

/**
 * Adding, editing and deleting rate cards, and re-pricing unbilled time, with toasts after
 * the server answered. Each resolves to the result, or undefined after the error toast.
 */
export function useRateMutations() {
  const { mutateAsync: create } = trpc.rates.create.useMutation({
    meta: {
      success: 'Rate card added',
      error: withServerMessage('Failed to add the rate card'),
      invalidates: [trpc.rates.list],
    },
  });
  const { mutateAsync: update } = trpc.rates.update.useMutation({
    meta: {
      success: 'Rate card updated',
      error: withServerMessage('Failed to update the rate card'),
      invalidates: [trpc.rates.list],
    },
  });
  const { mutateAsync: remove } = trpc.rates.delete.useMutation({
    meta: {
      success: 'Rate card deleted',
      error: withServerMessage('Failed to delete the rate card'),
      invalidates: [trpc.rates.list],
    },
  });
  // A preview changes nothing: no success toast.
  const { mutateAsync: preview } = trpc.rates.repricePreview.useMutation({
    meta: { error: withServerMessage('Failed to preview the re-pricing') },
  });
  const { mutateAsync: reprice } = trpc.rates.reprice.useMutation({
    meta: {
      success: ({ repriced }: { repriced: number }) =>
        repriced === 1 ? 'Re-priced 1 time entry' : `Re-priced ${repriced} time entries`,
      error: withServerMessage('Failed to re-price the time'),
      // Entries' amounts, projects' totals and the dashboard's figures follow.
      invalidates: [trpc.time, trpc.projects, trpc.dashboard],
    },
  });
  return {
    create: (values: RateCardValues): Promise<RateCard | undefined> => succeeded(create(values)),
    update: (id: number, values: RateCardValues): Promise<RateCard | undefined> =>
      succeeded(update({ id, ...values })),
    remove: async (id: number) => (await succeeded(remove({ id }))) !== undefined,
    preview: (values: RepriceValues): Promise<RepricePreview | undefined> =>
      succeeded(preview(values)),
    reprice: (values: RepriceValues) => succeeded(reprice(values)),
  };
}
