import type { trpc } from '../../trpc.ts';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * Every admin action writes an activity-log row: the dashboard (actions today, recent
 * activity) and the logs are out of date after any of them. Marked stale, not refetched
 * here: they reload when next shown.
 */
export function refreshAudit(utils: Utils): Promise<unknown> {
  return Promise.all([utils.admin.dashboard.invalidate(), utils.admin.logs.invalidate()]);
}
