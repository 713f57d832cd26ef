import { z } from 'zod';
import { TEAM_MANAGERS } from '../../../shared/roles.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import {
  AcceptedInvitationSchema,
  AcceptInvitationSchema,
  InvitationIdSchema,
  InvitationViewSchema,
  InviteInputSchema,
  InviteResultSchema,
  InviteTokenSchema,
  MemberActiveResultSchema,
  MemberIdSchema,
  MemberSchema,
  PendingInvitationSchema,
  ResendInvitationSchema,
  ResentInvitationSchema,
  RoleChangeResultSchema,
  RoleChangeSchema,
} from '../../../shared/team.schema.ts';
import {
  heavyRequest,
  publicProcedure,
  rateLimitedProcedure,
  requireRole,
  router,
  workspaceProcedure,
  fromReplica,
} from '../../trpc/init.ts';
import { listMembers } from './team.repository.ts';
import * as team from './team.service.ts';

const managerProcedure = requireRole(...TEAM_MANAGERS);

export const teamRouter = router({
  /** Every member may read the list: assignee pickers use it. */
  members: workspaceProcedure
    .output(z.array(MemberSchema))
    .query(({ ctx }) => listMembers(ctx.db, ctx.workspace.id)),
  invite: managerProcedure
    .input(InviteInputSchema)
    .output(InviteResultSchema)
    .mutation(({ ctx, input }) => team.invite(ctx, input)),
  invitations: managerProcedure
    .output(z.array(PendingInvitationSchema))
    .query(({ ctx }) => team.listInvitations(ctx)),
  resendInvitation: managerProcedure
    .input(ResendInvitationSchema)
    .output(ResentInvitationSchema)
    .mutation(({ ctx, input }) => team.resendInvitation(ctx, input)),
  cancelInvitation: managerProcedure
    .input(InvitationIdSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => team.cancelInvitation(ctx, input.id)),
  changeRole: managerProcedure
    .input(RoleChangeSchema)
    .output(RoleChangeResultSchema)
    .mutation(({ ctx, input }) => team.changeRole(ctx, input.id, input.role)),
  toggleActive: managerProcedure
    .input(MemberIdSchema)
    .output(MemberActiveResultSchema)
    .mutation(({ ctx, input }) => team.toggleActive(ctx, input.id)),
  remove: managerProcedure
    .input(MemberIdSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => team.removeMember(ctx, input.id)),
  export: managerProcedure
    .use(heavyRequest)
    .meta({ heavy: true })
    .use(fromReplica)
    .query(({ ctx }) => team.exportMembers(ctx)),
});

export const invitationsRouter = router({
  get: publicProcedure
    .input(InviteTokenSchema)
    .output(InvitationViewSchema)
    .query(({ ctx, input }) => team.viewInvitation(ctx, input.token)),
  accept: rateLimitedProcedure
    .input(AcceptInvitationSchema)
    .output(AcceptedInvitationSchema)
    .mutation(({ ctx, input }) => team.acceptInvitation(ctx, input.token, input.password)),
});
