import type { AppQueue } from '../../trpc/context.ts';
import { runRecurringInvoices } from './recurring-invoices.schedule.ts';

/**
 * Every 15 minutes, whichever server sees the tick: the invoices of the periods that have
 * started. A retried or repeated run does no harm (one invoice per period, by the
 * template's lock and the invoices' unique (template, period)).
 */
export const recurringInvoicesQueue: AppQueue = {
  name: 'recurring-invoices',
  cron: '*/15 * * * *',
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  async handle(services) {
    await runRecurringInvoices(services, new Date());
  },
};
