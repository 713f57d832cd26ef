import { showDate, showDateTime } from '../../components/display-preferences.tsx';
import { ACTIVITY_ACTIONS, type ActivityAction } from '../../../shared/activity.ts';
import { ROLE_LABELS, type WorkspaceRole } from '../../../shared/roles.ts';

/** Rows per page in the admin tables: small enough to stay quick with thousands of rows. */
export const ADMIN_PAGE_SIZE = 25;

/** The actions of the activity log, for its filter. */
export { ACTIVITY_ACTIONS };

const ACTION_COLORS: Record<ActivityAction, string> = {
  user_signup: 'teal',
  login: 'blue',
  logout: 'gray',
  workspace_created: 'indigo',
  workspace_deleted: 'red',
  workspace_reactivated: 'grape',
  user_invited: 'cyan',
  password_reset_requested: 'yellow',
  password_reset: 'yellow',
  two_factor_enabled: 'green',
  two_factor_disabled: 'yellow',
  admin_action: 'orange',
  timesheet_approved: 'green',
  timesheet_rejected: 'orange',
  timesheet_unlocked: 'violet',
  time_repriced: 'lime',
  recurring_invoice_created: 'teal',
  error: 'red',
};

export function actionColor(action: string): string {
  return ACTION_COLORS[action as ActivityAction] ?? 'gray';
}

export function formatDate(iso: string | null | undefined): string {
  return iso ? showDate(iso) : '—';
}

export function formatDateTime(iso: string): string {
  return showDateTime(iso, { seconds: true });
}

/** 1536 → '1.5 KB'; binary units, as `top` and the OS report memory. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

/** 93_784 → '1d 2h 3m'; the two or three largest units are enough to read at a glance. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}

export function formatCount(n: number): string {
  return new Intl.NumberFormat().format(n);
}

/** 'free' → 'Free' (SPEC §2: the tier defaults to free). */
export function capitalise(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** A membership role as the team page names it; unknown (legacy) roles as stored. */
export function roleLabel(role: string): string {
  return ROLE_LABELS[role as WorkspaceRole] ?? capitalise(role.replace(/_/g, ' '));
}

/**
 * An invitation is Accepted once used, Void once its sender lost the right to invite, Expired
 * when unused past its date, else Pending.
 */
export type InvitationStatus = 'Accepted' | 'Pending' | 'Expired' | 'Void';

export function invitationStatus(
  invitation: { used: boolean; expiresAt: string; voidedAt: string | null },
  now = Date.now(),
): InvitationStatus {
  if (invitation.used) return 'Accepted';
  if (invitation.voidedAt) return 'Void';
  return new Date(invitation.expiresAt).getTime() <= now ? 'Expired' : 'Pending';
}
