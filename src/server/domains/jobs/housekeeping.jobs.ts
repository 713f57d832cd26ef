import { vacuumEmbedded } from '../../db/embedded.ts';
import { deleteExpiredRateLimits } from '../../plugins/rate-limit.ts';
import { deleteExpiredSessions } from '../../plugins/session.ts';
import { purgeOldLogs } from '../admin/admin.repository.ts';
import { deleteUnusedFiles } from '../files/files.repository.ts';
import { purgeExpiredWorkspaces } from '../workspaces/workspaces.repository.ts';
import type { QueueDefinition } from './queues.ts';

/**
 * Expired sessions and rate-limit windows, old activity logs, files no record uses, and
 * workspaces past their deletion grace period. Every step is idempotent, and the purge
 * also takes an advisory lock, so a round that runs again after a kill does no harm.
 */
export const housekeepingQueue: QueueDefinition = {
  name: 'housekeeping',
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 15 * 60,
  everySeconds: (config) => config.housekeepingIntervalMs / 1000,
  async handle({ db, config }) {
    await deleteExpiredSessions(db);
    await deleteExpiredRateLimits(db);
    await purgeOldLogs(db, config.logRetentionDays);
    await deleteUnusedFiles(db);
    await purgeExpiredWorkspaces(db);
    // The embedded database has no autovacuum (embedded.ts); on PostgreSQL this does nothing.
    await vacuumEmbedded(db);
  },
};
