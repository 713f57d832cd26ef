import type { Database } from '../../db/create-db.ts';

/** The actions written to `activity_logs` (SPEC §3, plus failures marked success=false). */
export type ActivityAction =
  | 'user_signup'
  | 'login'
  | 'logout'
  | 'workspace_created'
  | 'workspace_deleted'
  | 'workspace_reactivated'
  | 'user_invited'
  | 'password_reset_requested'
  | 'password_reset'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'admin_action'
  | 'timesheet_approved'
  | 'timesheet_rejected'
  | 'timesheet_unlocked'
  | 'time_repriced'
  | 'error';

export interface ActivityEntry {
  action: ActivityAction;
  userId?: number | null;
  workspaceId?: number | null;
  details?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  success?: boolean;
}

export async function recordActivity(db: Database, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activityLogs')
    .values({
      action: entry.action,
      userId: entry.userId ?? null,
      workspaceId: entry.workspaceId ?? null,
      details: entry.details?.slice(0, 1000) ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent ?? null,
      success: entry.success ?? true,
    })
    .execute();
}
