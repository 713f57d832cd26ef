import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Estimate,
  EstimateInputSchema,
  EstimateUpdateSchema,
} from '../../../shared/estimates.schema.ts';
import type { Invoice } from '../../../shared/invoices.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

const estimates = [trpc.estimates];
/** A conversion makes an invoice: the invoice lists and the dashboard change too. */
const estimatesAndMoney = [trpc.estimates, trpc.invoices, trpc.dashboard, trpc.clients.get];

/**
 * Creating, editing, deciding, converting and deleting estimates, with toasts.
 * Each resolves to the saved result, or undefined after the error toast.
 */
export function useEstimateMutations() {
  const { mutateAsync: create } = trpc.estimates.create.useMutation({
    meta: {
      success: ['Estimate created', 'It is saved as a draft; it gets its number when it is sent.'],
      error: withServerMessage('Failed to create the estimate. Please try again.'),
      invalidates: estimates,
    },
  });
  const { mutateAsync: update } = trpc.estimates.update.useMutation({
    meta: {
      success: 'Draft saved',
      error: withServerMessage('Failed to save the estimate.'),
      invalidates: estimates,
    },
  });
  const { mutateAsync: accept } = trpc.estimates.accept.useMutation({
    meta: {
      success: 'Acceptance recorded',
      error: withServerMessage('Failed to record the acceptance.'),
      invalidates: estimates,
    },
  });
  const { mutateAsync: decline } = trpc.estimates.decline.useMutation({
    meta: {
      success: 'Estimate marked as declined',
      error: withServerMessage('Failed to record the decision.'),
      invalidates: estimates,
    },
  });
  const { mutateAsync: convert } = trpc.estimates.convert.useMutation({
    meta: {
      success: 'Invoice drafted from the estimate',
      error: withServerMessage('Failed to convert the estimate.'),
      invalidates: estimatesAndMoney,
    },
  });
  const { mutateAsync: remove } = trpc.estimates.delete.useMutation({
    meta: {
      success: 'Estimate deleted',
      error: withServerMessage('Failed to delete the estimate. Please try again.'),
      invalidates: estimates,
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof EstimateInputSchema>) => succeeded(create(input)),
      update: (input: z.input<typeof EstimateUpdateSchema>) => succeeded(update(input)),
      accept: (estimate: Pick<Estimate, 'id'>, name: string) =>
        succeeded(accept({ id: estimate.id, name })),
      decline: (estimate: Pick<Estimate, 'id'>, reason: string | null) =>
        succeeded(decline({ id: estimate.id, reason })),
      convert: (estimate: Pick<Estimate, 'id'>): Promise<Invoice | undefined> =>
        succeeded(convert({ id: estimate.id })),
      remove: async (estimate: Pick<Estimate, 'id'>) =>
        (await succeeded(remove({ id: estimate.id }))) !== undefined,
    }),
    [create, update, accept, decline, convert, remove],
  );
}
