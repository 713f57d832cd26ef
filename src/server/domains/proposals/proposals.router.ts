import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import {
  ProposalInputSchema,
  ProposalListQuerySchema,
  ProposalSchema,
  ProposalUpdateSchema,
} from '../../../shared/proposals.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { listProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import * as repo from './proposals.repository.ts';
import * as proposals from './proposals.service.ts';

export const proposalsRouter = router({
  list: listProcedure
    .input(ProposalListQuerySchema.prefault({}))
    .output(pageOf(ProposalSchema))
    .query(({ ctx, input }) => repo.listProposals(ctx.db, ctx.workspace.id, input)),
  create: workspaceProcedure
    .input(ProposalInputSchema)
    .output(ProposalSchema)
    .mutation(({ ctx, input }) => repo.insertProposal(ctx.db, ctx.workspace.id, input)),
  update: workspaceProcedure
    .input(ProposalUpdateSchema)
    .output(ProposalSchema)
    .mutation(({ ctx, input: { id, ...values } }) => proposals.updateProposal(ctx, id, values)),
  delete: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => proposals.deleteProposal(ctx, input.id)),
});
