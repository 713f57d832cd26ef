import { randomBytes } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { addDays } from 'date-fns';
import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  canInvite,
  canManageMember,
  type AssignableRole,
  type WorkspaceRole,
} from '../../../shared/roles.ts';
import { TIMEZONES } from '../../../shared/account.schema.ts';
import { DEFAULT_DISPLAY } from '../../../shared/datetime.ts';
import { INVITATION_DAYS, splitFullName, type InviteInput } from '../../../shared/team.schema.ts';
import type { Workspace } from '../../../shared/workspaces.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { RowExport } from '../../db/export-batches.ts';
import { scopedToken, workspaceOfToken } from '../../db/tenancy.ts';
import { gone } from '../../plugins/errors.ts';
import {
  recordFailure,
  recordSuccess,
  refuseWhenFull,
  type FailureLimit,
} from '../../plugins/rate-limit.ts';
import { clientInfo, type Context } from '../../trpc/context.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import {
  findUserCredentialsByEmail,
  insertUser,
  type SessionUser,
} from '../auth/auth.repository.ts';
import { hashToken } from '../auth/identity.ts';
import { hashPassword, verifyPassword } from '../auth/auth.service.ts';
import { signInLimits } from '../auth/password-limits.ts';
import { startSession } from '../auth/sessions.ts';
import { findDisplayPreferences, updateUser } from '../account/account.repository.ts';
import { isTwoFactorEnabled } from '../account/two-factor.repository.ts';
import { findProfile } from '../business/business.repository.ts';
import { invitationAccepted } from '../notifications/notification-events.ts';
import * as repo from './team.repository.ts';

type TeamContext = Context & { user: SessionUser; workspace: Workspace; role: WorkspaceRole };

const MEMBER_NOT_FOUND = 'Team member not found';
const INVALID_LINK = 'This invitation link is invalid, expired, or has already been used.';
const ALREADY_MEMBER = 'This person is already a member of this workspace';
const INVITATION_NOT_FOUND = 'Invitation not found';
const VOID_INVITATION_TO_RESEND =
  'This invitation is void: the person who sent it can no longer invite members. Send a new one.';
const VOID_INVITATION =
  'This invitation is no longer valid: the person who sent it can no longer invite members. Ask the workspace for a new invitation.';

/**
 * A new invitation link: 256 random bits after the workspace's id (the lookup names its
 * workspace), of which only the hash is kept.
 */
function newInvitationToken(ctx: TeamContext) {
  const token = scopedToken(ctx.workspace.id, randomBytes(32).toString('base64url'));
  return {
    tokenHash: hashToken(token),
    inviteUrl: `${ctx.config.appUrl}/invite/${token}`,
    expiresAt: addDays(new Date(), INVITATION_DAYS),
  };
}

/**
 * Emails the invitation link. Answers whether the email went out: never without SMTP_URL
 * (the mailer then writes it to the server log), nor when the mail server refused it.
 */
async function sendInvitationEmail(
  ctx: TeamContext,
  to: { email: string; fullName: string; role: WorkspaceRole },
  inviteUrl: string,
) {
  const mailConfigured = ctx.mailer.delivers;
  const emailSent = await ctx.mailer
    .send({
      to: to.email,
      subject: `${ctx.user.fullName} invited you to ${ctx.workspace.name} on Keel`,
      text: [
        `Hello ${to.fullName},`,
        '',
        `${ctx.user.fullName} invited you to join ${ctx.workspace.name} on Keel as ${ROLE_LABELS[to.role]}.`,
        `Accept the invitation within ${INVITATION_DAYS} days: ${inviteUrl}`,
      ].join('\n'),
    })
    .then(
      () => mailConfigured,
      (error: unknown) => {
        ctx.req.log.error({ err: error }, 'invitation email failed');
        return false;
      },
    );
  return { emailSent, mailConfigured };
}

/**
 * Invites someone by email: a single-use token of 256 random bits, kept hashed, bound to
 * the email, valid seven days. The link goes out by email and is also answered to the
 * inviter, with whether the email went out.
 */
