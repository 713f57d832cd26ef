import { TRPCError } from '@trpc/server';
import { PROPOSAL_TRANSITIONS } from '../../../shared/proposals.schema.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import * as repo from './proposals.repository.ts';

const NOT_FOUND = 'Proposal not found';

/** Edits any field; a status change must be one of the moves of SPEC §4 (409 otherwise). */
export async function updateProposal(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: repo.ProposalValues,
) {
  const proposal = await repo.findProposal(db, workspaceId, id);
  if (!proposal) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  const to = values.status;
  if (
    to !== undefined &&
    to !== proposal.status &&
    !PROPOSAL_TRANSITIONS[proposal.status].some((t) => t.to === to)
  ) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `A ${proposal.status} proposal cannot be marked ${to}`,
    });
  }
  return (await repo.updateProposal(db, workspaceId, id, values))!;
}

export async function deleteProposal(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  if (!(await repo.deleteProposal(db, workspaceId, id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return { success: true as const };
}
