import { vacuumEmbedded } from './db/embedded.ts';
import { analyzeStaleTables, STATISTICS_CHECK_MS } from './db/statistics.ts';
import { purgeOldLogs } from './domains/admin/admin.repository.ts';
import { deleteUnusedFiles } from './domains/files/files.repository.ts';
import {
  invoiceEmailQueue,
  invoiceRemindersQueue,
} from './domains/invoice-email/invoice-email.queue.ts';
import { formAutoresponderQueue } from './domains/forms/forms.queue.ts';
import { notificationEmailQueue } from './domains/notifications/notifications.queue.ts';
import { bookingEmailQueue } from './domains/scheduling/scheduling-email.ts';
import { recurringInvoicesQueue } from './domains/recurring-invoices/recurring-invoices.queue.ts';
import { purgeExpiredWorkspaces } from './domains/workspaces/workspaces.repository.ts';
import { deleteExpiredRateLimits } from './plugins/rate-limit.ts';
import { deleteExpiredSessions } from './plugins/session.ts';
import type { AppQueue } from './trpc/context.ts';

/**
 * Expired sessions and rate-limit windows, old activity logs, files no record uses, and
 * workspaces past their deletion grace period (each recorded in the activity log as done by
 * the system). Every step is idempotent, and the purge also takes an advisory lock, so a
 * round that runs again after a kill does no harm.
 */
export const housekeepingQueue: AppQueue = {
  name: 'housekeeping',
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 15 * 60,
  everySeconds: (config) => config.housekeepingIntervalMs / 1000,
  async handle({ db, config, system }) {
    await deleteExpiredSessions(db);
    await deleteExpiredRateLimits(db);
    await purgeOldLogs(db, config.logRetentionDays);
    await deleteUnusedFiles(db);
    await purgeExpiredWorkspaces(db, system);
    // The embedded database has no autovacuum (embedded.ts); on PostgreSQL this does nothing.
    await vacuumEmbedded(db);
  },
};

/**
 * Autovacuum's analyze rule, on both databases (db/statistics.ts): PGlite has no
 * autovacuum, and PostgreSQL's may be off or a minute late. One server a round does it.
 */
export const statisticsQueue: AppQueue = {
  name: 'table-statistics',
  retryLimit: 0,
  expireInSeconds: 10 * 60,
  everySeconds: () => STATISTICS_CHECK_MS / 1000,
  async handle({ db }) {
    await analyzeStaleTables(db);
  },
};

/**
 * Every queue the servers work, given to the job runner by the app (app.ts): each domain's
 * beside its code, and the server's own upkeep above.
 */
export const queues: AppQueue<never>[] = [
  housekeepingQueue,
  statisticsQueue,
  invoiceEmailQueue,
  invoiceRemindersQueue,
  recurringInvoicesQueue,
  notificationEmailQueue,
  formAutoresponderQueue,
  bookingEmailQueue,
];
