import { z } from 'zod';
import {
  ActivityLogQuerySchema,
  ActivityLogSchema,
  AdminCreateUserSchema,
  AdminCreatedUserSchema,
  AdminDashboardSchema,
  AdminJobsSchema,
  AdminRetryJobSchema,
  AdminInvitationSchema,
  AdminInvitationListQuerySchema,
  AdminUserListQuerySchema,
  AdminWorkspaceListQuerySchema,
  AdminMembershipSchema,
  AdminResentInvitationSchema,
  AdminStatusResultSchema,
  AdminStatusSchema,
  AdminUserSchema,
  AdminUserUpdateSchema,
  AdminWorkspaceSchema,
  AdminWorkspaceUserSchema,
} from '../../../shared/admin.schema.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import {
  adminListProcedure,
  adminProcedure,
  heavyAdminProcedure,
  router,
  fromReplica,
} from '../../trpc/init.ts';
import * as repo from './admin.repository.ts';
import * as admin from './admin.service.ts';

const byId = z.object({ id: IdSchema });

/** The platform console: platform administrators only (403 to others, 401 to anonymous). */
export const adminRouter = router({
  dashboard: adminProcedure
    .output(AdminDashboardSchema)
    .query(({ ctx }) => admin.dashboard(ctx, process.uptime(), ctx.requestStats.lastHour())),
  jobs: adminProcedure.output(AdminJobsSchema).query(({ ctx }) => admin.jobs(ctx)),
  retryJob: adminProcedure
    .input(AdminRetryJobSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => admin.retryJob(ctx, input.queue, input.id)),
  users: adminListProcedure
    .use(fromReplica)
    .input(AdminUserListQuerySchema.prefault({}))
    .output(pageOf(AdminUserSchema))
    .query(({ ctx, input }) => repo.listUsers(ctx.db, input)),
  createUser: adminProcedure
    .input(AdminCreateUserSchema)
    .output(AdminCreatedUserSchema)
    .mutation(({ ctx, input }) => admin.createUser(ctx, input)),
  updateUser: adminProcedure
    .input(AdminUserUpdateSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => admin.updateUserProfile(ctx, input)),
  setUserStatus: adminProcedure
    .input(AdminStatusSchema)
    .output(AdminStatusResultSchema)
    .mutation(({ ctx, input }) => admin.setUserStatus(ctx, input.id, input.isActive)),
  resetTwoFactor: adminProcedure
    .input(byId)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => admin.resetTwoFactor(ctx, input.id)),
  setMembership: adminProcedure
    .input(AdminMembershipSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) =>
      admin.setMembership(ctx, input.id, input.workspaceId, input.role),
    ),
  workspaces: adminListProcedure
    .use(fromReplica)
    .input(AdminWorkspaceListQuerySchema.prefault({}))
    .output(pageOf(AdminWorkspaceSchema))
    .query(({ ctx, input }) => repo.listWorkspaces(ctx.db, input)),
  workspace: adminProcedure
    .input(byId)
    .output(AdminWorkspaceSchema)
    .query(({ ctx, input }) => admin.workspaceDetail(ctx, input.id)),
  workspaceUsers: adminProcedure
    .input(byId)
    .output(z.array(AdminWorkspaceUserSchema))
    .query(async ({ ctx, input }) => {
      await admin.workspaceDetail(ctx, input.id);
      return repo.listWorkspaceUsers(ctx.db, input.id);
    }),
  setWorkspaceStatus: adminProcedure
    .input(AdminStatusSchema)
    .output(AdminStatusResultSchema)
    .mutation(({ ctx, input }) => admin.setWorkspaceStatus(ctx, input.id, input.isActive)),
  invitations: adminListProcedure
    .use(fromReplica)
    .input(AdminInvitationListQuerySchema.prefault({}))
    .output(pageOf(AdminInvitationSchema))
    .query(({ ctx, input }) => repo.listInvitations(ctx.db, input)),
  resendInvitation: adminProcedure
    .input(byId)
    .output(AdminResentInvitationSchema)
    .mutation(({ ctx, input }) => admin.resendInvitation(ctx, input.id)),
  cancelInvitation: adminProcedure
    .input(byId)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => admin.cancelInvitation(ctx, input.id)),
  logs: adminListProcedure
    .use(fromReplica)
    .input(ActivityLogQuerySchema.prefault({}))
    .output(pageOf(ActivityLogSchema))
    .query(({ ctx, input }) => repo.listLogs(ctx.db, input)),
  exportLogs: heavyAdminProcedure
    .use(fromReplica)
    .input(ActivityLogQuerySchema.omit({ limit: true, offset: true }).optional())
    .query(({ ctx, input }) => repo.logsForExport(ctx.db, input ?? {})),
});
