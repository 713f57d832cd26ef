import type { AppQueue } from '../../trpc/context.ts';
import {
  deliverInvoiceEmail,
  INVOICE_EMAIL_QUEUE,
  runDueReminders,
} from './invoice-email.service.ts';

/**
 * Delivers one outbox row of an invoice email. Retried with backoff (10 s, 20 s, 40 s, …)
 * while the mail server refuses it; the row shows each failure, and the last one stays.
 */
export const invoiceEmailQueue: AppQueue<{ emailId: number }> = {
  name: INVOICE_EMAIL_QUEUE,
  retryLimit: 5,
  retryDelaySeconds: 10,
  handle: (services, data) => deliverInvoiceEmail(services, data.emailId),
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
