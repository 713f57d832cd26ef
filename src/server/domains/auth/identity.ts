import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { ApiTokenScope } from '../../../shared/account.schema.ts';
import type { Context } from '../../trpc/context.ts';
import { NotAuthenticatedCause } from '../../trpc/not-authenticated.ts';
import {
  findActiveUserWithMembership,
  type Membership,
  type SessionUser,
} from './auth.repository.ts';

interface Caller {
  user: SessionUser;
  /** The current workspace: the session's, or the X-Workspace-Id header's for a token. */
  workspaceId: number | null;
  /** The user's membership of that workspace, looked up with the user; null when none usable. */
  membership: Membership | null;
}

/** Who is calling: a browser session, or a script holding a personal API token. */
export type Identity =
  | (Caller & { via: 'session' })
  | (Caller & { via: 'token'; token: { id: number; scope: ApiTokenScope } });

export const API_TOKEN_PREFIX = 'keel_';

/** The refusal of a read-only token's every change. */
export const READ_ONLY_TOKEN_MESSAGE = 'This API token is read-only';
/** The refusal of a token managing the account's credentials. */
export const SESSION_REQUIRED_MESSAGE = 'This needs a signed-in session, not an API token';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const ONE_MINUTE = 60 * 1000;

/** A token's last use is unknown or over a minute old (by the database's clock). */
const LAST_USE_STALE = sql<boolean>`last_used_at is null or last_used_at < now() - interval '1 minute'`;

/** The 401 of a call without a usable session or token, with its machine code. */
export function notAuthenticated(): TRPCError {
  const message = 'Not authenticated';
  return new TRPCError({
    code: 'UNAUTHORIZED',
    message,
    cause: new NotAuthenticatedCause(message),
  });
}

/**
 * The one authentication of every route, tRPC, REST or plain (uploads, downloads): the
 * caller, or 401. A read-only token's `changes` are refused here, so no route can forget it.
 */
export async function requireIdentity(ctx: Context, changes: boolean): Promise<Identity> {
  const identity = await resolveIdentity(ctx);
  if (identity === undefined || identity === 'invalid') throw notAuthenticated();
  if (identity.via === 'token' && identity.token.scope === 'read' && changes) {
    throw new TRPCError({ code: 'FORBIDDEN', message: READ_ONLY_TOKEN_MESSAGE });
  }
  return identity;
}

/**
 * A signed-in browser session, never an API token: what would let a leaked token outlive its
 * revocation or lock its owner out (new tokens, the password, the email, the profile).
 */
export function requireSession(identity: Identity): Identity & { via: 'session' } {
  if (identity.via !== 'session') {
    throw new TRPCError({ code: 'FORBIDDEN', message: SESSION_REQUIRED_MESSAGE });
  }
  return identity;
}

/**
 * Resolves the caller on every call (a deactivated user is refused at once). A bearer
 * token wins over a cookie; a wrong token is never silently replaced by the session.
 */
export async function resolveIdentity(ctx: Context): Promise<Identity | 'invalid' | undefined> {
  const header = ctx.req.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return 'invalid';
    return (await identityFromToken(ctx, match[1]!)) ?? 'invalid';
  }
  // Null once an earlier call of the same batch signed out.
  const session = ctx.req.session as typeof ctx.req.session | null;
  const userId = session?.userId;
  if (!session || !userId) return undefined;
  const workspaceId = session.workspaceId ?? null;
  const found = await findActiveUserWithMembership(ctx.db, userId, workspaceId);
  if (!found) {
    // A deactivated or deleted account: its session ends here (once, if calls race to it).
    if (ctx.req.session) await ctx.req.session.destroy();
    return 'invalid';
  }
  await touchActiveSession(ctx);
  return { ...found, workspaceId, via: 'session' };
}

async function identityFromToken(ctx: Context, token: string): Promise<Identity | undefined> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return undefined;
  const row = await ctx.db
    .selectFrom('apiTokens')
    .select(['id', 'userId', 'scope'])
    // The database's clock, so every server agrees on when a token ends and was last used.
    .select(LAST_USE_STALE.as('lastUseStale'))
    .where('tokenHash', '=', hashToken(token))
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  // Last use to the minute is all the list shows: a token used in the last minute is not
  // written again, so a script's requests read only (any write, even of the same value,
  // makes a row version and empties the embedded database's read cache).
  if (row.lastUseStale) {
    await ctx.db
      .updateTable('apiTokens')
      .set({ lastUsedAt: sql<Date>`now()` })
      .where('id', '=', row.id)
      // Two requests of the same moment: the second finds it fresh and writes nothing.
      .where(LAST_USE_STALE)
      .execute();
  }
  const header = ctx.req.headers['x-workspace-id'];
  const workspaceId =
    typeof header === 'string' && /^\d{1,9}$/.test(header) ? Number(header) : null;
  const found = await findActiveUserWithMembership(ctx.db, row.userId, workspaceId);
  if (!found) return undefined;
  return {
    ...found,
    workspaceId,
    via: 'token',
    token: { id: row.id, scope: row.scope as ApiTokenScope },
  };
}

/**
 * Moves the idle clock and the device list's "last active" forward, to about a minute:
 * one session write a minute, not one a request.
 */
async function touchActiveSession(ctx: Context): Promise<void> {
  const session = ctx.req.session as typeof ctx.req.session | null;
  if (!session) return;
  const last = session.lastSeenAt ?? 0;
  if (Date.now() - last < ONE_MINUTE) return;
  session.lastSeenAt = Date.now();
  await ctx.db
    .updateTable('activeSessions')
    .set({ lastActive: new Date(), ipAddress: ctx.req.ip })
    .where('sessionSid', '=', session.sessionId)
    .execute();
}
