import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import {
  FORGOT_PASSWORD_ANSWER,
  INVALID_RESET_LINK,
  RESET_LINK_MINUTES,
  type ForgotPasswordInput,
  type ResetPasswordInput,
} from '../../../shared/password-reset.schema.ts';
import { hitRateLimit, resetRateLimit } from '../../plugins/rate-limit.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import { deleteApiTokens, deleteSessions, updateUser } from '../account/account.repository.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import { findUserCredentialsByEmail } from './auth.repository.ts';
import { DEACTIVATED_ACCOUNT, hashPassword } from './auth.service.ts';
import { hashToken } from './identity.ts';
import { signInLimits } from './password-limits.ts';
import * as repo from './password-reset.repository.ts';

/** Reset emails one address receives per hour at most; further requests send nothing. */
const EMAILS_PER_EMAIL_PER_HOUR = 3;

/**
 * Answers the same, in about the same time, whether or not an account has the email: the
 * account is looked up on every request, and the link is made and mailed after the answer
 * has gone (a deactivated account gets no link: it could not sign in with it).
 *
 * Throttled per client address by the procedure (429, as sign-up), and per email here,
 * silently: the 4th request within the hour answers the same but mails nothing, so no one
 * can fill a mailbox, and the answer still says nothing about the account.
 */
export async function requestPasswordReset(ctx: Context, input: ForgotPasswordInput) {
  const email = input.email.toLowerCase();
  const hit = await hitRateLimit(ctx.db, {
    key: `password-reset:email:${email}`,
    limit: EMAILS_PER_EMAIL_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  const found = await findUserCredentialsByEmail(ctx.db, email);
  if (hit.allowed && found?.isActive) {
    const user = { id: found.id, email: found.email, fullName: found.fullName };
    setImmediate(() => {
      sendResetLink(ctx, user).catch((error: unknown) =>
        ctx.req.log.error({ err: error }, 'password reset email failed'),
      );
    });
  }
  return { success: true as const, message: FORGOT_PASSWORD_ANSWER };
}

async function sendResetLink(ctx: Context, user: { id: number; email: string; fullName: string }) {
  // 256 random bits; only their SHA-256 is stored.
  const token = randomBytes(32).toString('base64url');
  await repo.replaceResetToken(ctx.db, user.id, hashToken(token), RESET_LINK_MINUTES);
  const resetUrl = `${ctx.config.appUrl}/reset-password/${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your Keel password',
    text: [
      `Hello ${user.fullName},`,
      '',
      'Someone asked to reset the password of your Keel account. To choose a new one, open',
      `this link (it works once, for ${RESET_LINK_MINUTES} minutes):`,
      '',
      resetUrl,
      '',
      'Setting a new password signs you out everywhere and revokes your API tokens.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  });
  await recordActivity(ctx.db, {
    action: 'password_reset_requested',
    userId: user.id,
    details: `Password reset link sent to ${user.email}`,
    ...clientInfo(ctx),
  });
}

/**
 * Sets a new password from an emailed link: the link is used up, and every session and API
 * token of the account ends (whoever had the old password is out). The caller is not signed
 * in: they sign in with the new password.
 */
export async function resetPassword(ctx: Context, input: ResetPasswordInput) {
  const tokenHash = hashToken(input.token);
  // Checked before the password is hashed, so a dead link costs no hashing.
  if (!(await repo.findUsableResetToken(ctx.db, tokenHash))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_LINK });
  }
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const token = await repo.consumeResetToken(trx, tokenHash);
    if (!token) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_RESET_LINK });
    const account = await trx
      .selectFrom('users')
      .select(['id', 'email', 'isActive'])
      .where('id', '=', token.userId)
      .executeTakeFirstOrThrow();
    // Rolled back: the link stays usable should the account be reactivated within the hour.
    if (!account.isActive) throw new TRPCError({ code: 'FORBIDDEN', message: DEACTIVATED_ACCOUNT });
    await deleteApiTokens(trx, account.id);
    await updateUser(trx, account.id, { passwordHash });
    await deleteSessions(trx, account.id);
    await repo.deleteOtherResetTokens(trx, account.id, token.id);
    return account;
  });
  // Failed guesses at the old password no longer hold the owner of the new one back.
  await Promise.all(
    signInLimits(ctx, user.email).map((limit) => resetRateLimit(ctx.db, limit.key)),
  );
  await recordActivity(ctx.db, {
    action: 'password_reset',
    userId: user.id,
    details: `Password reset from an emailed link for ${user.email}; every session and API token ended`,
    ...clientInfo(ctx),
  });
  return { success: true as const };
}
