import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  FollowUpsResult,
  Proposal,
  ProposalInputSchema,
  ProposalUpdateSchema,
} from '../../../shared/proposals.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { PROPOSAL_STATUS_CHANGED } from './proposal-status.ts';

type ProposalInput = z.input<typeof ProposalInputSchema>;
/** A move that records nothing (sent, viewed); decisions go through accept and decline. */
export type ProposalMove = NonNullable<z.input<typeof ProposalUpdateSchema>['status']>;
export interface FollowUpChoice {
  moveDealToWon: boolean;
  createProject: boolean;
  createContract: boolean;
  depositPercent: string | null;
}

const proposals = [trpc.proposals.list];
/** Follow-ups move a deal, add a project and draft a contract and an invoice. */
const proposalsAndFollowUps = [
  trpc.proposals.list,
  trpc.leads,
  trpc.projects,
  trpc.contracts,
  trpc.invoices,
  trpc.dashboard,
];

/** "Deal moved to Won, project created, contract drafted, deposit invoice drafted." */
export function followUpsSummary(result: FollowUpsResult): string | undefined {
  const done = [
    result.dealId !== null && 'deal moved to Won',
    result.projectId !== null && 'project created',
    (result.contractId ?? null) !== null && 'contract drafted',
    result.depositInvoiceId !== null && 'deposit invoice drafted',
  ].filter((d): d is string => typeof d === 'string');
  if (done.length === 0) return undefined;
  const text = done.join(', ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

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
  const { mutateAsync: accept } = trpc.proposals.accept.useMutation({
    meta: {
      success: (answer: { followUps: FollowUpsResult }) => [
        'Acceptance recorded',
        followUpsSummary(answer.followUps),
      ],
      error: withServerMessage('Failed to record the acceptance.'),
      invalidates: proposalsAndFollowUps,
    },
  });
  const { mutateAsync: decline } = trpc.proposals.decline.useMutation({
    meta: {
      success: 'Proposal marked as rejected',
      error: withServerMessage('Failed to record the decision.'),
      invalidates: proposals,
    },
  });
  const { mutateAsync: followUps } = trpc.proposals.followUps.useMutation({
    meta: {
      success: (result: FollowUpsResult) => [
        'Follow-ups applied',
        followUpsSummary(result) ?? 'Nothing else was chosen.',
      ],
      error: withServerMessage('Failed to apply the follow-ups.'),
      invalidates: proposalsAndFollowUps,
    },
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
      changeStatus: async (proposal: Proposal, status: ProposalMove) =>
        (await succeeded(changeStatus({ id: proposal.id, status }))) !== undefined,
      remove: async (proposal: Proposal) =>
        (await succeeded(remove({ id: proposal.id }))) !== undefined,
      accept: async (proposal: Proposal, name: string, choice: FollowUpChoice) =>
        (await succeeded(accept({ id: proposal.id, name, ...choice }))) !== undefined,
      decline: async (proposal: Proposal, reason: string | null) =>
        (await succeeded(decline({ id: proposal.id, reason }))) !== undefined,
      followUps: async (proposal: Proposal, choice: FollowUpChoice) =>
        (await succeeded(followUps({ id: proposal.id, ...choice }))) !== undefined,
    }),
    [create, update, changeStatus, remove, accept, decline, followUps],
  );
}
