import type { AppQueue } from '../../trpc/context.ts';
import { deliverNotificationEmails, NOTIFICATION_EMAIL_QUEUE } from './notifications.service.ts';

/**
 * Emails a user's new notifications (deliverNotificationEmails): one job waits per user at
 * most (its singleton key), retried with backoff while the mail server refuses. Its own
 * failures tell nobody (jobs.ts): a mail server that is down would otherwise answer each
 * failure with another notification and another email.
 */
export const notificationEmailQueue: AppQueue<{ userId: number; fromId: number }> = {
  name: NOTIFICATION_EMAIL_QUEUE,
  policy: 'short',
  retryLimit: 4,
  retryDelaySeconds: 30,
  async handle(services, data) {
    await deliverNotificationEmails(services, data);
  },
};
