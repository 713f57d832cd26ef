import { z } from 'zod';
import { AcceptanceSchema } from '../../../shared/estimates.schema.ts';
import {
  FollowUpsResultSchema,
  ProposalAcceptSchema,
  ProposalDeclineSchema,
  ProposalFollowUpsSchema,
  ProposalInputSchema,
  ProposalListQuerySchema,
  ProposalSchema,
  ProposalUpdateSchema,
} from '../../../shared/proposals.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { listProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowProcedures } from '../../trpc/row-procedures.ts';
import { requestOrigin } from '../estimates/estimates.router.ts';
import * as repo from './proposals.repository.ts';
import * as proposals from './proposals.service.ts';

/** Recording a client's decision and its follow-ups (an invoice, a project) is billing work. */
const billingProcedure = requireRole(...BILLING_MANAGERS);

export const proposalsRouter = router({
  list: listProcedure
    .input(ProposalListQuerySchema.prefault({}))
    .output(pageOf(ProposalSchema))
    .query(({ ctx, input }) => repo.listProposals(ctx.db, ctx.workspace.id, input)),
  ...rowProcedures(
    workspaceProcedure,
    { input: ProposalInputSchema, update: ProposalUpdateSchema, output: ProposalSchema },
    {
      create: proposals.createProposal,
      update: proposals.updateProposal,
      remove: proposals.deleteProposal,
    },
  ),
  accept: billingProcedure
    .input(ProposalAcceptSchema)
    .output(z.object({ acceptance: AcceptanceSchema, followUps: FollowUpsResultSchema }))
    .mutation(({ ctx, input }) => proposals.acceptProposal(ctx, input, requestOrigin(ctx))),
  decline: billingProcedure
    .input(ProposalDeclineSchema)
    .output(AcceptanceSchema)
    .mutation(({ ctx, input }) =>
      proposals.declineProposal(
        ctx,
        // Without the client's name, the record names who recorded it.
        { ...input, name: input.name ?? ctx.user.fullName },
        requestOrigin(ctx),
      ),
    ),
  followUps: billingProcedure
    .input(ProposalFollowUpsSchema)
    .output(FollowUpsResultSchema)
    .mutation(({ ctx, input }) => proposals.applyProposalFollowUps(ctx, input)),
});