export async function invite(ctx: TeamContext, input: InviteInput) {
  const email = input.email.toLowerCase();
  if (await repo.isMemberByEmail(ctx.db, ctx.workspace.id, email)) {
    throw new TRPCError({ code: 'CONFLICT', message: ALREADY_MEMBER });
  }
  const { tokenHash, inviteUrl, expiresAt } = newInvitationToken(ctx);
  await ctx.db.transaction().execute((trx) =>
    repo.insertInvitation(trx, {
      workspaceId: ctx.workspace.id,
      tokenHash,
      email,
      fullName: input.fullName,
      role: input.role,
      invitedBy: ctx.user.id,
      expiresAt,
    }),
  );
  const outcome = await sendInvitationEmail(
    ctx,
    { email, fullName: input.fullName, role: input.role },
    inviteUrl,
  );
  await recordActivity(ctx.db, {
    action: 'user_invited',
    userId: ctx.user.id,
    workspaceId: ctx.workspace.id,
    details: `Invited ${email} as ${ROLE_LABELS[input.role]}`,
    ...clientInfo(ctx),
  });
  return {
    invitation: { email, role: input.role, expiresAt: expiresAt.toISOString() },
    inviteUrl,
    ...outcome,
  };
}

/** The workspace's invitations not yet accepted (managers only), newest first. */
export function listInvitations(ctx: TeamContext) {
  return repo.listPendingInvitations(ctx.db, ctx.workspace.id);
}

/**
 * A pending invitation gets a new link and a new expiry, and comes from the manager who
 * renews it (the invitation lives by their right to invite): the link sent before stops
 * working. Emailed again unless `sendEmail` is false (the inviter copies the new link).
 */
export async function resendInvitation(
  ctx: TeamContext,
  input: { id: number; sendEmail: boolean },
) {
  const { tokenHash, inviteUrl, expiresAt } = newInvitationToken(ctx);
  const invitation = await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findWorkspaceInvitation(trx, ctx.workspace.id, input.id);
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: INVITATION_NOT_FOUND });
    if (found.used)
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'This invitation has already been accepted',
      });
    if (found.voidedAt !== null)
      throw new TRPCError({ code: 'CONFLICT', message: VOID_INVITATION_TO_RESEND });
    if (await repo.isMemberByEmail(trx, ctx.workspace.id, found.email))
      throw new TRPCError({ code: 'CONFLICT', message: ALREADY_MEMBER });
    if (!canInvite(ctx.role, found.role as WorkspaceRole))
      throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do this" });
    const renewed = await repo.renewInvitation(trx, ctx.workspace.id, input.id, {
      tokenHash,
      expiresAt,
      invitedBy: ctx.user.id,
    });
    if (!renewed) throw new TRPCError({ code: 'NOT_FOUND', message: INVITATION_NOT_FOUND });
    return renewed;
  });
  const outcome = input.sendEmail
    ? await sendInvitationEmail(
        ctx,
        { email: invitation.email, fullName: invitation.fullName ?? '', role: invitation.role },
        inviteUrl,
      )
    : { emailSent: false, mailConfigured: ctx.mailer.delivers };
  await recordActivity(ctx.db, {
    action: 'user_invited',
    userId: ctx.user.id,
    workspaceId: ctx.workspace.id,
    details: input.sendEmail
      ? `Resent the invitation of ${invitation.email}`
      : `Made a new invitation link for ${invitation.email}`,
    ...clientInfo(ctx),
  });
  return { invitation, inviteUrl, ...outcome };
}

/** Cancels a pending invitation: it is deleted, and its link reads as invalid. */
export async function cancelInvitation(ctx: TeamContext, id: number) {
  const invitation = await ctx.db.transaction().execute(async (trx) => {
    const found = await repo.findWorkspaceInvitation(trx, ctx.workspace.id, id);
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: INVITATION_NOT_FOUND });
    if (found.used)
      throw new TRPCError({
        code: 'CONFLICT',
        message: 'This invitation has already been accepted',
      });
    await repo.deletePendingInvitation(trx, ctx.workspace.id, id);
    return found;
  });
  await recordActivity(ctx.db, {
    action: 'user_invited',
    userId: ctx.user.id,
    workspaceId: ctx.workspace.id,
    details: `Cancelled the invitation of ${invitation.email}`,
    ...clientInfo(ctx),
  });
  return { success: true as const };
}

