import type { FailureLimit } from '../../plugins/rate-limit.ts';
import type { Context } from '../../trpc/context.ts';
import { isKnownDevice } from './known-device.ts';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Failed passwords for an email (sign-in, or joining from an invitation with an existing
 * account). Strictly per (email, client address): someone guessing from their address
 * locks out only that address, never the owner elsewhere. A looser ceiling per email
 * holds against guesses spread over many addresses. Keys depend on the email as typed
 * (lower-cased), never on whether an account has it, so unknown emails answer the same.
 *
 * A browser that signed in as the account before (`userId`, the email's account when there
 * is one) is neither counted against nor blocked by the ceiling: strangers filling it from
 * many addresses cannot lock the owner out of their own devices. Its own (email, address)
 * limit still holds. Without `userId`, both limits (password-reset clears both).
 */
export function signInLimits(ctx: Context, email: string, userId?: number): FailureLimit[] {
  const normalized = email.trim().toLowerCase();
  const perAddress: FailureLimit = {
    // An email has no space, so the address and the email cannot run into each other.
    key: `sign-in:address:${ctx.req.ip} ${normalized}`,
    limit: ctx.config.authAccountRateLimit,
    windowSeconds: FIFTEEN_MINUTES,
    onSuccess: 'reset',
  };
  if (isKnownDevice(ctx, userId)) return [perAddress];
  return [
    perAddress,
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
