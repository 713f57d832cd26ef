import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { addDays } from 'date-fns';
import { INVITATION_DAYS } from '../../../shared/team.schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import { insertUser, type SessionUser } from '../auth/auth.repository.ts';
import { hashPassword } from '../auth/auth.service.ts';
import { hashToken } from '../auth/identity.ts';
import { deleteSessions, updateUser } from '../account/account.repository.ts';
import { clearTwoFactor } from '../account/two-factor.repository.ts';
import { voidInvitationsSentBy } from '../team/team.repository.ts';
import * as repo from './admin.repository.ts';

type AdminContext = Context & { user: SessionUser };

async function audit(ctx: AdminContext, details: string, workspaceId?: number) {
  await recordActivity(ctx.db, {
    action: 'admin_action',
    userId: ctx.user.id,
    workspaceId,
    details,
    ...clientInfo(ctx),
  });
}

export async function dashboard(
  ctx: AdminContext,
  uptimeSeconds: number,
  lastHour: { requests: number; errors: number },
) {
  const started = performance.now();
  await sql`select 1`.execute(ctx.db);
  const databaseRoundTripMs = Math.round((performance.now() - started) * 10) / 10;
  const counts = await repo.platformCounts(ctx.db);
  const recent = await repo.listLogs(ctx.db, { limit: 10 });
  const memory = process.memoryUsage();
  return {
    totalUsers: counts.totalUsers,
    workspaces: counts.workspaces,
    pendingInvites: counts.pendingInvites,
    actionsToday: counts.actionsToday,
    recentActivity: recent.items,
    health: {
      databaseRoundTripMs,
      uptimeSeconds: Math.round(uptimeSeconds),
      memoryRssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      activeSessions: counts.activeSessions,
      errorRatePercent: lastHour.requests
        ? Math.round((lastHour.errors / lastHour.requests) * 10_000) / 100
        : 0,
      requestsLastHour: lastHour.requests,
    },
  };
}

/** The job queue: every queue's counts and the latest failed jobs. */
export async function jobs(ctx: AdminContext) {
  const [queues, failed] = await Promise.all([ctx.jobs.states(), ctx.jobs.failed(50)]);
  return {
    queues,
    failed: failed.map((job) => ({ ...job, failedAt: job.failedAt.toISOString() })),
  };
}