/** The member another member may act on: not themselves, not an owner, within their rights. */
async function manageableMember(ctx: TeamContext, userId: number) {
  const target = await repo.findMembershipRole(ctx.db, ctx.workspace.id, userId);
  if (!target) throw new TRPCError({ code: 'NOT_FOUND', message: MEMBER_NOT_FOUND });
  if (userId === ctx.user.id) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You cannot change your own membership' });
  }
  if (!canManageMember(ctx.role, target.role)) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: "You don't have permission to manage this member",
    });
  }
  return target;
}

export async function changeRole(ctx: TeamContext, userId: number, role: AssignableRole) {
  await manageableMember(ctx, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setMemberRole(trx, ctx.workspace.id, userId, role);
    await repo.voidInvitationsSentBy(trx, userId, {
      workspaceId: ctx.workspace.id,
      exceptRoles: ASSIGNABLE_ROLES.filter((invited) => canInvite(role, invited)),
    });
  });
  return { success: true as const, role };
}

/** Deactivate or reactivate (one toggle, SPEC §7); the member is shut out on their next request. */
export async function toggleActive(ctx: TeamContext, userId: number) {
  const target = await manageableMember(ctx, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setMemberActive(trx, ctx.workspace.id, userId, !target.isActive);
    if (target.isActive)
      await repo.voidInvitationsSentBy(trx, userId, { workspaceId: ctx.workspace.id });
  });
  return { success: true as const, isActive: !target.isActive };
}

/** Removes the member from this workspace; the account stays for its other workspaces. */
export async function removeMember(ctx: TeamContext, userId: number) {
  await manageableMember(ctx, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteMembership(trx, ctx.workspace.id, userId);
    await repo.voidInvitationsSentBy(trx, userId, { workspaceId: ctx.workspace.id });
  });
  return { success: true as const };
}

const MEMBER_EXPORT_COLUMNS = [
  'Name',
  'Email',
  'Permission',
  'Status',
  'Last active',
  'Invited on',
  'Invited by',
] as const;

/** The members CSV (managers only), in the team page's order. */
export function exportMembers(ctx: TeamContext): RowExport {
  return {
    columns: MEMBER_EXPORT_COLUMNS,
    batches: async function* () {
      for await (const members of repo.memberBatches(ctx.db, ctx.workspace.id)) {
        yield members.map((m) => ({
          Name: m.fullName,
          Email: m.email,
          Permission: ROLE_LABELS[m.role],
          Status: m.isActive ? 'Active' : 'Deactivated',
          'Last active': m.lastLoginAt ?? '',
          'Invited on': m.createdAt,
          'Invited by': m.invitedBy ?? '',
        }));
      }
    },
  };
}

// Accepting an invitation (public)

async function usableInvitation(db: Database, token: string, forUpdate = false) {
  const invitation = await repo.findInvitationByHash(
    db,
    hashToken(token),
    workspaceOfToken(token),
    forUpdate,
  );
  if (!invitation || invitation.workspaceDeleted || !invitation.workspaceActive) {
    throw new TRPCError({ code: 'NOT_FOUND', message: INVALID_LINK });
  }
  if (invitation.used)
    throw new TRPCError({ code: 'NOT_FOUND', message: 'This invitation has already been used.' });
  if (invitation.expiresAt.getTime() <= Date.now()) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'This invitation has expired.' });
  }
  // The sender must still hold the right to invite to this role, here and now: voiding on
  // removal, demotion and deactivation covers the usual paths; this covers every path.
  const senderMayInvite =
    invitation.senderMembershipActive === true &&
    invitation.senderAccountActive === true &&
    canInvite(invitation.senderRole as WorkspaceRole, invitation.role as WorkspaceRole);
  if (invitation.voidedAt !== null || !senderMayInvite) throw gone(VOID_INVITATION);
  return invitation;
}

export async function viewInvitation({ db }: Pick<Context, 'db'>, token: string) {
  const invitation = await usableInvitation(db, token);
  const account = await findUserCredentialsByEmail(db, invitation.email);
  return {
    organizationName: invitation.workspaceName,
    ...splitFullName(invitation.fullName ?? ''),
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
    accountExists: account !== undefined,
  };
}

