import type { AppQueue } from '../../trpc/context.ts';
import { FORM_AUTORESPONDER_QUEUE, sendAutoresponder } from './forms.service.ts';

/**
 * The autoresponder email of a form submission, queued in the submission's transaction (so
 * a rolled-back submission sends nothing) and retried while the mail server refuses.
 */
export const formAutoresponderQueue: AppQueue<{ workspaceId: number; submissionId: number }> = {
  name: FORM_AUTORESPONDER_QUEUE,
  retryLimit: 4,
  retryDelaySeconds: 30,
  async handle(services, data) {
    await sendAutoresponder(services, data);
  },
};
