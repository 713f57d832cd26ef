import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { ApiTokenScope } from '../../../shared/account.schema.ts';
import type { Context } from '../../trpc/context.ts';
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
    .updateTable('apiTokens')
    // Last use to the minute is all the list shows; avoid a write per request.
    .set({
      lastUsedAt: sql<Date>`case when last_used_at is null or last_used_at < now() - interval '1 minute'
      then now() else last_used_at end`,
    })
    .where('tokenHash', '=', hashToken(token))
    // The database's clock, so every server agrees on when a token ends.
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning(['id', 'userId', 'scope'])
    .executeTakeFirst();
  if (!row) return undefined;
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
