import { TRPCError } from '@trpc/server';
import { INVALID_CODE, type TwoFactorStatus } from '../../../shared/two-factor.schema.ts';
import { iso } from '../../db/search.ts';
import { checkWithFailureLimits } from '../../plugins/rate-limit.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import type { SessionUser } from '../auth/auth.repository.ts';
import { verifyPassword } from '../auth/auth.service.ts';
import { notAuthenticated, type Identity } from '../auth/identity.ts';
import { passwordChangeLimits } from '../auth/password-limits.ts';
import {
  checkSecondFactor,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeDataUrl,
} from '../auth/two-factor.ts';
import { deleteApiTokens, deleteSessions, findPasswordHash } from './account.repository.ts';
import * as repo from './two-factor.repository.ts';

type AccountContext = Context & { user: SessionUser; identity: Identity };

const ALREADY_ON = 'Two-factor sign-in is already on';
const NOT_ON = 'Two-factor sign-in is not on';

async function currentState(ctx: AccountContext) {
  const row = await repo.findTwoFactor(ctx.db, ctx.user.id);
  if (!row) throw notAuthenticated();
  return row;
}

export async function status(ctx: AccountContext): Promise<TwoFactorStatus> {
  const row = await currentState(ctx);
  return {
    enabled: row.enabledAt !== null,
    enabledAt: iso(row.enabledAt),
    recoveryCodesLeft: row.enabledAt ? await repo.countRecoveryCodesLeft(ctx.db, ctx.user.id) : 0,
  };
}

/**
 * A new secret, pending until `enable` confirms a first code from it: setting up again
 * before that replaces it (a QR code scanned into nothing is no harm).
 */
export async function setup(ctx: AccountContext) {
  const row = await currentState(ctx);
  if (row.enabledAt) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ON });
  const secret = newTotpSecret();
  if (!(await repo.savePendingSecret(ctx.db, ctx.user.id, secret))) {
    throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ON });
  }
  const url = otpauthUrl(row.email, secret);
  return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
}

/**
 * A first code from the app turns two-factor sign-in on and answers the ten recovery
 * codes, this once. Every other session of the account ends: they were opened with the
 * password alone (this one stays: it just gave a code). API tokens are credentials of their
 * own, made on purpose: they are revoked only when the user asks (`revokeApiTokens`). The
 * answer says how many of each ended, so the page tells what the server did.
 */
export async function enable(
  ctx: AccountContext,
  { code, revokeApiTokens }: { code: string; revokeApiTokens: boolean },
) {
  const row = await currentState(ctx);
  if (row.enabledAt) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ON });
  if (!row.secret) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Start the setup first: no two-factor secret is waiting for a code',
    });
  }
  const factor = await checkSecondFactor(ctx, ctx.user.id, row.secret, code, {
    recoveryCodes: false,
  });
  if (!factor) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CODE });
  const recoveryCodes = newRecoveryCodes();
  const enabled = await repo.enableTwoFactor(
    ctx.db,
    ctx.user.id,
    row.secret,
    recoveryCodes.map(hashRecoveryCode),
  );
  // Another tab set up a new secret, or enabled, in between: this code was for the old one.
  if (!enabled) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ON });
  const otherSessionsEnded = await deleteSessions(ctx.db, ctx.user.id, ctx.req.session.sessionId);
  const apiTokensRevoked = revokeApiTokens ? await deleteApiTokens(ctx.db, ctx.user.id) : 0;
  await recordActivity(ctx.db, {
    action: 'two_factor_enabled',
    userId: ctx.user.id,
    details: `Two-factor sign-in turned on for ${row.email}${
      revokeApiTokens ? `; ${apiTokensRevoked} API token(s) revoked` : ''
    }`,
    ...clientInfo(ctx),
  });
  return { recoveryCodes, otherSessionsEnded, apiTokensRevoked };
}

/** Turning it off takes the password and a code (or a recovery code), both. */
export async function disable(ctx: AccountContext, password: string, code: string) {
  const row = await currentState(ctx);
  if (!row.enabledAt || !row.secret) throw new TRPCError({ code: 'CONFLICT', message: NOT_ON });
  const hash = await findPasswordHash(ctx.db, ctx.user.id);
  const limits = passwordChangeLimits(ctx, ctx.user.id);
  if (!(await checkWithFailureLimits(ctx, limits, () => verifyPassword(hash, password)))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Password is incorrect' });
  }
  if (!(await checkSecondFactor(ctx, ctx.user.id, row.secret, code))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_CODE });
  }
  await repo.clearTwoFactor(ctx.db, ctx.user.id);
  await recordActivity(ctx.db, {
    action: 'two_factor_disabled',
    userId: ctx.user.id,
    details: `Two-factor sign-in turned off for ${row.email}`,
    ...clientInfo(ctx),
  });
  return { success: true as const };
}
