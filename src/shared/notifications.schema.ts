import { z } from 'zod';
import { IdSchema } from './ids.ts';

/**
 * What happened, one kind per event. Each kind belongs to one email preference
 * (NOTIFICATION_PREFERENCE): the in-app list shows every kind whatever the preferences.
 */
export const NOTIFICATION_KINDS = [
  'task_assigned',
  'contact_assigned',
  'deal_assigned',
  'invitation_accepted',
  'invoice_viewed',
  'invoice_paid',
  'online_payment_problem',
  'proposal_accepted',
  'proposal_declined',
  'estimate_accepted',
  'estimate_declined',
  'contract_viewed',
  'contract_signed',
  'contract_declined',
  'timesheet_submitted',
  'timesheet_approved',
  'timesheet_rejected',
  'recurring_invoice_created',
  'recurring_invoice_unsent',
  'form_submitted',
  'job_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** 'mention': about the reader personally (assigned to you, your timesheet); 'update': the rest. */
export const NOTIFICATION_CATEGORIES = ['mention', 'update'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

/**
 * The account switch (users column) that lets a kind's email go out, beside the master
 * switch `emailNotifications`. Push notifications are not email and play no part.
 */
export const NOTIFICATION_PREFERENCE = {
  task_assigned: 'taskReminders',
  contact_assigned: 'taskReminders',
  deal_assigned: 'taskReminders',
  invitation_accepted: 'teamInvites',
  invoice_viewed: 'projectUpdates',
  invoice_paid: 'projectUpdates',
  online_payment_problem: 'projectUpdates',
  proposal_accepted: 'projectUpdates',
  proposal_declined: 'projectUpdates',
  estimate_accepted: 'projectUpdates',
  estimate_declined: 'projectUpdates',
  contract_viewed: 'projectUpdates',
  contract_signed: 'projectUpdates',
  contract_declined: 'projectUpdates',
  timesheet_submitted: 'projectUpdates',
  timesheet_approved: 'projectUpdates',
  timesheet_rejected: 'projectUpdates',
  recurring_invoice_created: 'projectUpdates',
  recurring_invoice_unsent: 'projectUpdates',
  form_submitted: 'projectUpdates',
  job_failed: 'securityAlerts',
} as const satisfies Record<
  NotificationKind,
  'taskReminders' | 'projectUpdates' | 'teamInvites' | 'securityAlerts'
>;

export const NotificationSchema = z.object({
  id: z.number(),
  kind: z.string(),
  category: z.enum(NOTIFICATION_CATEGORIES),
  title: z.string(),
  body: z.string().nullable(),
  /** An in-app path (`/tasks?task=12`), or null when there is nothing to open. */
  link: z.string().nullable(),
  /** Null for a platform notification (a failed job of no workspace). */
  workspaceId: z.number().nullable(),
  actorName: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

const booleanQuery = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

export const NOTIFICATION_FILTERS = ['all', 'mentions', 'updates'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export const NotificationListQuerySchema = z.object({
  filter: z
    .enum(NOTIFICATION_FILTERS)
    .default('all')
    .meta({ description: 'all, mentions (about you personally) or updates (the rest).' }),
  unread: booleanQuery.optional().meta({ description: 'true: only the unread ones.' }),
  limit: z.coerce.number().int().min(1).max(100).default(20).meta({
    description: 'Rows in this page, at most 100 (20 by default); X-Total-Count tells the whole.',
  }),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  total: z.number(),
  /** Unread notifications of the caller, whatever the filter. */
  unread: z.number(),
});

export const UnreadCountSchema = z.object({ unread: z.number() });

export const MarkReadInputSchema = z.union([
  z.object({ ids: z.array(IdSchema).min(1).max(500) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkReadInput = z.infer<typeof MarkReadInputSchema>;

export const MarkReadResultSchema = z.object({
  /** How many of the caller's notifications turned read. */
  marked: z.number(),
  unread: z.number(),
});
