import argon2 from 'argon2';
import pLimit from 'p-limit';
import { TRPCError } from '@trpc/server';
import type { LoginInput, Me, SignupInput } from '../../../shared/auth.schema.ts';
import { splitFullName } from '../../../shared/team.schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import { checkWithFailureLimits } from '../../plugins/rate-limit.ts';
import { isTwoFactorEnabled } from '../account/two-factor.repository.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import { findCurrentMembership, signInWorkspaceId } from '../workspaces/workspaces.repository.ts';
import { findDisplayPreferences } from '../account/account.repository.ts';
import { findUserCredentialsByEmail, insertUser } from './auth.repository.ts';
import type { Identity } from './identity.ts';
import { signInLimits } from './password-limits.ts';
import { beginTwoFactorSignIn } from './two-factor.ts';
import { endSession, startSession } from './sessions.ts';

const EMAIL_TAKEN = 'An account with this email already exists';
const BAD_CREDENTIALS = 'Invalid email or password';
/** Said only to whoever gave the account's correct password. */
export const DEACTIVATED_ACCOUNT = 'Your account has been deactivated. Contact your administrator.';

/**
 * argon2id with the library's defaults (64 MiB, 3 passes). Under `NODE_ENV=test` (the test
 * suites and the journeys' server) 1 MiB and 1 pass, as Devise and Django do in tests: each
 * hash carries its own parameters, so checking works either way, and the suites sign up
 * thousands of accounts (the team and account tests took half the CPU with them).
 */
export function passwordHashOptions(nodeEnv: string | undefined) {
  return nodeEnv === 'test'
    ? ({ type: argon2.argon2id, memoryCost: 1024, timeCost: 1 } as const)
    : ({ type: argon2.argon2id } as const);
}
const hashOptions = passwordHashOptions(process.env.NODE_ENV);

/**
 * Every hash and check of a password, two at a time. Each holds 64 MiB outside the
 * JavaScript heap while it runs, and libuv runs four at once: a burst of sign-ins added
 * 256 MB to the server's memory (bench: embedded RSS 646 MB under the sign-in load). Two
 * keep both of this machine's cores busy, so sign-ins are not slower for it.
 */
const passwordWork = pLimit(2);

export function hashPassword(password: string): Promise<string> {
  return passwordWork(() => argon2.hash(password, hashOptions));
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return passwordWork(() => argon2.verify(hash, password));
}

// Verified against when the email is unknown, so both failures take the same time.
const dummyHash = hashPassword('not-a-real-password');

export async function signup(ctx: Context, input: SignupInput) {
  if (await findUserCredentialsByEmail(ctx.db, input.email)) {
    throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
  }
  const passwordHash = await hashPassword(input.password);
  const user = await insertUser(ctx.db, { ...input, passwordHash }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: EMAIL_TAKEN });
    throw error;
  });
  await startSession(ctx, user.id, null);
  await recordActivity(ctx.db, {
    action: 'user_signup',
    userId: user.id,
    details: `Account created for ${user.email}`,
    ...clientInfo(ctx),
  });
  return { user };
}

export async function login(ctx: Context, input: LoginInput) {
  const found = await findUserCredentialsByEmail(ctx.db, input.email);
  // Throttled on the email as typed, whether or not an account has it, so a refusal costs
  // no hashing and reads the same for unknown accounts.
  const valid = await checkWithFailureLimits(
    ctx,
    signInLimits(ctx, input.email, found?.id),
    async () =>
      (await verifyPassword(found?.passwordHash ?? (await dummyHash), input.password)) &&
      found !== undefined,
  );
  if (found && valid && !found.isActive) {
    await recordActivity(ctx.db, {
      action: 'login',
      userId: found.id,
      details: `Refused sign-in for ${found.email}: the account is deactivated`,
      success: false,
      ...clientInfo(ctx),
    });
    throw new TRPCError({ code: 'FORBIDDEN', message: DEACTIVATED_ACCOUNT });
  }
  if (!found || !valid) {
    await recordActivity(ctx.db, {
      action: 'login',
      userId: found?.id,
      details: `Failed sign-in for ${input.email.toLowerCase()}`,
      success: false,
      ...clientInfo(ctx),
    });
    throw new TRPCError({ code: 'UNAUTHORIZED', message: BAD_CREDENTIALS });
  }
  // The password alone does not sign in: the code does (auth/two-factor.ts).
  if (await isTwoFactorEnabled(ctx.db, found.id)) return beginTwoFactorSignIn(ctx, found.id);
  // One workspace: it becomes current. Several: the user picks one on the selector. None:
  // the one they lost, to be told so.
  await startSession(ctx, found.id, await signInWorkspaceId(ctx.db, found.id));
  await recordActivity(ctx.db, {
    action: 'login',
    userId: found.id,
    details: `Signed in as ${found.email}`,
    ...clientInfo(ctx),
  });
  return {
    success: true as const,
    user: { id: found.id, email: found.email, fullName: found.fullName },
  };
}

export async function logout(ctx: Context) {
  const userId = (ctx.req.session as typeof ctx.req.session | null)?.userId;
  await endSession(ctx);
  if (userId) {
    await recordActivity(ctx.db, {
      action: 'logout',
      userId,
      details: 'Signed out',
      ...clientInfo(ctx),
    });
  }
  return { success: true as const };
}

export async function me(ctx: Context, identity: Identity): Promise<Me> {
  const { user, workspaceId } = identity;
  const [membership, preferences] = await Promise.all([
    workspaceId ? findCurrentMembership(ctx.db, workspaceId, user.id) : undefined,
    findDisplayPreferences(ctx.db, user.id),
  ]);
  return {
    id: user.id,
    ...splitFullName(user.fullName),
    email: user.email,
    role: membership?.role ?? null,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
    firstSession: identity.via === 'session' && ctx.req.session.firstSession === true,
    preferences,
  };
}
