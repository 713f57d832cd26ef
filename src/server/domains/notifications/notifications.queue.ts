import type { QueueDefinition } from '../jobs/queues.ts';
import { deliverNotificationEmail, NOTIFICATION_EMAIL_QUEUE } from './notifications.service.ts';

/**
 * Emails one notification (deliverNotificationEmail), retried with backoff while the mail
 * server refuses it. Its own failures tell nobody (jobs.ts): a mail server that is down
 * would otherwise answer each failure with another notification and another email.
 */
export const notificationEmailQueue: QueueDefinition<{ notificationId: number }> = {
  name: NOTIFICATION_EMAIL_QUEUE,
  retryLimit: 4,
  retryDelaySeconds: 30,
  async handle(services, data) {
    await deliverNotificationEmail(services, data.notificationId);
  },
};
