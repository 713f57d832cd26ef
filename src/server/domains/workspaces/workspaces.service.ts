import { TRPCError } from '@trpc/server';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import { slugify } from '../../../shared/slug.ts';
import {
  WORKSPACE_DELETION_GRACE_DAYS,
  type CreateWorkspaceInput,
  type Workspace,
  type WorkspaceUsage,
} from '../../../shared/workspaces.schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import type { SessionUser } from '../auth/auth.repository.ts';
import type { Identity } from '../auth/identity.ts';
import { setCurrentWorkspace } from '../auth/sessions.ts';
import { ensureProfile, findProfile, updateProfile } from '../business/business.repository.ts';
import { attachFileToWorkspace } from '../files/files.service.ts';
import { insertStages } from '../pipeline/pipeline.repository.ts';
import { insertStarterTemplates } from '../contracts/contracts.service.ts';
import { DEFAULT_STAGES } from '../pipeline/pipeline.service.ts';
import * as repo from './workspaces.repository.ts';

type AuthedContext = Context & { identity: Identity; user: SessionUser };

const SLUG_TAKEN = 'A workspace with this URL already exists';
const NOT_FOUND = 'Workspace not found';

/**
 * Creates a workspace owned by the user, with the default pipeline, and makes it current.
 * An explicit slug must be free (409); a slug derived from the name gets a number when taken.
 */
export async function createWorkspace(
  ctx: AuthedContext,
  user: SessionUser,
  input: CreateWorkspaceInput,
) {
  const explicit = input.slug !== undefined && input.slug !== '';
  const base = slugify(explicit ? input.slug! : input.name) || 'workspace';
  const subdomain = explicit ? base : await freeSubdomain(ctx, base);
  if (explicit && (await repo.isSubdomainTaken(ctx.db, subdomain))) {
    throw new TRPCError({ code: 'CONFLICT', message: SLUG_TAKEN });
  }
  const workspace = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const created = await repo.insertWorkspace(trx, {
        name: input.name,
        subdomain,
        email: input.email || null,
        logoUrl: input.logo ?? null,
      });
      await repo.insertMembership(trx, { workspaceId: created.id, userId: user.id, role: 'owner' });
      // Now, not on the first read: a GET never writes (and may go to a read replica).
      await ensureProfile(trx, created.id);
      await insertStages(trx, created.id, DEFAULT_STAGES);
      await insertStarterTemplates(trx, created.id);
      if (input.logo) {
        const quota = ctx.config.uploadQuotaWorkspaceBytes;
        await attachFileToWorkspace(trx, input.logo, user.id, created.id, quota);
      }
      return created;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: SLUG_TAKEN });
      throw error;
    });
  setCurrentWorkspace(ctx, workspace.id);
  await recordActivity(ctx.db, {
    action: 'workspace_created',
    userId: user.id,
    workspaceId: workspace.id,
    details: `Workspace "${workspace.name}" created`,
    ...clientInfo(ctx),
  });
  return workspace;
}

async function freeSubdomain(ctx: Context, base: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.isSubdomainTaken(ctx.db, candidate))) return candidate;
  }
  return `${base}-${Date.now()}`;
}

export async function switchWorkspace(ctx: AuthedContext, user: SessionUser, workspaceId: number) {
  if (ctx.identity.via === 'token') {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'API tokens choose the workspace with the X-Workspace-Id header',
    });
  }
  const membership = await repo.findMembership(ctx.db, workspaceId, user.id);
  if (!membership || !membership.membershipActive || membership.isDeleted) {
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  }
  if (!membership.isActive) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'This workspace has been suspended by the platform administrator.',
    });
  }
  setCurrentWorkspace(ctx, workspaceId);
  return { success: true as const };
}

/** Update and delete act on the current workspace only; another id is not found. */
function assertCurrent(current: Workspace, id: number): void {
  if (current.id !== id) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
}

export async function updateWorkspace(
  ctx: AuthedContext & { workspace: Workspace },
  input: { id: number; name: string; description?: string | null; logoUrl?: string | null },
) {
  assertCurrent(ctx.workspace, input.id);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    // A newly uploaded logo now belongs to the workspace, so its members can see it.
    if (input.logoUrl) {
      const quota = ctx.config.uploadQuotaWorkspaceBytes;
      await attachFileToWorkspace(trx, input.logoUrl, ctx.user.id, input.id, quota);
    }
    return repo.updateWorkspace(trx, input.id, {
      name: input.name,
      description: input.description,
      logoUrl: input.logoUrl,
    });
  });
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return updated;
}

/** The workspace time zone lives in its business profile, where invoices read it too. */
export async function getSettings(ctx: Context & { workspace: Workspace }) {
  const { timezone } = await findProfile(ctx.db, ctx.workspace.id);
  return { timezone };
}

export async function updateSettings(
  ctx: AuthedContext & { workspace: Workspace },
  input: { timezone: string },
) {
  await updateProfile(ctx.db, ctx.workspace.id, { timezone: input.timezone });
  return getSettings(ctx);
}

export async function deleteWorkspace(ctx: AuthedContext & { workspace: Workspace }, id: number) {
  assertCurrent(ctx.workspace, id);
  const deleted = await repo.markWorkspaceDeleted(ctx.db, id, WORKSPACE_DELETION_GRACE_DAYS);
  if (!deleted?.scheduledDeletionAt) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  setCurrentWorkspace(ctx, null);
  await recordActivity(ctx.db, {
    action: 'workspace_deleted',
    userId: ctx.user.id,
    workspaceId: id,
    details: `Workspace "${ctx.workspace.name}" scheduled for deletion`,
    ...clientInfo(ctx),
  });
  return { success: true as const, scheduledDeletionAt: deleted.scheduledDeletionAt.toISOString() };
}

export async function reactivateWorkspace(ctx: AuthedContext, user: SessionUser, id: number) {
  const membership = await repo.findMembership(ctx.db, id, user.id);
  const role = membership?.role as WorkspaceRole | undefined;
  if (!membership || !membership.membershipActive || role !== 'owner' || !membership.isDeleted) {
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  }
  const restored = await repo.reactivateWorkspace(ctx.db, id);
  if (!restored) {
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  }
  setCurrentWorkspace(ctx, id);
  await recordActivity(ctx.db, {
    action: 'workspace_reactivated',
    userId: user.id,
    workspaceId: id,
    details: `Workspace "${restored.name}" reactivated`,
    ...clientInfo(ctx),
  });
  return restored;
}

/** What the current workspace holds, and the server's storage quota for one workspace. */
export async function workspaceUsage(
  ctx: Context & { workspace: Workspace },
): Promise<WorkspaceUsage> {
  const usage = await repo.workspaceUsage(ctx.db, ctx.workspace.id);
  return { ...usage, storageQuotaBytes: ctx.config.uploadQuotaWorkspaceBytes };
}
