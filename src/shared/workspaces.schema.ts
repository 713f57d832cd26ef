import { z } from 'zod';
import { TimezoneSchema } from './business.schema.ts';
import { IdSchema } from './ids.ts';
import { WORKSPACE_ROLES } from './roles.ts';
import { singleLine } from './text.schema.ts';

export const WorkspaceIdSchema = z.object({ id: IdSchema });

const workspaceName = () => singleLine('Workspace name', { error: 'Workspace name is required' });

/** A logo is a file uploaded to Keel first (POST /api/upload/workspace-logo). */
const logoSchema = z
  .string()
  .regex(/^\/api\/files\/[A-Za-z0-9_-]{16,64}$/, 'Invalid logo URL')
  .nullable()
  .optional();

/** POST /api/workspaces: from sign-up (name, slug, email) or the standalone form (name, logo). */
export const CreateWorkspaceInputSchema = z.object({
  name: workspaceName()
    .trim()
    .min(1, 'Workspace name is required')
    .max(100, 'Workspace name must be less than 100 characters'),
  slug: z.string().trim().max(100).optional(),
  email: z.union([z.email('Invalid email'), z.literal('')]).optional(),
  logo: logoSchema,
});
export type CreateWorkspaceInput = z.infer<typeof CreateWorkspaceInputSchema>;

/** Step 2 of sign-up (SPEC §5). */
export const SignupWorkspaceFormSchema = z.object({
  workspaceName: workspaceName()
    .trim()
    .min(1, 'Workspace name is required')
    .max(50, 'Workspace name must be less than 50 characters'),
});

/** The standalone Create Your Workspace form: name required, no maximum in the UI. */
export const WorkspaceFormSchema = z.object({
  name: workspaceName().trim().min(1, 'Workspace name is required').max(100),
});

export const UpdateWorkspaceInputSchema = z.object({
  id: IdSchema,
  name: workspaceName()
    .trim()
    .min(1, 'Workspace name is required')
    .max(100, 'Workspace name must be less than 100 characters'),
  description: z
    .string()
    .max(500, 'Description must be less than 500 characters')
    .nullable()
    .optional(),
  /** The workspace icon, uploaded first through POST /api/upload/workspace-logo. */
  logoUrl: logoSchema,
});

export const WorkspaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  logoUrl: z.string().nullable(),
  subscriptionTier: z.string(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  deletedAt: z.string().nullable(),
  scheduledDeletionAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;

export const CurrentWorkspaceSchema = WorkspaceSchema.extend({ role: z.enum(WORKSPACE_ROLES) });

/** An entry of GET /api/user/workspaces. */
export const MyWorkspaceSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  logoUrl: z.string().nullable(),
  role: z.enum(WORKSPACE_ROLES),
  subscriptionTier: z.string(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  scheduledDeletionAt: z.string().nullable(),
});
export type MyWorkspace = z.infer<typeof MyWorkspaceSchema>;

/** A deleted workspace: restorable until it is removed for good at `scheduledDeletionAt`. */
export const DeletedWorkspaceSchema = z.object({
  success: z.literal(true),
  scheduledDeletionAt: z.string(),
});

/** Days between a workspace's deletion and its permanent removal (SPEC §9). */
export const WORKSPACE_DELETION_GRACE_DAYS = 30;

/**
 * GET /api/workspaces/current/usage: what the current workspace holds, counted from its rows
 * (the billing page shows these; a self-hosted Keel has no plan to measure them against).
 */
export const WorkspaceUsageSchema = z.object({
  /** Every membership, deactivated members included. */
  members: z.number().int(),
  /** Members whose membership and account are both active (as the team page shows them). */
  activeMembers: z.number().int(),
  contacts: z.number().int(),
  organizations: z.number().int(),
  projects: z.number().int(),
  invoices: z.number().int(),
  /** Bytes of the files attached to the workspace (its logos, until replaced ones are collected). */
  storageUsedBytes: z.number().int(),
  /** The server's per-workspace quota (UPLOAD_QUOTA_WORKSPACE_MB), in bytes. */
  storageQuotaBytes: z.number().int(),
});
export type WorkspaceUsage = z.infer<typeof WorkspaceUsageSchema>;

/**
 * Settings of the workspace as a whole. Its time zone decides what "today", "this week"
 * and "this month" mean for workspace figures (dashboard, overdue invoices, invoice dates);
 * a new workspace takes its owner's. The same value as the business profile's `timezone`.
 */
export const WorkspaceSettingsSchema = z.object({ timezone: TimezoneSchema });
export type WorkspaceSettings = z.infer<typeof WorkspaceSettingsSchema>;
