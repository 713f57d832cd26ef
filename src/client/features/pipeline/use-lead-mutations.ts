import { useMemo } from 'react';
import type { Lead, LeadInput } from '../../../shared/pipeline.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

type LeadFields = LeadInput & { dealName: string };

/**
 * What SPEC §7 refreshes after a deal changes: leads, persons and companies (their views
 * show deals' contacts and organizations), as useRefreshAfterLeadChange does after a drop;
 * and the tags, which a deal's new tag names create.
 */
const afterLeadChange = [trpc.leads.list, trpc.contacts, trpc.organizations, trpc.tags.list];

/**
 * Creating, editing and deleting a deal from its dialog, with the toasts of SPEC §8. Each
 * resolves to the saved deal (or true), or undefined/false after the error toast, so the
 * dialog knows whether to close.
 */
export function useLeadMutations() {
  const { mutateAsync: create } = trpc.leads.create.useMutation({
    meta: {
      success: 'Opportunity created',
      // SPEC §8: the server's message is shown when there is one.
      error: withServerMessage('Failed to create opportunity. Please try again.'),
      invalidates: afterLeadChange,
    },
  });
  const { mutateAsync: update } = trpc.leads.update.useMutation({
    meta: {
      success: 'Opportunity updated',
      error: 'Failed to update opportunity. Please try again.',
      invalidates: afterLeadChange,
    },
  });
  // Beyond the spec, which had no way to delete a deal.
  const { mutateAsync: remove } = trpc.leads.delete.useMutation({
    meta: {
      success: 'Opportunity deleted',
      error: 'Failed to delete opportunity. Please try again.',
      invalidates: afterLeadChange,
    },
  });

  return useMemo(
    () => ({
      create: (input: LeadFields): Promise<Lead | undefined> => succeeded(create(input)),
      update: (id: number, input: LeadFields): Promise<Lead | undefined> =>
        succeeded(update({ id, ...input })),
      remove: async (lead: Lead) => (await succeeded(remove({ id: lead.id }))) !== undefined,
    }),
    [create, update, remove],
  );
}
