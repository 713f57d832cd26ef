import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Proposal,
  ProposalInputSchema,
  ProposalStatus,
} from '../../../shared/proposals.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';
import { PROPOSAL_STATUS_CHANGED } from './proposal-status.ts';

type ProposalInput = z.input<typeof ProposalInputSchema>;

/** Proposals persisted on the server (the spec's were local samples), with toasts. */
export function useProposalMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: createProposal } = trpc.proposals.create.useMutation();
  const { mutateAsync: updateProposal } = trpc.proposals.update.useMutation();
  const { mutateAsync: deleteProposal } = trpc.proposals.delete.useMutation();

  return useMemo(() => {
    const refresh = () => utils.proposals.list.invalidate();

    const create = async (input: ProposalInput): Promise<Proposal | null> => {
      try {
        const proposal = await createProposal(input);
        toastSuccess('Proposal created');
        void refresh();
        return proposal;
      } catch (error) {
        console.error(error);
        toastError('Failed to create proposal. Please try again.', messageOf(error) || undefined);
        return null;
      }
    };

    const update = async (id: number, input: ProposalInput): Promise<Proposal | null> => {
      try {
        const proposal = await updateProposal({ id, ...input });
        toastSuccess('Proposal updated');
        void refresh();
        return proposal;
      } catch (error) {
        console.error(error);
        toastError('Failed to update proposal. Please try again.', messageOf(error) || undefined);
        return null;
      }
    };

    const changeStatus = async (proposal: Proposal, status: ProposalStatus) => {
      try {
        await updateProposal({ id: proposal.id, status });
        toastSuccess(PROPOSAL_STATUS_CHANGED[status], proposal.title);
        void refresh();
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to update proposal status.', messageOf(error) || undefined);
        void refresh();
        return false;
      }
    };

    const remove = async (proposal: Proposal): Promise<boolean> => {
      try {
        await deleteProposal({ id: proposal.id });
        toastSuccess('Proposal deleted');
        void refresh();
        return true;
      } catch (error) {
        console.error(error);
        toastError('Failed to delete proposal. Please try again.', messageOf(error) || undefined);
        return false;
      }
    };

    return { create, update, changeStatus, remove };
  }, [utils, createProposal, updateProposal, deleteProposal]);
}
