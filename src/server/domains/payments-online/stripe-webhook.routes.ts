import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PlainRouteDoc } from '../../plugins/rest-adapter.ts';
import { PAYMENTS_ONLINE_TAG } from './payments-online.rest.ts';
import { receiveStripeWebhook } from './payments-online.service.ts';

export const WEBHOOK_PATH = '/api/webhooks/stripe/';

export const stripeWebhookRouteDocs: PlainRouteDoc[] = [
  {
    method: 'POST',
    path: '/api/webhooks/stripe/{endpointKey}',
    operationId: 'paymentsOnline.webhook',
    summary: 'Receive a Stripe event',
    description:
      "Stripe's webhook endpoint (the settings' `webhookUrl`): no session, no token; the `Stripe-Signature` header is checked over the raw body with the workspace's webhook signing secret, 5 minutes of tolerance. Each event id is stored once: a replay answers 200 with `duplicate: true` and changes nothing. `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` record a card payment on the invoice with the payment intent as reference, once, however often and however concurrently they arrive; `charge.refunded` records the refund as a negative payment, so the balance reopens. Events of sessions this workspace did not make are stored and ignored.",
    tag: PAYMENTS_ONLINE_TAG,
    access: 'public',
    status: 200,
    params: { endpointKey: z.string() },
    answer: z.object({ received: z.literal(true), duplicate: z.boolean().optional() }),
    refusals: { 404: 'no workspace has this endpoint key, or it has no webhook signing secret' },
  },
];

/**
 * The webhook in a context of its own, where the body stays the bytes Stripe signed:
 * parsing JSON and writing it out again would change them and fail every signature.
 */
export async function stripeWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { endpointKey: string }; Body: Buffer | undefined }>(
    `${WEBHOOK_PATH}:endpointKey`,
    async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      const answer = await receiveStripeWebhook(
        app.services,
        req.params.endpointKey,
        Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
      );
      return reply.code(answer.status).send(answer.body);
    },
  );
}
