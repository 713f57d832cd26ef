/**
 * Who did something, where Keel records it (the activity log, an invoice's outbox): a
 * user, or Keel's own background work (reminders, recurring invoices, housekeeping).
 */
export const ACTORS = ['user', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * The name shown for what Keel's background work did. SPEC §2 names a log row without a
 * user 'System'; the invoice outbox says the same.
 */
export const SYSTEM_ACTOR_NAME = 'System';

/**
 * The actions written to `activity_logs` (SPEC §3 plus the ones Keel adds, and failures
 * marked success=false), as stored: the admin console's filter offers exactly these.
 */
export const ACTIVITY_ACTIONS = [
  'user_signup',
  'login',
  'logout',
  'workspace_created',
  'workspace_deleted',
  'workspace_reactivated',
  'user_invited',
  'password_reset_requested',
  'password_reset',
  'two_factor_enabled',
  'two_factor_disabled',
  'admin_action',
  'timesheet_approved',
  'timesheet_rejected',
  'timesheet_unlocked',
  'time_repriced',
  'recurring_invoice_created',
  'error',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
