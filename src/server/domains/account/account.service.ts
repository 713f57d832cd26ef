import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Account, ApiTokenScope } from '../../../shared/account.schema.ts';
import { splitFullName } from '../../../shared/team.schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { iso } from '../../db/search.ts';
import { checkWithFailureLimits } from '../../plugins/rate-limit.ts';
import type { Context } from '../../trpc/context.ts';
import type { SessionUser } from '../auth/auth.repository.ts';
import { hashPassword, verifyPassword } from '../auth/auth.service.ts';
import {
  API_TOKEN_PREFIX,
  hashToken,
  SESSION_REQUIRED_MESSAGE,
  type Identity,
} from '../auth/identity.ts';
import { passwordChangeLimits } from '../auth/password-limits.ts';
import { findCurrentMembership } from '../workspaces/workspaces.repository.ts';
import * as repo from './account.repository.ts';

type AccountContext = Context & { user: SessionUser; identity: Identity };

export async function getAccount(ctx: AccountContext): Promise<Account> {
  const row = await repo.findAccount(ctx.db, ctx.user.id);
  const membership = ctx.identity.workspaceId
    ? await findCurrentMembership(ctx.db, ctx.identity.workspaceId, ctx.user.id)
    : undefined;
  const { fullName, createdAt, ...rest } = row;
  return {
    ...rest,
    ...splitFullName(fullName),
    role: membership?.role ?? null,
    createdAt: iso(createdAt),
  };
}

/** A new email needs the current password: the email is what the account signs in with. */
export async function updateProfile(
  ctx: AccountContext,
  input: {
    firstName: string;
    lastName: string;
    email: string;
    phone?: string | null;
    currentPassword?: string;
  },
) {
  const saved = await repo.findAccount(ctx.db, ctx.user.id);
  if (input.email.toLowerCase() !== saved.email.toLowerCase()) {
    await checkCurrentPassword(ctx, input.currentPassword);
  }
  await repo
    .updateUser(ctx.db, ctx.user.id, {
      fullName: `${input.firstName} ${input.lastName}`,
      email: input.email.toLowerCase(),
      phone: input.phone,
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new TRPCError({
          code: 'CONFLICT',
          message: 'An account with this email already exists',
        });
      }
      throw error;
    });
  return getAccount(ctx);
}

/**
 * The password the account holder must type again before a change to how they sign in.
 * Failures count on the password change's limits: both guess at the same password.
 */
async function checkCurrentPassword(ctx: AccountContext, password: string | undefined) {
  if (!password) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is required' });
  }
  const hash = await repo.findPasswordHash(ctx.db, ctx.user.id);
  const limits = passwordChangeLimits(ctx, ctx.user.id);
  if (!(await checkWithFailureLimits(ctx, limits, () => verifyPassword(hash, password)))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
  }
}

/** A new password ends every other session and every API token of the account at once. */
export async function changePassword(
  ctx: AccountContext,
  currentPassword: string,
  newPassword: string,
) {
  const hash = await repo.findPasswordHash(ctx.db, ctx.user.id);
  const limits = passwordChangeLimits(ctx, ctx.user.id);
  if (!(await checkWithFailureLimits(ctx, limits, () => verifyPassword(hash, currentPassword)))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Current password is incorrect' });
  }
  // Before the new password is stored: a failure in between leaves no token of the old one.
  await repo.deleteApiTokens(ctx.db, ctx.user.id);
  await repo.updateUser(ctx.db, ctx.user.id, { passwordHash: await hashPassword(newPassword) });
  await repo.deleteSessions(
    ctx.db,
    ctx.user.id,
    ctx.identity.via === 'session' ? ctx.req.session.sessionId : undefined,
  );
  return { success: true as const };
}

export async function terminateSession(ctx: AccountContext, id: string) {
  if (!(await repo.deleteActiveSession(ctx.db, ctx.user.id, id))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Session not found' });
  }
  return { success: true as const };
}

export async function terminateOtherSessions(ctx: AccountContext) {
  await repo.deleteSessions(
    ctx.db,
    ctx.user.id,
    ctx.identity.via === 'session' ? ctx.req.session.sessionId : undefined,
  );
  return { success: true as const };
}

/** The token is answered once; only its hash is kept. */
export async function createApiToken(
  ctx: AccountContext,
  input: { name: string; expiresInDays: number; scope: ApiTokenScope },
) {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const created = await repo.insertApiToken(ctx.db, {
    userId: ctx.user.id,
    name: input.name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
    scope: input.scope,
    expiresInDays: input.expiresInDays,
  });
  return { ...created, token };
}

/**
 * A script may retire the token it runs on; revoking any other token takes a session, so a
 * leaked token cannot cut its owner's other scripts off.
 */
export async function revokeApiToken(ctx: AccountContext, id: number) {
  if (ctx.identity.via === 'token' && ctx.identity.token.id !== id) {
    throw new TRPCError({ code: 'FORBIDDEN', message: SESSION_REQUIRED_MESSAGE });
  }
  if (!(await repo.deleteApiToken(ctx.db, ctx.user.id, id))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Token not found' });
  }
  return { success: true as const };
}
