import { createHash, randomInt } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { INVALID_CODE, RECOVERY_CODE_COUNT } from '../../../shared/two-factor.schema.ts';
import { checkWithFailureLimits, type FailureLimit } from '../../plugins/rate-limit.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import * as repo from '../account/two-factor.repository.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import { signInWorkspaceId } from '../workspaces/workspaces.repository.ts';
import { startSession } from './sessions.ts';

/*
 * Two-factor sign-in with time-based codes (RFC 6238: 6 digits, 30 s, SHA-1, as every
 * authenticator app reads an otpauth URL) and ten single-use recovery codes, kept as
 * SHA-256 hashes: they are random, so a slow hash would add nothing.
 */

const ISSUER = 'Keel';
/** How long the code step waits after a correct password. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
const FIFTEEN_MINUTES = 15 * 60;
export const SIGN_IN_EXPIRED =
  'Your sign-in has expired. Please enter your email and password again.';

declare module 'fastify' {
  interface Session {
    /**
     * A correct password whose account asks for a code: who, and until when (ms since
     * epoch). The session is not signed in meanwhile (no `userId`).
     */
    pendingTwoFactor?: { userId: number; expiresAt: number };
  }
}

export function newTotpSecret(): string {
  return generateSecret();
}

export function otpauthUrl(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** The QR code as an SVG data URL: drawn here, so the browser loads no QR code library. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step (RFC 6238's counter) a code belongs to, or undefined when it is no code of
 * this secret. One step either way of the current one: a phone clock a little off still
 * signs in.
 */
export async function authenticatorCodeStep(
  secret: string,
  code: string,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({ secret, token: code, epochTolerance: 30 });
  // `verify` answers HOTP's result type too; a TOTP check always carries its step.
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

// No 0/o, 1/l/i: codes are copied by hand from paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes of ten characters (about 50 random bits each), shown as `abcde-fghjk`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Case, spaces and dashes do not matter: `ABCDE FGHJK` is `abcde-fghjk`. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalized).digest('hex');
}

/**
 * Wrong codes for an account. Per (address, account) strictly, forgotten after a right
 * code; a looser ceiling per account holds against guesses spread over many addresses.
 * The same settings as sign-in's password limits.
 */
export function twoFactorLimits(ctx: Context, userId: number): FailureLimit[] {
  return [
    {
      key: `two-factor:address:${ctx.req.ip} ${userId}`,
      limit: ctx.config.authAccountRateLimit,
      windowSeconds: FIFTEEN_MINUTES,
      onSuccess: 'reset',
    },
    {
      key: `two-factor:user:${userId}`,
      limit: ctx.config.authEmailRateLimit,
      windowSeconds: FIFTEEN_MINUTES,
      onSuccess: 'release',
    },
  ];
}

export type SecondFactor = 'authenticator' | 'recovery code';

/**
 * Checks a code against the account's secret, or spends one of its recovery codes, under
 * the two-factor limits (429 past them). Six digits are an authenticator code; anything
 * else is tried as a recovery code. Answers which one passed, or undefined.
 */
export async function checkSecondFactor(
  ctx: Context,
  userId: number,
  secret: string,
  code: string,
  options: { recoveryCodes: boolean } = { recoveryCodes: true },
): Promise<SecondFactor | undefined> {
  const compact = code.replace(/\s+/g, '');
  let passed: SecondFactor | undefined;
  await checkWithFailureLimits(ctx, twoFactorLimits(ctx, userId), async () => {
    if (/^\d{6}$/.test(compact)) {
      const step = await authenticatorCodeStep(secret, compact);
      // A code is good once: a step at or before the last one accepted is a replay.
      if (step !== undefined && (await repo.spendTimeStep(ctx.db, userId, step))) {
        passed = 'authenticator';
      }
    } else if (options.recoveryCodes) {
      if (await repo.spendRecoveryCode(ctx.db, userId, hashRecoveryCode(compact))) {
        passed = 'recovery code';
      }
    }
    return passed !== undefined;
  });
  return passed;
}

/**
 * After a correct password on an account with two-factor sign-in: a fresh session that is
 * not signed in, holding only who may finish signing in with a code, for five minutes.
 */
export async function beginTwoFactorSignIn(ctx: Context, userId: number) {
  if (!(ctx.req.session as typeof ctx.req.session | null)) {
    throw new TRPCError({ code: 'CONFLICT', message: 'Signed out in this request: sign in again' });
  }
  await ctx.req.session.regenerate();
  ctx.req.session.pendingTwoFactor = { userId, expiresAt: Date.now() + PENDING_SIGN_IN_MS };
  await ctx.req.session.save();
  return { twoFactorRequired: true as const };
}

/** POST /api/auth/login/two-factor: the code (or a recovery code) that completes a sign-in. */
export async function completeTwoFactorSignIn(ctx: Context, code: string) {
  const session = ctx.req.session as typeof ctx.req.session | null;
  const pending = session?.pendingTwoFactor;
  // 400, not 401: the request came out of turn (no password step waits), it is no wrong code.
  if (!pending || pending.expiresAt <= Date.now()) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: SIGN_IN_EXPIRED });
  }
  const user = await repo.findTwoFactor(ctx.db, pending.userId);
  // Deactivated, or two-factor reset by an administrator, since the password step.
  if (!user?.isActive || !user.enabledAt || !user.secret) {
    if (session) session.pendingTwoFactor = undefined;
    throw new TRPCError({ code: 'BAD_REQUEST', message: SIGN_IN_EXPIRED });
  }
  const factor = await checkSecondFactor(ctx, user.id, user.secret, code);
  if (!factor) {
    await recordActivity(ctx.db, {
      action: 'login',
      userId: user.id,
      details: `Wrong two-factor code for ${user.email}`,
      success: false,
      ...clientInfo(ctx),
    });
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CODE });
  }
  // A new session id again: the pending one never becomes the signed-in one.
  await startSession(ctx, user.id, await signInWorkspaceId(ctx.db, user.id));
  await recordActivity(ctx.db, {
    action: 'login',
    userId: user.id,
    details: `Signed in as ${user.email} with ${factor === 'authenticator' ? 'an authenticator code' : 'a recovery code'}`,
    ...clientInfo(ctx),
  });
  return {
    success: true as const,
    user: { id: user.id, email: user.email, fullName: user.fullName },
  };
}
