import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ASSIGNABLE_ROLES, WORKSPACE_ROLES } from './roles.ts';
import { singleLine } from './text.schema.ts';

/** A member of the current workspace, as GET /api/admin/users answers (SPEC §7). */
export const MemberSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  isActive: z.boolean(),
  isOwner: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  invitedBy: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** Hours a week they can work (resourcing; default 40). */
  capacityHours: z.string(),
});
export type Member = z.infer<typeof MemberSchema>;

/** 'Ada Lovelace' → ['Ada', 'Lovelace']; the last name is everything after the first word. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

export const InviteInputSchema = z.object({
  email: z
    .string({ error: 'Invalid email' })
    .trim()
    .max(254, 'Invalid email')
    .pipe(z.email('Invalid email')),
  fullName: singleLine('Full name', { error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be less than 100 characters'),
  role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose a permission profile' }).default('collaborator'),
});
export type InviteInput = z.infer<typeof InviteInputSchema>;

/** Whether the invitation's email went out, and why not when it did not. */
const EmailOutcome = {
  /** The mail server took the email. */
  emailSent: z.boolean(),
  /**
   * Whether this server sends email at all (SMTP_URL): when not, the email only reached the
   * server log and the inviter passes the link on themselves.
   */
  mailConfigured: z.boolean(),
};

export const InviteResultSchema = z.object({
  invitation: z.object({ email: z.string(), role: z.string(), expiresAt: z.string() }),
  inviteUrl: z.string(),
  ...EmailOutcome,
});
export type InviteResult = z.infer<typeof InviteResultSchema>;

/** An invitation of the current workspace not yet accepted, as /team lists it. */
export const PendingInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ASSIGNABLE_ROLES),
  /** Who the invitation comes from (null when that account is gone). */
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  /** Past it, the link no longer works; Resend gives a new one. */
  expiresAt: z.string(),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const InvitationIdSchema = z.object({ id: IdSchema });

export const ResendInvitationSchema = InvitationIdSchema.extend({
  /**
   * False: only a new link, answered and not emailed (how the link is copied: only its hash
   * is kept, so the link sent before cannot be shown again).
   */
  sendEmail: z.boolean({ error: 'sendEmail must be true or false' }).default(true),
});

/** A resent invitation: its new link (the one sent before no longer works) and expiry. */
export const ResentInvitationSchema = z.object({
  invitation: PendingInvitationSchema,
  inviteUrl: z.string(),
  ...EmailOutcome,
});

export const RoleChangeSchema = z.object({
  id: IdSchema,
  role: z.enum(ASSIGNABLE_ROLES, { error: 'Choose a permission profile' }),
});

export const RoleChangeResultSchema = z.object({
  success: z.literal(true),
  role: z.enum(ASSIGNABLE_ROLES),
});

export const MemberIdSchema = z.object({ id: IdSchema });

/** The member's state after the toggle: deactivated, or active again. */
export const MemberActiveResultSchema = z.object({
  success: z.literal(true),
  isActive: z.boolean(),
});

/** Invitation tokens: 32 random bytes, base64url. */
export const InviteTokenSchema = z.object({
  // The workspace's id and a dot, then 43 base64url characters (alone in links sent before).
  token: z
    .string()
    .regex(
      /^(?:[1-9]\d{0,9}\.)?[A-Za-z0-9_-]{43}$/,
      'This invitation link is invalid or malformed.',
    ),
});

export const InvitationViewSchema = z.object({
  organizationName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  expiresAt: z.string(),
  /** Whether the email already has an account (then its password is asked for). */
  accountExists: z.boolean(),
});

export const AcceptInvitationSchema = InviteTokenSchema.extend({
  password: z
    .string({ error: 'Password must be at least 6 characters long' })
    .min(6, 'Password must be at least 6 characters long')
    .max(200, 'Password must be at most 200 characters'),
});

/** The invitee is signed in and a member of the workspace named here. */
export const AcceptedInvitationSchema = z.object({
  success: z.literal(true),
  organizationName: z.string(),
});

/** The invitation page's form (SPEC §5). */
export const AcceptInvitationFormSchema = z
  .object({
    password: z
      .string()
      .min(1, 'Password must be at least 6 characters long')
      .min(6, 'Password must be at least 6 characters long'),
    confirmPassword: z.string().min(1, 'Passwords do not match'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** Invitations expire after seven days. */
export const INVITATION_DAYS = 7;
