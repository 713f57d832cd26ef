import { z } from 'zod';
import { ACTORS } from './activity.ts';
import { PublicUserSchema } from './auth.schema.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { WORKSPACE_ROLES } from './roles.ts';
import { singleLine } from './text.schema.ts';

export const AdminUserSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  profileImageUrl: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  /** 'admin' for platform administrators, else 'user' (SPEC §2: Admin/User). */
  role: z.enum(['admin', 'user']),
  workspaces: z.array(z.object({ id: z.number(), name: z.string(), role: z.string() })),
});

export const AdminWorkspaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  logoUrl: z.string().nullable(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  userCount: z.number(),
  subscriptionTier: z.string(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
});

export const AdminWorkspaceUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  joinedAt: z.string(),
  isActive: z.boolean(),
});

export const AdminInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  workspaceName: z.string(),
  role: z.string(),
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  used: z.boolean(),
  /** Set when the sender lost the right to invite; a void invitation can no longer be accepted. */
  voidedAt: z.string().nullable(),
});

export const ActivityLogSchema = z.object({
  id: z.number(),
  timestamp: z.string(),
  userName: z.string().nullable(),
  userId: z.number().nullable(),
  /** 'system': Keel's background work did it (no user); 'user': a user, or a visitor not signed in. */
  actor: z.enum(ACTORS),
  action: z.string(),
  details: z.string().nullable(),
  ipAddress: z.string().nullable(),
  success: z.boolean(),
});

const booleanQuery = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

export const ActivityLogQuerySchema = ListQuerySchema.extend({
  action: z.string().trim().max(50).optional(),
  userId: IdSchema.optional(),
  success: booleanQuery.optional(),
});

export const AdminUserUpdateSchema = z.object({
  id: IdSchema,
  fullName: singleLine('Full name')
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be less than 100 characters'),
  email: z.string().trim().max(254).pipe(z.email('Invalid email address')),
  isActive: z.boolean(),
});

export const AdminStatusSchema = z.object({
  id: IdSchema,
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export const AdminCreateUserSchema = z.object({
  fullName: singleLine('Full name')
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'Full name must be less than 100 characters'),
  email: z.string().trim().max(254).pipe(z.email('Invalid email address')),
  isAdmin: z.boolean().default(false),
});

/** The account made by an administrator, with its temporary password, answered this once. */
export const AdminCreatedUserSchema = z.object({
  user: PublicUserSchema,
  temporaryPassword: z.string(),
});

/** A user's or a workspace's status after an administrator changed it. */
export const AdminStatusResultSchema = z.object({
  success: z.literal(true),
  isActive: z.boolean(),
});

/** A resent invitation: its new link (the old one stops working) and its new expiry. */
export const AdminResentInvitationSchema = z.object({
  success: z.literal(true),
  inviteUrl: z.string(),
  expiresAt: z.string(),
});

export const AdminMembershipSchema = z.object({
  id: IdSchema,
  workspaceId: IdSchema,
  role: z.enum(WORKSPACE_ROLES),
});

export const AdminDashboardSchema = z.object({
  totalUsers: z.number(),
  workspaces: z.number(),
  pendingInvites: z.number(),
  actionsToday: z.number(),
  recentActivity: z.array(ActivityLogSchema),
  health: z.object({
    databaseRoundTripMs: z.number(),
    uptimeSeconds: z.number(),
    memoryRssBytes: z.number(),
    heapUsedBytes: z.number(),
    activeSessions: z.number(),
    /** Share of answers that were server errors in the last hour, on this server, in percent. */
    errorRatePercent: z.number(),
    requestsLastHour: z.number(),
  }),
});

/** One queue of background work (server domains/jobs), as the console shows it. */
export const JobQueueStateSchema = z.object({
  name: z.string(),
  /** Queued, or failed and waiting for its next attempt. */
  waiting: z.number(),
  active: z.number(),
  /** Failed with no attempt left. */
  failed: z.number(),
});

export const FailedJobSchema = z.object({
  id: z.uuid(),
  queue: z.string(),
  error: z.string(),
  attempts: z.number(),
  failedAt: z.string(),
});

export const AdminJobsSchema = z.object({
  queues: z.array(JobQueueStateSchema),
  failed: z.array(FailedJobSchema),
});

export const AdminRetryJobSchema = z.object({ id: z.uuid(), queue: z.string().min(1).max(100) });

/** Orders of the console's users list, the default first. */
export const ADMIN_USER_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  fullName: 'Name A–Z',
  '-fullName': 'Name Z–A',
  email: 'Email A–Z',
  '-email': 'Email Z–A',
} as const;
export type AdminUserSort = keyof typeof ADMIN_USER_SORT_LABELS;
export const AdminUserListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(ADMIN_USER_SORT_LABELS),
});

/** Orders of the console's invitations list, the default first. */
export const ADMIN_INVITATION_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  email: 'Email A–Z',
  '-email': 'Email Z–A',
  workspaceName: 'Workspace A–Z',
  '-workspaceName': 'Workspace Z–A',
} as const;
export type AdminInvitationSort = keyof typeof ADMIN_INVITATION_SORT_LABELS;
export const AdminInvitationListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(ADMIN_INVITATION_SORT_LABELS),
});

/** Orders of the console's workspaces list, the default first. */
export const ADMIN_WORKSPACE_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-userCount': 'Most users',
  userCount: 'Fewest users',
} as const;
export type AdminWorkspaceSort = keyof typeof ADMIN_WORKSPACE_SORT_LABELS;
export const AdminWorkspaceListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(ADMIN_WORKSPACE_SORT_LABELS),
});
