import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { recordLogin } from './auth.repository.ts';
import { rememberDevice } from './known-device.ts';
import type { Identity } from './identity.ts';
import type { Context } from '../../trpc/context.ts';
import { clientInfo } from '../../trpc/context.ts';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** The current workspace; null until one is chosen. */
    workspaceId?: number | null;
    /** Last request, to about a minute (ms since epoch): the idle timeout's clock. */
    lastSeenAt?: number;
    /** Sign-in time (ms since epoch): the absolute timeout's clock. */
    createdAt?: number;
    /** The user had never signed in before this session (the dashboard says "Welcome"). */
    firstSession?: boolean;
  }
}

/**
 * Signs the user in on a brand-new session id (no fixation), stores it at once so the
 * device list can point at it, and records the device.
 */
export async function startSession(
  ctx: Context,
  userId: number,
  workspaceId: number | null,
): Promise<void> {
  if (!(ctx.req.session as typeof ctx.req.session | null)) {
    // An earlier call of the same batch signed out; its session cannot be reused.
    throw new TRPCError({ code: 'CONFLICT', message: 'Signed out in this request: sign in again' });
  }
  // Read before recordLogin writes this login over it.
  const previous = await ctx.db
    .selectFrom('users')
    .select('lastLoginAt')
    .where('id', '=', userId)
    .executeTakeFirst();
  await ctx.req.session.regenerate();
  ctx.req.session.userId = userId;
  ctx.req.session.firstSession = !previous?.lastLoginAt;
  ctx.req.session.workspaceId = workspaceId;
  ctx.req.session.createdAt = Date.now();
  ctx.req.session.lastSeenAt = Date.now();
  await ctx.req.session.save();
  // Every way in (sign-up, sign-in, invitation) counts as the user's last login, and makes
  // this browser one the per-email sign-in ceiling no longer holds back (known-device.ts).
  await recordLogin(ctx.db, userId);
  rememberDevice(ctx, userId);
  const { ipAddress, userAgent } = clientInfo(ctx);
  await ctx.db
    .insertInto('activeSessions')
    .values({
      id: randomBytes(16).toString('hex'),
      sessionSid: ctx.req.session.sessionId,
      userId,
      deviceName: deviceName(userAgent),
      ipAddress,
      userAgent,
    })
    .execute();
}

export async function endSession(ctx: Context): Promise<void> {
  // Already gone when an earlier call of the same batch signed out.
  if (ctx.req.session as typeof ctx.req.session | null) await ctx.req.session.destroy();
}

/** 'Chrome on Linux' from a user agent, for the account page's device list. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'unknown system';
  return `${browser} on ${os}`;
}

/**
 * Makes a workspace current for a browser session. A script on an API token names its
 * workspace in each request (X-Workspace-Id), so nothing is stored for it.
 */
export function setCurrentWorkspace(
  ctx: Context & { identity: Identity },
  workspaceId: number | null,
): void {
  if (ctx.identity.via === 'session') ctx.req.session.workspaceId = workspaceId;
}
