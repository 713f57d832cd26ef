import type { AppQueue } from '../../trpc/context.ts';
import {
  deliverInvoiceEmail,
  DELIVERY_SECONDS,
  INVOICE_EMAIL_QUEUE,
  runDueReminders,
} from './invoice-email.service.ts';

/**
 * Delivers one outbox row: an invoice email, a payment reminder or an estimate email. Retried with backoff (10 s, 20 s, 40 s, …)
 * while the mail server refuses it; the row shows each failure, and the last one stays.
 * A run expires only after the longest a delivery may last (the mailer's timeouts), so an
 * expired job is run again only once its first run has ended or died; the retries (310 s in
 * all) outlast a dead run's claim on the row.
 */
export const invoiceEmailQueue: AppQueue<{ emailId: number; workspaceId: number }> = {
  name: INVOICE_EMAIL_QUEUE,
  retryLimit: 5,
  retryDelaySeconds: 10,
  expireInSeconds: DELIVERY_SECONDS,
  // Every sender names the workspace (one node on Citus, issue 45).
  handle: (services, data) => deliverInvoiceEmail(services, data.workspaceId, data.emailId),
};

/** Every hour, queues the payment reminders that have come due (runDueReminders). */
export const invoiceRemindersQueue: AppQueue = {
  name: 'invoice-reminders',
  cron: '7 * * * *',
  retryLimit: 2,
  async handle(services) {
    await runDueReminders(services, new Date());
  },
};
