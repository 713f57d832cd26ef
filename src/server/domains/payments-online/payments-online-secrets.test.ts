import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, signature } from '../../../../tests/support/fake-stripe.ts';
import {
  ApiClient,
  openTestDatabase,
  signUpWithWorkspace,
  testConfig,
  type WorkspaceAccount,
} from '../../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';

/*
 * Stripe's secrets never leave the server: the server's every log line (at the most
 * talkative level) and every answer, through each path that handles them (saving the
 * settings, testing the connection, Pay now, webhooks good and bad, Stripe refusing the
 * key), hold neither the secret key, nor the webhook signing secret, nor a
 * `Stripe-Signature` header that was sent.
 */

const SECRET_KEY = 'sk_test_51LogsSecretKeyQrstUvwx4242';
const WEBHOOK_SECRET = 'whsec_logsSigningSecretMnop7777';

const fake = await new FakeStripe().start();
const logLines: string[] = [];
const answers: string[] = [];
const signatures: string[] = [];

let app: FastifyInstance;
let close: () => Promise<void>;
let owner: WorkspaceAccount;
let visitor: ApiClient;
let webhook: string;

beforeAll(async () => {
  const handle = await openTestDatabase();
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(
    testConfig({ logLevel: 'trace', logFormat: 'json', stripeApiBase: fake.url }),
    handle.db,
    { logDestination: destination },
  );
  close = async () => {
    // The emails and notifications the payments queued finish first: a job still running
    // when the database closes fails outside any test.
    await app.services.jobs.idle();
    await app.close();
    await handle.close();
  };
  owner = await signUpWithWorkspace(app, 'Quiet Studio');
  visitor = new ApiClient(app);
});
afterAll(async () => {
  await close?.();
  await fake.stop();
});

/** Keeps the answer, its headers with it, for the final check. */
function kept(res: LightMyRequestResponse) {
  answers.push(JSON.stringify(res.headers), res.body);
  return res;
}

async function deliver(
  event: unknown,
  options: { secret?: string; tamper?: boolean; path?: string } = {},
) {
  const body = JSON.stringify(event);
  const header = signature(body, options.secret ?? WEBHOOK_SECRET);
  signatures.push(header);
  return kept(
    await app.inject({
      method: 'POST',
      url: options.path ?? webhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: options.tamper ? body.replace('"paid"', '"unpaid"') : body,
    }),
  );
}

async function invoiceWithLink(amount: string) {
  const client = await owner.client.post('/api/clients', {
    name: `Payer ${amount}`,
    email: 'ap@example.com',
  });
  expect(client.statusCode, client.body).toBe(201);
  const invoice = await owner.client.post('/api/invoices', {
    clientId: client.json().id,
    amount,
    currency: 'EUR',
    status: 'sent',
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const link = await owner.client.post(`/api/clients/${client.json().id}/portal-link`);
  return { id: invoice.json().id as number, token: link.json().url.split('/portal/')[1] as string };
}

describe('Stripe secrets', () => {
  it('are in no log line and no answer, whatever happens to them', async () => {
    // Saving them, over REST and tRPC, and a save refused by validation.
    const saved = kept(
      await owner.client.put('/api/settings/payments', {
        provider: 'stripe',
        publishableKey: 'pk_test_logs',
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        allowPartial: false,
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    webhook = new URL(saved.json().webhookUrl as string).pathname;
    const invalid = kept(
      await owner.client.put('/api/settings/payments', {
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
        methods: ['bitcoin'],
      }),
    );
    expect(invalid.statusCode).toBe(400);
    const overTrpc = kept(
      await owner.client.trpc('paymentsOnline.updateSettings', 'mutation', {
        publishableKey: 'pk_test_logs',
        secretKey: SECRET_KEY,
        webhookSecret: WEBHOOK_SECRET,
      }),
    );
    expect(overTrpc.statusCode, overTrpc.body).toBe(200);
    kept(await owner.client.get('/api/settings/payments'));

    // Testing the connection: Stripe takes the key, then refuses it.
    const ok = kept(await owner.client.post('/api/settings/payments/test'));
    expect(ok.json()).toMatchObject({ ok: true });
    fake.refusedKeys.add(SECRET_KEY);
    const refused = kept(await owner.client.post('/api/settings/payments/test'));
    expect(refused.json()).toMatchObject({ ok: false });

    // Pay now while Stripe refuses the key: a 502 that says so in words for the client (never
    // the key), its cause logged with Stripe's words.
    const first = await invoiceWithLink('120.00');
    const failed = kept(
      await visitor.post(`/api/portal/${first.token}/invoices/${first.id}/checkout`, {}),
    );
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({
      error: 'Stripe could not start the payment: try again in a moment',
    });
    fake.refusedKeys.delete(SECRET_KEY);
    const started = kept(
      await visitor.post(`/api/portal/${first.token}/invoices/${first.id}/checkout`, {}),
    );
    expect(started.statusCode, started.body).toBe(200);

    // Webhooks: a good one whose fee lookup fails (logged), its replay, and bad ones.
    const session = fake.created().find((s) => s.url === started.json().url)!;
    const paid = fake.pay(session.id);
    fake.failingPaymentIntents.add(paid.payment_intent!);
    const event = fake.event('checkout.session.completed', paid);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event, { tamper: true })).statusCode).toBe(400);
    expect((await deliver(event, { secret: 'whsec_someoneElse0000' })).statusCode).toBe(400);
    const unsigned = kept(
      await app.inject({
        method: 'POST',
        url: webhook,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      }),
    );
    expect(unsigned.statusCode).toBe(400);
    const unknown = await deliver(event, { path: `/api/webhooks/stripe/${'A'.repeat(32)}` });
    expect(unknown.statusCode).toBe(404);

    // The log has the lines that would carry a secret, were one to leak.
    expect(logLines.some((line) => line.includes('Invalid API Key provided'))).toBe(true);
    expect(logLines.some((line) => line.includes('Stripe fee unknown'))).toBe(true);
    expect(logLines.some((line) => line.includes('/api/webhooks/stripe/'))).toBe(true);
    expect(logLines.length).toBeGreaterThan(30);

    const secrets = [
      SECRET_KEY,
      WEBHOOK_SECRET,
      ...signatures,
      // The signature's hash alone, as a header parsed and logged in parts would show it.
      ...signatures.map((header) => /v1=([0-9a-f]+)/.exec(header)![1]!),
    ];
    for (const text of [...logLines, ...answers]) {
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
