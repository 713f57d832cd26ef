import { z } from 'zod';
import {
  CreateWorkspaceInputSchema,
  CurrentWorkspaceSchema,
  DeletedWorkspaceSchema,
  MyWorkspaceSchema,
  UpdateWorkspaceInputSchema,
  WorkspaceIdSchema,
  WorkspaceSchema,
  WorkspaceSettingsSchema,
  WorkspaceUsageSchema,
} from '../../../shared/workspaces.schema.ts';
import { BUSINESS_MANAGERS } from '../../../shared/roles.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import * as repo from './workspaces.repository.ts';
import * as workspaces from './workspaces.service.ts';
import { authedProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';

export const workspacesRouter = router({
  create: authedProcedure
    .input(CreateWorkspaceInputSchema)
    .output(WorkspaceSchema)
    .mutation(({ ctx, input }) => workspaces.createWorkspace(ctx, ctx.user, input)),
  listMine: authedProcedure
    .output(z.array(MyWorkspaceSchema))
    .query(({ ctx }) => repo.listMyWorkspaces(ctx.db, ctx.user.id)),
  current: workspaceProcedure
    .output(CurrentWorkspaceSchema)
    .query(({ ctx }) => ({ ...ctx.workspace, role: ctx.role })),
  usage: workspaceProcedure
    .output(WorkspaceUsageSchema)
    .query(({ ctx }) => workspaces.workspaceUsage(ctx)),
  settings: workspaceProcedure
    .output(WorkspaceSettingsSchema)
    .query(({ ctx }) => workspaces.getSettings(ctx)),
  // Whoever may edit the business profile, which holds the same time zone.
  updateSettings: requireRole(...BUSINESS_MANAGERS)
    .input(WorkspaceSettingsSchema)
    .output(WorkspaceSettingsSchema)
    .mutation(({ ctx, input }) => workspaces.updateSettings(ctx, input)),
  switch: authedProcedure
    .input(WorkspaceIdSchema)
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => workspaces.switchWorkspace(ctx, ctx.user, input.id)),
  update: requireRole('owner', 'administrator')
    .input(UpdateWorkspaceInputSchema)
    .output(WorkspaceSchema)
    .mutation(({ ctx, input }) => workspaces.updateWorkspace(ctx, input)),
  delete: requireRole('owner')
    .input(WorkspaceIdSchema)
    .output(DeletedWorkspaceSchema)
    .mutation(({ ctx, input }) => workspaces.deleteWorkspace(ctx, input.id)),
  reactivate: authedProcedure
    .input(WorkspaceIdSchema)
    .output(WorkspaceSchema)
    .mutation(({ ctx, input }) => workspaces.reactivateWorkspace(ctx, ctx.user, input.id)),
});
