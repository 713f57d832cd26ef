import type { FailureLimit } from '../../plugins/rate-limit.ts';
import type { Context } from '../../trpc/context.ts';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Failed passwords for an email (sign-in, or joining from an invitation with an existing
 * account). Strictly per (email, client address): someone guessing from their address
 * locks out only that address, never the owner elsewhere. A looser ceiling per email
 * holds against guesses spread over many addresses. Keys depend on the email as typed
 * (lower-cased), never on whether an account has it, so unknown emails answer the same.
 */
export function signInLimits(ctx: Context, email: string): FailureLimit[] {
  const normalized = email.trim().toLowerCase();
  return [
    {
      // An email has no space, so the address and the email cannot run into each other.
      key: `sign-in:address:${ctx.req.ip} ${normalized}`,
      limit: ctx.config.authAccountRateLimit,
      windowSeconds: FIFTEEN_MINUTES,
      onSuccess: 'reset',
    },
    {
      key: `sign-in:email:${normalized}`,
      limit: ctx.config.authEmailRateLimit,
      windowSeconds: FIFTEEN_MINUTES,
      onSuccess: 'release',
    },
  ];
}

/**
 * Wrong current passwords on a password change. Only the session's own holder can fail it,
 * so the strict limit is per user, from any address; the per-address limit (sign-in's
 * setting, per minute) slows one address working through several stolen sessions.
 */
export function passwordChangeLimits(ctx: Context, userId: number): FailureLimit[] {
  return [
    {
      key: `password-change:user:${userId}`,
      limit: ctx.config.authAccountRateLimit,
      windowSeconds: FIFTEEN_MINUTES,
      onSuccess: 'reset',
    },
    {
      key: `password-change:address:${ctx.req.ip}`,
      limit: ctx.config.authRateLimit,
      windowSeconds: 60,
      onSuccess: 'release',
    },
  ];
}