/**
 * A new member reads dates as their workspace writes them: an account made by the
 * invitation starts from the workspace's time zone, date and time format (Settings →
 * Business), not from New York and a 12-hour clock. So does an existing account that
 * belongs to no workspace yet and still holds the defaults; anyone else keeps the clock
 * they chose. A zone the preferences do not offer leaves the account's own.
 */
async function startFromWorkspaceClock(
  db: Database,
  userId: number,
  workspaceId: number,
  newAccount: boolean,
) {
  if (!newAccount) {
    const mine = await findDisplayPreferences(db, userId);
    const untouched =
      mine.timezone === DEFAULT_DISPLAY.timezone &&
      mine.dateFormat === DEFAULT_DISPLAY.dateFormat &&
      mine.timeFormat === DEFAULT_DISPLAY.timeFormat;
    const member = await db
      .selectFrom('userWorkspaces')
      .select('id')
      .where('userId', '=', userId)
      .executeTakeFirst();
    if (!untouched || member) return;
  }
  const { timezone, dateFormat, timeFormat } = await findProfile(db, workspaceId);
  const offered = (TIMEZONES as readonly string[]).includes(timezone);
  await updateUser(db, userId, { ...(offered ? { timezone } : {}), dateFormat, timeFormat });
}

/**
 * Creates the account (or, when the email already has one, checks its password), adds
 * the membership, spends the token and signs in, all or nothing.
 */
export async function acceptInvitation(ctx: Context, token: string, password: string) {
  let wrongPassword: FailureLimit[] | undefined;
  const accepting = ctx.db.transaction().execute(async (trx) => {
    const invitation = await usableInvitation(trx, token, true);
    const existing = await findUserCredentialsByEmail(trx, invitation.email);
    let userId: number;
    if (existing) {
      // Throttled like sign-in, on the same counters: the account's password is guessed here too.
      const limits = signInLimits(ctx, invitation.email, existing.id);
      await refuseWhenFull(trx, ctx.reply, limits);
      if (!existing.isActive || !(await verifyPassword(existing.passwordHash, password))) {
        wrongPassword = limits;
        throw new TRPCError({
          code: 'UNAUTHORIZED',
          message: 'An account with this email already exists: enter its password to join',
        });
      }
      await recordSuccess(trx, limits);
      userId = existing.id;
    } else {
      const user = await insertUser(trx, {
        email: invitation.email,
        fullName: invitation.fullName || invitation.email,
        passwordHash: await hashPassword(password),
      }).catch((error: unknown) => {
        if (isUniqueViolation(error))
          throw new TRPCError({ code: 'CONFLICT', message: INVALID_LINK });
        throw error;
      });
      userId = user.id;
    }
    await startFromWorkspaceClock(trx, userId, invitation.workspaceId, !existing);
    await trx
      .insertInto('userWorkspaces')
      .values({
        workspaceId: invitation.workspaceId,
        userId,
        role: invitation.role,
        invitedBy: invitation.invitedBy,
      })
      .onConflict((oc) => oc.columns(['workspaceId', 'userId']).doNothing())
      .execute();
    await repo.markInvitationUsed(trx, invitation.workspaceId, invitation.id);
    await invitationAccepted(trx, ctx.jobs, {
      workspaceId: invitation.workspaceId,
      inviterId: invitation.invitedBy,
      memberUserId: userId,
    });
    return {
      userId,
      workspaceId: invitation.workspaceId,
      organizationName: invitation.workspaceName,
    };
  });
  // Counted once the transaction has rolled back (which would undo it), on the database's
  // own connection: the embedded database has only the one the transaction holds.
  const result = await accepting.catch(async (error: unknown) => {
    if (wrongPassword) await recordFailure(ctx.db, wrongPassword);
    throw error;
  });
  // An account with two-factor sign-in joins, but the password alone does not sign it in:
  // it signs in as usual, with its code, and finds the workspace there.
  const twoFactor = await isTwoFactorEnabled(ctx.db, result.userId);
  if (!twoFactor) await startSession(ctx, result.userId, result.workspaceId);
  await recordActivity(ctx.db, {
    action: 'login',
    userId: result.userId,
    workspaceId: result.workspaceId,
    details: `Joined ${result.organizationName} from an invitation${twoFactor ? ' (not signed in: two-factor sign-in is on)' : ''}`,
    ...clientInfo(ctx),
  });
  return { success: true as const, organizationName: result.organizationName };
}
