import { trpc } from '../../trpc.ts';

/**
 * Every admin action writes an activity-log row: the dashboard (actions today, recent
 * activity) and the logs are out of date after any of them. Listed in each admin
 * mutation's `invalidates`: marked stale, they reload when next shown.
 */
export const auditReads = [trpc.admin.dashboard, trpc.admin.logs];
