import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Proposal,
  ProposalInputSchema,
  ProposalStatus,
} from '../../../shared/proposals.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { PROPOSAL_STATUS_CHANGED } from './proposal-status.ts';

type ProposalInput = z.input<typeof ProposalInputSchema>;

const proposals = [trpc.proposals.list];

/**
 * Proposals persisted on the server (the spec's were local samples), with toasts. Each
 * resolves to the saved proposal (or true), or undefined/false after the error toast.
 */
export function useProposalMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: create } = trpc.proposals.create.useMutation({
    meta: {
      success: 'Proposal created',
      error: withServerMessage('Failed to create proposal. Please try again.'),
      invalidates: proposals,
    },
  });
  const { mutateAsync: update } = trpc.proposals.update.useMutation({
    meta: {
      success: 'Proposal updated',
      error: withServerMessage('Failed to update proposal. Please try again.'),
      invalidates: proposals,
    },
  });
  const { mutateAsync: changeStatus } = trpc.proposals.update.useMutation({
    meta: {
      success: (proposal: Proposal) => [PROPOSAL_STATUS_CHANGED[proposal.status], proposal.title],
      error: withServerMessage('Failed to update proposal status.'),
      invalidates: proposals,
    },
    // A refused move may mean the proposal changed elsewhere: show where it is now.
    onError: () => void utils.proposals.list.invalidate(),
  });
  const { mutateAsync: remove } = trpc.proposals.delete.useMutation({
    meta: {
      success: 'Proposal deleted',
      error: withServerMessage('Failed to delete proposal. Please try again.'),
      invalidates: proposals,
    },
  });

  return useMemo(
    () => ({
      create: (input: ProposalInput) => succeeded(create(input)),
      update: (id: number, input: ProposalInput) => succeeded(update({ id, ...input })),
      changeStatus: async (proposal: Proposal, status: ProposalStatus) =>
        (await succeeded(changeStatus({ id: proposal.id, status }))) !== undefined,
      remove: async (proposal: Proposal) =>
        (await succeeded(remove({ id: proposal.id }))) !== undefined,
    }),
    [create, update, changeStatus, remove],
  );
}