export async function retryJob(ctx: AdminContext, queue: string, id: string) {
  if (!(await ctx.jobs.retry(queue, id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Failed job not found' });
  await audit(ctx, `Retried the failed ${queue} job ${id}`);
  return { success: true as const };
}

/**
 * A deactivated account is shut out at once: its sessions end, and the invitations it sent
 * anywhere become void (an invitation dies with its sender's rights).
 */
async function shutOut(ctx: AdminContext, userId: number): Promise<void> {
  await deleteSessions(ctx.db, userId);
  await voidInvitationsSentBy(ctx.db, userId);
}

export async function setUserStatus(ctx: AdminContext, id: number, isActive: boolean) {
  if (id === ctx.user.id && !isActive) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You cannot deactivate your own account' });
  }
  if (!(await repo.userExists(ctx.db, id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  await updateUser(ctx.db, id, { isActive });
  if (!isActive) await shutOut(ctx, id);
  await audit(ctx, `${isActive ? 'Activated' : 'Deactivated'} user #${id}`);
  return { success: true as const, isActive };
}

/** Two-factor sign-in off for a user locked out of it; their sessions are left as they are. */
export async function resetTwoFactor(ctx: AdminContext, id: number) {
  if (!(await repo.userExists(ctx.db, id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  await clearTwoFactor(ctx.db, id);
  await audit(ctx, `Reset two-factor sign-in of user #${id}`);
  return { success: true as const };
}

export async function updateUserProfile(
  ctx: AdminContext,
  input: { id: number; fullName: string; email: string; isActive: boolean },
) {
  if (input.id === ctx.user.id && !input.isActive) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You cannot deactivate your own account' });
  }
  if (!(await repo.userExists(ctx.db, input.id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  await ctx.db
    .updateTable('users')
    .set({
      fullName: input.fullName,
      email: input.email.toLowerCase(),
      isActive: input.isActive,
      updatedAt: new Date(),
    })
    .where('id', '=', input.id)
    .execute()
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw new TRPCError({
          code: 'CONFLICT',
          message: 'An account with this email already exists',
        });
      throw error;
    });
  if (!input.isActive) await shutOut(ctx, input.id);
  await audit(ctx, `Updated user #${input.id}`);
  return { success: true as const };
}

/** A new account with a temporary password, answered once for the admin to pass on. */
export async function createUser(
  ctx: AdminContext,
  input: { fullName: string; email: string; isAdmin: boolean },
) {
  const temporaryPassword = randomBytes(9).toString('base64url');
  const user = await insertUser(ctx.db, {
    fullName: input.fullName,
    email: input.email,
    passwordHash: await hashPassword(temporaryPassword),
  }).catch((error: unknown) => {
    if (isUniqueViolation(error))
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'An account with this email already exists',
      });
    throw error;
  });
  if (input.isAdmin)
    await ctx.db.updateTable('users').set({ isAdmin: true }).where('id', '=', user.id).execute();
  await audit(ctx, `Created user ${user.email}`);
  return { user, temporaryPassword };
}

export async function setMembership(
  ctx: AdminContext,
  userId: number,
  workspaceId: number,
  role: string,
) {
  if (!(await repo.userExists(ctx.db, userId)))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  if (!(await repo.findWorkspace(ctx.db, workspaceId)))
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Workspace not found' });
  await repo.upsertMembership(ctx.db, userId, workspaceId, role);
  await audit(ctx, `Gave user #${userId} the role ${role}`, workspaceId);
  return { success: true as const };
}

/** A suspended workspace is closed to its members at their next request, and they are told why. */
export async function setWorkspaceStatus(ctx: AdminContext, id: number, isActive: boolean) {
  if (!(await repo.setWorkspaceActive(ctx.db, id, isActive))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Workspace not found' });
  }
  await audit(ctx, `${isActive ? 'Activated' : 'Suspended'} workspace #${id}`, id);
  return { success: true as const, isActive };
}

export async function workspaceDetail(ctx: AdminContext, id: number) {
  const workspace = await repo.findWorkspace(ctx.db, id);
  if (!workspace) throw new TRPCError({ code: 'NOT_FOUND', message: 'Workspace not found' });
  return workspace;
}

/** A new token and a new expiry: the old link stops working. */
export async function resendInvitation(ctx: AdminContext, id: number) {
  const invitation = await repo.findInvitation(ctx.db, id);
  if (!invitation) throw new TRPCError({ code: 'NOT_FOUND', message: 'Invitation not found' });
  if (invitation.used)
    throw new TRPCError({ code: 'CONFLICT', message: 'This invitation has already been used.' });
  if (invitation.voidedAt) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'This invitation is void: the person who sent it can no longer invite members.',
    });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = addDays(new Date(), INVITATION_DAYS);
  await repo.renewInvitation(ctx.db, invitation.workspaceId, id, hashToken(token), expiresAt);
  const inviteUrl = `${ctx.config.appUrl}/invite/${token}`;
  await ctx.mailer
    .send({
      to: invitation.email,
      subject: `Your invitation to ${invitation.workspaceName} on Keel`,
      text: `Hello ${invitation.fullName ?? ''},\n\nYou are invited to join ${invitation.workspaceName} on Keel.\nAccept within ${INVITATION_DAYS} days: ${inviteUrl}`,
    })
    .catch((error: unknown) => ctx.req.log.error({ err: error }, 'invitation email failed'));
  await audit(ctx, `Resent the invitation of ${invitation.email}`);
  return { success: true as const, inviteUrl, expiresAt: expiresAt.toISOString() };
}

export async function cancelInvitation(ctx: AdminContext, id: number) {
  const invitation = await repo.findInvitation(ctx.db, id);
  if (!invitation) throw new TRPCError({ code: 'NOT_FOUND', message: 'Invitation not found' });
  await repo.deleteInvitation(ctx.db, invitation.workspaceId, id);
  await audit(ctx, `Cancelled the invitation of ${invitation.email}`);
  return { success: true as const };
}
