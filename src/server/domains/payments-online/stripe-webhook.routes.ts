import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { hitRateLimit, tooManyAttempts } from '../../plugins/rate-limit.ts';
import type { PlainRouteDoc } from '../../plugins/rest-adapter.ts';
import { PAYMENTS_ONLINE_TAG } from './payments-online.rest.ts';
import {
  receiveStripeWebhook,
  webhookEndpoint,
  type WebhookEndpoint,
} from './payments-online.service.ts';

export const WEBHOOK_PATH = '/api/webhooks/stripe/';

export const stripeWebhookRouteDocs: PlainRouteDoc[] = [
  {
    method: 'POST',
    path: '/api/webhooks/stripe/{endpointKey}',
    operationId: 'paymentsOnline.webhook',
    summary: 'Receive a Stripe event',
    description:
      "Stripe's webhook endpoint (the settings' `webhookUrl`): no session, no token; the `Stripe-Signature` header is checked over the raw body with the workspace's webhook signing secret, 5 minutes of tolerance. Each event id is stored once: a replay answers 200 with `duplicate: true` and changes nothing. `checkout.session.completed` (paid) and `checkout.session.async_payment_succeeded` record a card payment on the invoice with the payment intent as reference and the fee Stripe kept (null when Stripe cannot tell it in the invoice's currency), once, however often and however concurrently they arrive; `charge.refunded` records the refund as a negative payment, so the balance reopens. Events of sessions this workspace did not make are stored and ignored. Deliveries are counted per endpoint key and per sending address before the body is read.",
    tag: PAYMENTS_ONLINE_TAG,
    access: 'public',
    status: 200,
    params: { endpointKey: z.string() },
    answer: z.object({ received: z.literal(true), duplicate: z.boolean().optional() }),
    refusals: {
      404: 'no workspace has this endpoint key, or it has no webhook signing secret',
      429: 'too many deliveries to this endpoint key (STRIPE_WEBHOOK_RATE_LIMIT a minute) or from this address (STRIPE_WEBHOOK_IP_RATE_LIMIT)',
    },
  },
];

/**
 * Every endpoint key's shape (`ensureSettings`: the workspace's id, a dot and 24 random bytes
 * in base64url; the random part alone in keys made before keys named their workspace).
 */
const ENDPOINT_KEY = /^(?:[1-9]\d{0,9}\.)?[A-Za-z0-9_-]{32}$/;

type WebhookRequest = FastifyRequest<{ Params: { endpointKey: string } }>;

/** The workspace each delivery's key named, found before its body is read. */
const endpoints = new WeakMap<FastifyRequest, WebhookEndpoint>();

/**
 * Before the body is read: deliveries counted per sending address, the key looked up, then
 * counted per key. A refusal (429 with `Retry-After`) or an unknown key (404) costs these
 * counters and one indexed read, nothing else; a key no workspace has gets no counter of
 * its own, so made-up keys fill the address's count only.
 */
async function webhookLimits(app: FastifyInstance, req: WebhookRequest, reply: FastifyReply) {
  const { db, config } = app.services;
  const refuse = (retryAfterSeconds: number) =>
    reply.code(429).send({ error: tooManyAttempts(reply, retryAfterSeconds).message });
  const unknown = () => reply.code(404).send({ error: 'Unknown webhook endpoint' });
  const byAddress = await hitRateLimit(db, {
    key: `stripe-webhook:address:${req.ip}`,
    limit: config.stripeWebhookIpRateLimit,
    windowSeconds: 60,
  });
  if (!byAddress.allowed) return refuse(byAddress.retryAfterSeconds);
  const { endpointKey } = req.params;
  if (!ENDPOINT_KEY.test(endpointKey)) return unknown();
  const endpoint = await webhookEndpoint(db, endpointKey);
  if (!endpoint) return unknown();
  const byKey = await hitRateLimit(db, {
    key: `stripe-webhook:key:${endpointKey}`,
    limit: config.stripeWebhookRateLimit,
    windowSeconds: 60,
  });
  if (!byKey.allowed) return refuse(byKey.retryAfterSeconds);
  endpoints.set(req, endpoint);
}

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
    { onRequest: (req, reply) => webhookLimits(app, req, reply) },
    async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      const answer = await receiveStripeWebhook(
        app.services,
        endpoints.get(req)!,
        Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined,
        req.log,
      );
      return reply.code(answer.status).send(answer.body);
    },
  );
}
