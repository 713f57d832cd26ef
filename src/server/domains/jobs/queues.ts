import type { AppServices } from '../../trpc/context.ts';
import { invoiceEmailQueue, invoiceRemindersQueue } from '../invoice-email/invoice-email.queue.ts';
import { notificationEmailQueue } from '../notifications/notifications.queue.ts';
import { recurringInvoicesQueue } from '../recurring-invoices/recurring-invoices.queue.ts';
import { housekeepingQueue } from './housekeeping.jobs.ts';
import { statisticsQueue } from './statistics.jobs.ts';

/**
 * A kind of background work: what runs it, how often it is retried, and, for periodic
 * work, when it runs. Each domain defines its own beside its code and lists it below.
 */
export interface QueueDefinition<Data extends object = object> {
  /** The pg-boss queue name: lowercase words and dashes. */
  name: string;
  /**
   * The work, given what procedures are given. Delivery is at least once (a server killed
   * mid-job leaves the job to be run again once it expires), so a handler must be
   * idempotent: look at what it did before doing it again.
   */
  handle(services: AppServices, data: Data): Promise<void>;
  /**
   * 'short': at most one job waits per singleton key (sent with `singletonKey`, which every
   * send must then give), so a burst of work for one key is done by one run.
   */
  policy?: 'short';
  /** Retries after a failure, spaced by exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a run may take before it counts as failed (and is retried). */
  expireInSeconds?: number;
  /** A cron expression (UTC, one-minute resolution): pg-boss sends one job per tick, whichever server sees it first. */
  cron?: string;
  /**
   * Periodic work at an interval finer than cron's minute, from the config: each run
   * queues the next before it starts, and the queue holds at most one waiting, so a round
   * is never run twice at once, nor lost when a server dies during it.
   */
  everySeconds?: (config: AppServices['config']) => number;
}

/** Every queue the servers work. */
export const queues: QueueDefinition<never>[] = [
  housekeepingQueue,
  statisticsQueue,
  invoiceEmailQueue,
  invoiceRemindersQueue,
  recurringInvoicesQueue,
  notificationEmailQueue,
];
