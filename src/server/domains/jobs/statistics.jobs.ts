import { analyzeStaleTables, STATISTICS_CHECK_MS } from '../../db/statistics.ts';
import type { QueueDefinition } from './queues.ts';

/**
 * Autovacuum's analyze rule, on both databases (statistics.ts): PGlite has no autovacuum,
 * and PostgreSQL's may be off or a minute late. One server a round does it.
 */
export const statisticsQueue: QueueDefinition = {
  name: 'table-statistics',
  retryLimit: 0,
  expireInSeconds: 10 * 60,
  everySeconds: () => STATISTICS_CHECK_MS / 1000,
  async handle({ db }) {
    await analyzeStaleTables(db);
  },
};
