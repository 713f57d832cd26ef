import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import { FakeStripe, signature } from '../../../../tests/support/fake-stripe.ts';
import {
  ApiClient,
  joinAs,
  snapshot,
  useTwoWorkspaces,
  type WorkspaceAccount,
} from '../../../../tests/support/test-app.ts';

/*
 * Online payment through Stripe (issue 42), against a fake Stripe on loopback: settings with
 * write-only secrets, Pay now in the portal, and signed webhooks that record a payment
 * exactly once whatever the deliveries.
 */

const fake = await new FakeStripe().start();
afterAll(() => fake.stop());

const { t, owner, other } = useTwoWorkspaces('Stripe Studio', 'Other Studio', () => ({
  stripeApiBase: fake.url,
}));
let visitor: ApiClient;
/** Every answer the tests saw, to prove no secret is ever in one. */
const answers: string[] = [];

const SECRET_KEY = 'sk_test_51KeelSecretKeyAbcdEfgh9876';
const WEBHOOK_SECRET = 'whsec_keelSigningSecretZyxw5432';
const OTHER_WEBHOOK_SECRET = 'whsec_otherWorkspaceSecret1111';

beforeAll(() => {
  visitor = new ApiClient(t.app);
});

async function call(
  client: ApiClient,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
) {
  const res = await client.request(method, url, body);
  answers.push(res.body);
  return res;
}

async function connect(account: WorkspaceAccount, webhookSecret = WEBHOOK_SECRET, extra = {}) {
  const res = await call(account.client, 'PUT', '/api/settings/payments', {
    provider: 'stripe',
    publishableKey: 'pk_test_keelPublishable',
    secretKey: SECRET_KEY,
    webhookSecret,
    allowPartial: false,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { webhookUrl: string; secretKeySet: boolean };
}

/** An issued invoice of a new client of the account's workspace, and a portal token. */
async function invoiceWithLink(account: WorkspaceAccount, amount = '480.00', currency = 'EUR') {
  const client = await account.client.post('/api/clients', {
    name: `Payer ${Math.random()}`,
    email: 'ap@example.com',
  });
  expect(client.statusCode, client.body).toBe(201);
  const invoice = await account.client.post('/api/invoices', {
    clientId: client.json().id,
    amount,
    currency,
    status: 'sent',
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const link = await account.client.post(`/api/clients/${client.json().id}/portal-link`);
  const token = (link.json().url as string).split('/portal/')[1]!;
  return { id: invoice.json().id as number, token };
}

async function checkout(token: string, id: number, body: unknown = {}) {
  return call(visitor, 'POST', `/api/portal/${token}/invoices/${id}/checkout`, body);
}

async function invoiceOf(account: WorkspaceAccount, id: number) {
  return (await account.client.get(`/api/invoices/${id}`)).json() as {
    status: string;
    balance: string;
    paidTotal: string;
    payments: { amount: string; method: string }[];
  };
}

function endpointOf(webhookUrl: string) {
  return new URL(webhookUrl).pathname;
}

async function deliver(
  path: string,
  event: unknown,
  secret = WEBHOOK_SECRET,
  options: { timestamp?: number; tamper?: (body: string) => string; header?: string | null } = {},
) {
  const body = JSON.stringify(event);
  const header =
    options.header === undefined ? signature(body, secret, options.timestamp) : options.header;
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header !== null ? { 'stripe-signature': header } : {}),
    },
    payload: options.tamper ? options.tamper(body) : body,
  });
  answers.push(res.body);
  return res;
}

/** Pay now, then the client pays on Stripe's page: the completed session. */
async function paidSession(token: string, id: number) {
  const started = await checkout(token, id);
  expect(started.statusCode, started.body).toBe(200);
  const session = fake.created().find((s) => s.url === started.json().url)!;
  return fake.pay(session.id);
}

let webhook: string;
beforeAll(async () => {
  webhook = endpointOf((await connect(owner)).webhookUrl);
});

describe('settings', () => {
  it('are off, with no webhook URL, until first saved; reading them creates nothing', async () => {
    const read = await call(other.client, 'GET', '/api/settings/payments');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      enabled: false,
      secretKeySet: false,
      webhookSecretSet: false,
      webhookUrl: null,
      ready: false,
    });
    const tested = await call(other.client, 'POST', '/api/settings/payments/test', {});
    expect(tested.json()).toMatchObject({ ok: false, message: 'Save a secret key first' });
    const rows = await t.db
      .selectFrom('paymentSettings')
      .select('workspaceId')
      .where('workspaceId', '=', other.workspace.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('answers whether the secrets are set and their last 4, never the secrets; stores them encrypted', async () => {
    const read = await call(owner.client, 'GET', '/api/settings/payments');
    expect(read.json()).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_keelPublishable',
      secretKeySet: true,
      secretKeyLast4: '9876',
      webhookSecretSet: true,
      webhookSecretLast4: '5432',
      allowPartial: false,
      ready: true,
    });
    expect(read.json().webhookUrl).toMatch(/\/api\/webhooks\/stripe\/[1-9]\d*\.[A-Za-z0-9_-]{32}$/);
    // Leaving the secrets out keeps them.
    const kept = await call(owner.client, 'PUT', '/api/settings/payments', {
      publishableKey: 'pk_test_keelPublishable',
    });
    expect(kept.json()).toMatchObject({ secretKeySet: true, webhookSecretSet: true });
    const row = await t.db
      .selectFrom('paymentSettings')
      .select(['secretKeyEncrypted', 'webhookSecretEncrypted'])
      .where('workspaceId', '=', owner.workspace.id)
      .executeTakeFirstOrThrow();
    expect(row.secretKeyEncrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY.slice(8));
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET.slice(6));
  });

  it('is for owners and administrators only', async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await member.client.get('/api/settings/payments')).statusCode).toBe(403);
    const before = await snapshot(t.db);
    const put = await member.client.put('/api/settings/payments', {
      publishableKey: 'pk_test_x',
      secretKey: 'sk_test_member',
    });
    expect(put.statusCode).toBe(403);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('tests the connection with Stripe and says what it found', async () => {
    const ok = await call(owner.client, 'POST', '/api/settings/payments/test');
    expect(ok.json()).toMatchObject({
      ok: true,
      mode: 'test',
      accountId: 'acct_fake123',
      accountName: 'Fake Shop',
      defaultCurrency: 'EUR',
    });
    fake.refusedKeys.add(SECRET_KEY);
    try {
      const refused = await call(owner.client, 'POST', '/api/settings/payments/test');
      expect(refused.json()).toMatchObject({ ok: false, accountId: null });
      expect(refused.json().message).toMatch(/Invalid API Key/);
    } finally {
      fake.refusedKeys.delete(SECRET_KEY);
    }
  });
});

describe('pay now in the portal', () => {
  it('creates a Checkout Session for the balance in minor units and reuses it while open', async () => {
    const invoice = await invoiceWithLink(owner, '480.00', 'EUR');
    const portal = (
      await visitor.get(`/api/portal/${invoice.token}/invoices/${invoice.id}`)
    ).json();
    expect(portal.onlinePayment).toMatchObject({
      enabled: true,
      allowPartial: false,
      checkout: null,
    });

    const first = await checkout(invoice.token, invoice.id);
    expect(first.statusCode, first.body).toBe(200);
    const session = fake.created().find((s) => s.url === first.json().url)!;
    const number = (await owner.client.get(`/api/invoices/${invoice.id}`)).json().invoiceNumber;
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 48000,
      currency: 'eur',
      metadata: { workspaceId: String(owner.workspace.id), invoiceId: String(invoice.id) },
    });
    expect(session.success_url).toContain(`/portal/${invoice.token}`);
    expect(session.cancel_url).toContain(`/portal/${invoice.token}`);
    const create = fake.calls.findLast((c) => c.path === '/v1/checkout/sessions')!;
    expect(create.idempotencyKey).toBeDefined();
    expect(number).toBeTruthy();

    const again = await checkout(invoice.token, invoice.id);
    expect(again.json().url).toBe(first.json().url);
    expect(fake.created().filter((s) => s.metadata.invoiceId === String(invoice.id))).toHaveLength(
      1,
    );
  });

  it('two concurrent Pay now calls create one session', async () => {
    const invoice = await invoiceWithLink(owner, '75.50', 'USD');
    const [a, b] = await Promise.all([
      checkout(invoice.token, invoice.id),
      checkout(invoice.token, invoice.id),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().url).toBe(a.json().url);
    expect(fake.created().filter((s) => s.metadata.invoiceId === String(invoice.id))).toHaveLength(
      1,
    );
    const rows = await t.db
      .selectFrom('checkoutSessions')
      .select('stripeSessionId')
      .where('invoiceId', '=', invoice.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a paid invoice (409) and a part of the balance when partial payments are off', async () => {
    const invoice = await invoiceWithLink(owner, '90.00');
    const part = await checkout(invoice.token, invoice.id, { amount: '10.00' });
    expect(part.statusCode).toBe(400);
    const paid = await owner.client.post(`/api/invoices/${invoice.id}/payments`, {
      amount: '90.00',
      date: '2026-11-20',
      method: 'bank_transfer',
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    expect((await checkout(invoice.token, invoice.id)).statusCode).toBe(409);
  });

  it('takes a part of the balance, at least the minimum, when the workspace allows it', async () => {
    const account = other;
    const path = endpointOf(
      (
        await connect(account, OTHER_WEBHOOK_SECRET, {
          allowPartial: true,
          minimumPartial: '20',
        })
      ).webhookUrl,
    );
    expect(path).not.toBe(webhook);
    const invoice = await invoiceWithLink(account, '100.00');
    expect((await checkout(invoice.token, invoice.id, { amount: '10.00' })).statusCode).toBe(400);
    expect((await checkout(invoice.token, invoice.id, { amount: '100.01' })).statusCode).toBe(400);
    const part = await checkout(invoice.token, invoice.id, { amount: '25.00' });
    expect(part.statusCode, part.body).toBe(200);
    expect(fake.created().find((s) => s.url === part.json().url)!.amount_total).toBe(2500);
    const portal = (
      await visitor.get(`/api/portal/${invoice.token}/invoices/${invoice.id}`)
    ).json();
    expect(portal.onlinePayment).toMatchObject({ allowPartial: true, minimumPartial: '20.00' });
  });
});

describe('webhooks', () => {
  it('a completed checkout records one card payment; the portal goes from processing to paid', async () => {
    const invoice = await invoiceWithLink(owner, '480.00');
    const session = await paidSession(invoice.token, invoice.id);
    // Back from Stripe before the webhook: processing. Reading it (a GET) stores nothing of
    // Stripe's answer: the session stays open here until the webhook or a checkout call.
    const sessionRows = () =>
      t.db.selectFrom('checkoutSessions').selectAll().where('invoiceId', '=', invoice.id).execute();
    const unchanged = await sessionRows();
    expect(unchanged).toEqual([expect.objectContaining({ status: 'open' })]);
    for (let read = 0; read < 2; read++) {
      const res = await visitor.get(`/api/portal/${invoice.token}/invoices/${invoice.id}`);
      expect(res.json().onlinePayment.checkout).toMatchObject({
        state: 'processing',
        amount: '480.00',
      });
    }
    expect(await sessionRows()).toEqual(unchanged);

    const res = await deliver(webhook, fake.event('checkout.session.completed', session));
    expect(res.statusCode, res.body).toBe(200);
    const paid = await invoiceOf(owner, invoice.id);
    expect(paid).toMatchObject({ status: 'paid', balance: '0.00', paidTotal: '480.00' });
    expect(paid.payments).toEqual([expect.objectContaining({ amount: '480.00', method: 'card' })]);
    const stored = await t.db
      .selectFrom('invoicePayments')
      .select(['reference', 'externalId'])
      .where('invoiceId', '=', invoice.id)
      .execute();
    expect(stored).toEqual([
      { reference: session.payment_intent, externalId: session.payment_intent },
    ]);
    const after = (await visitor.get(`/api/portal/${invoice.token}/invoices/${invoice.id}`)).json();
    expect(after.onlinePayment).toMatchObject({ enabled: false, checkout: { state: 'paid' } });
    // As a manual payment: the payments list and the notification "invoice paid".
    const list = (await owner.client.get(`/api/payments?invoiceId=${invoice.id}`)).json();
    expect(list).toEqual([expect.objectContaining({ amount: '480.00', method: 'card' })]);
    const told = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('workspaceId', '=', owner.workspace.id)
      .where('link', '=', `/invoices/${invoice.id}`)
      .where('kind', '=', 'invoice_paid')
      .execute();
    expect(told.length).toBeGreaterThan(0);
    const events = (await call(owner.client, 'GET', '/api/settings/payments/events')).json();
    expect(events[0]).toMatchObject({ type: 'checkout.session.completed', outcome: 'applied' });
  });

  it('the same event 5 times, and 5 times at once, and its async twin record one payment', async () => {
    const invoice = await invoiceWithLink(owner, '200.00');
    const session = await paidSession(invoice.token, invoice.id);
    const event = fake.event('checkout.session.completed', session);
    for (let i = 0; i < 5; i += 1) expect((await deliver(webhook, event)).statusCode).toBe(200);
    const twin = fake.event('checkout.session.async_payment_succeeded', session);
    const at = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(webhook, event)),
      ...Array.from({ length: 5 }, () => deliver(webhook, twin)),
    ]);
    expect(at.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await invoiceOf(owner, invoice.id)).payments).toHaveLength(1);

    const second = await invoiceWithLink(owner, '60.00');
    const other5 = fake.event(
      'checkout.session.completed',
      await paidSession(second.token, second.id),
    );
    await Promise.all(Array.from({ length: 5 }, () => deliver(webhook, other5)));
    const paid = await invoiceOf(owner, second.id);
    expect(paid.payments).toHaveLength(1);
    expect(paid.status).toBe('paid');
  });

  it('a tampered body, a wrong secret, no signature or an event past the tolerance is 400 and changes nothing', async () => {
    const invoice = await invoiceWithLink(owner, '50.00');
    const event = fake.event(
      'checkout.session.completed',
      await paidSession(invoice.token, invoice.id),
    );
    const before = await snapshot(t.db);
    const events = await t.db.selectFrom('stripeEvents').select('id').execute();
    const tampered = await deliver(webhook, event, WEBHOOK_SECRET, {
      tamper: (body) => body.replace('"amount_total":5000', '"amount_total":1'),
    });
    const wrong = await deliver(webhook, event, 'whsec_notTheRightOne');
    const missing = await deliver(webhook, event, WEBHOOK_SECRET, { header: null });
    const old = await deliver(webhook, event, WEBHOOK_SECRET, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    for (const res of [tampered, wrong, missing, old]) expect(res.statusCode, res.body).toBe(400);
    expect(await snapshot(t.db)).toBe(before);
    expect(await t.db.selectFrom('stripeEvents').select('id').execute()).toEqual(events);
    expect((await invoiceOf(owner, invoice.id)).payments).toHaveLength(0);
    const unknown = await deliver('/api/webhooks/stripe/not-a-key', event);
    expect(unknown.statusCode).toBe(404);
  });

  it('a refund reopens the balance; a refund told twice counts once', async () => {
    const invoice = await invoiceWithLink(owner, '300.00');
    const session = await paidSession(invoice.token, invoice.id);
    await deliver(webhook, fake.event('checkout.session.completed', session));
    expect((await invoiceOf(owner, invoice.id)).status).toBe('paid');
    const partial = fake.event(
      'charge.refunded',
      fake.refundedCharge(session.payment_intent!, 30000, 10000, 'eur'),
    );
    expect((await deliver(webhook, partial)).statusCode).toBe(200);
    expect(await invoiceOf(owner, invoice.id)).toMatchObject({
      balance: '100.00',
      paidTotal: '200.00',
    });
    expect((await invoiceOf(owner, invoice.id)).status).not.toBe('paid');
    // The same refund in a new event (Stripe tells the charge's total refunded) changes nothing.
    await deliver(
      webhook,
      fake.event(
        'charge.refunded',
        fake.refundedCharge(session.payment_intent!, 30000, 10000, 'eur'),
      ),
    );
    expect((await invoiceOf(owner, invoice.id)).balance).toBe('100.00');
    const payments = (await owner.client.get(`/api/payments?invoiceId=${invoice.id}`)).json();
    expect(payments.map((p: { amount: string }) => p.amount).sort()).toEqual(['-100.00', '300.00']);
  });

  it('a refund that arrives before its payment ends in the right balance', async () => {
    const invoice = await invoiceWithLink(owner, '120.00');
    const session = await paidSession(invoice.token, invoice.id);
    const refund = fake.event(
      'charge.refunded',
      fake.refundedCharge(session.payment_intent!, 12000, 2000, 'eur'),
    );
    expect((await deliver(webhook, refund)).statusCode).toBe(200);
    expect((await invoiceOf(owner, invoice.id)).balance).toBe('120.00');
    await deliver(webhook, fake.event('checkout.session.completed', session));
    expect(await invoiceOf(owner, invoice.id)).toMatchObject({
      balance: '20.00',
      paidTotal: '100.00',
    });
  });

  it("a workspace's endpoint key cannot apply an event to another workspace's invoice", async () => {
    const invoice = await invoiceWithLink(owner, '80.00');
    const event = fake.event(
      'checkout.session.completed',
      await paidSession(invoice.token, invoice.id),
    );
    const otherPath = endpointOf((await connect(other, OTHER_WEBHOOK_SECRET)).webhookUrl);
    const res = await deliver(otherPath, event, OTHER_WEBHOOK_SECRET);
    expect(res.statusCode).toBe(200);
    expect((await invoiceOf(owner, invoice.id)).payments).toHaveLength(0);
    const stored = await t.db
      .selectFrom('stripeEvents')
      .select(['workspaceId', 'outcome', 'invoiceId'])
      .where('eventId', '=', event.id)
      .execute();
    expect(stored).toEqual([
      { workspaceId: other.workspace.id, outcome: 'unknown_session', invoiceId: null },
    ]);
    // Signed with the owner's secret, the other endpoint refuses it.
    expect((await deliver(otherPath, fake.event('ping', {}), WEBHOOK_SECRET)).statusCode).toBe(400);
  });

  it('an endpoint key made before keys named their workspace still works; one naming another workspace does not', async () => {
    const current = webhook.split('/').pop()!;
    const secretPart = current.split('.')[1]!;
    expect(current).toBe(`${owner.workspace.id}.${secretPart}`);
    const setKey = (endpointKey: string) =>
      t.db
        .updateTable('paymentSettings')
        .set({ endpointKey })
        .where('workspaceId', '=', owner.workspace.id)
        .execute();
    const legacy = randomBytes(24).toString('base64url');
    await setKey(legacy);
    try {
      const res = await deliver(`/api/webhooks/stripe/${legacy}`, fake.event('ping', {}));
      expect(res.statusCode, res.body).toBe(200);
      const elsewhere = `/api/webhooks/stripe/${other.workspace.id}.${legacy}`;
      expect((await deliver(elsewhere, fake.event('ping', {}))).statusCode).toBe(404);
    } finally {
      await setKey(current);
    }
  });

  it('an event in another currency is stored, not applied, and the owners are told', async () => {
    const invoice = await invoiceWithLink(owner, '40.00');
    const session = await paidSession(invoice.token, invoice.id);
    const res = await deliver(
      webhook,
      fake.event('checkout.session.completed', { ...session, currency: 'usd' }),
    );
    expect(res.statusCode).toBe(200);
    expect((await invoiceOf(owner, invoice.id)).payments).toHaveLength(0);
    const told = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('workspaceId', '=', owner.workspace.id)
      .where('kind', '=', 'online_payment_problem')
      .where('link', '=', `/invoices/${invoice.id}`)
      .execute();
    expect(told).toHaveLength(1);
    const events = (await call(owner.client, 'GET', '/api/settings/payments/events')).json();
    expect(events[0]).toMatchObject({ outcome: 'currency_mismatch', invoiceId: invoice.id });
  });
});

describe('the fee Stripe kept', () => {
  /** The invoice's payments as stored, in the currency's decimals (2 unless given). */
  async function storedFees(invoiceId: number, digits = 2) {
    const rows = await t.db
      .selectFrom('invoicePayments')
      .select(['amount', 'fee'])
      .where('workspaceId', '=', owner.workspace.id)
      .where('invoiceId', '=', invoiceId)
      .execute();
    return rows.map((r) => ({
      amount: normalizeAmount(r.amount, digits),
      fee: r.fee === null ? null : normalizeAmount(r.fee, digits),
    }));
  }

  const lookups = (paymentIntent: string) =>
    fake.calls.filter((c) => c.path === `/v1/payment_intents/${paymentIntent}`).length;

  it("is stored with the payment, from the charge's balance transaction, asked once", async () => {
    const invoice = await invoiceWithLink(owner, '480.00');
    const session = await paidSession(invoice.token, invoice.id);
    fake.fees.set(session.payment_intent!, { fee: 745, currency: 'eur' });
    const res = await deliver(webhook, fake.event('checkout.session.completed', session));
    expect(res.statusCode, res.body).toBe(200);
    expect(await storedFees(invoice.id)).toEqual([{ amount: '480.00', fee: '7.45' }]);
    expect(lookups(session.payment_intent!)).toBe(1);
    // A replay and the async twin record nothing more, so they ask Stripe nothing.
    await deliver(webhook, fake.event('checkout.session.async_payment_succeeded', session));
    expect(lookups(session.payment_intent!)).toBe(1);
    expect(await storedFees(invoice.id)).toHaveLength(1);
  });

  it('in a currency without minor units, is exact in it', async () => {
    const invoice = await invoiceWithLink(owner, '5000', 'JPY');
    const session = await paidSession(invoice.token, invoice.id);
    fake.fees.set(session.payment_intent!, { fee: 180, currency: 'jpy' });
    await deliver(webhook, fake.event('checkout.session.completed', session));
    expect(await storedFees(invoice.id, 0)).toEqual([{ amount: '5000', fee: '180' }]);
  });

  it('is left unknown, and the payment recorded all the same, when the lookup fails or the fee is in another currency', async () => {
    const failing = await invoiceWithLink(owner, '90.00');
    const failed = await paidSession(failing.token, failing.id);
    fake.failingPaymentIntents.add(failed.payment_intent!);
    const res = await deliver(webhook, fake.event('checkout.session.completed', failed));
    expect(res.statusCode, res.body).toBe(200);
    expect(lookups(failed.payment_intent!)).toBe(1);
    expect(await storedFees(failing.id)).toEqual([{ amount: '90.00', fee: null }]);
    expect(await invoiceOf(owner, failing.id)).toMatchObject({ status: 'paid', balance: '0.00' });

    const settled = await invoiceWithLink(owner, '70.00');
    const elsewhere = await paidSession(settled.token, settled.id);
    fake.fees.set(elsewhere.payment_intent!, { fee: 130, currency: 'usd' });
    await deliver(webhook, fake.event('checkout.session.completed', elsewhere));
    expect(await storedFees(settled.id)).toEqual([{ amount: '70.00', fee: null }]);
    expect((await invoiceOf(owner, settled.id)).status).toBe('paid');
  });
});

describe('voiding', () => {
  it('an invoice paid by card is refused until the payment is refunded in Stripe', async () => {
    const invoice = await invoiceWithLink(owner, '150.00');
    const session = await paidSession(invoice.token, invoice.id);
    await deliver(webhook, fake.event('checkout.session.completed', session));
    const before = await snapshot(t.db);
    const refused = await call(owner.client, 'POST', `/api/invoices/${invoice.id}/void`, {
      reason: 'Wrong client',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/refund the payment in Stripe first/);
    expect(await snapshot(t.db)).toBe(before);

    // A refund of part of it still leaves card money to give back.
    await deliver(
      webhook,
      fake.event(
        'charge.refunded',
        fake.refundedCharge(session.payment_intent!, 15000, 5000, 'eur'),
      ),
    );
    const partly = await call(owner.client, 'POST', `/api/invoices/${invoice.id}/void`, {
      reason: 'Wrong client',
    });
    expect(partly.statusCode).toBe(409);
    expect(partly.json().error).toMatch(/refund the payment in Stripe first/);

    await deliver(
      webhook,
      fake.event(
        'charge.refunded',
        fake.refundedCharge(session.payment_intent!, 15000, 15000, 'eur'),
      ),
    );
    const voided = await call(owner.client, 'POST', `/api/invoices/${invoice.id}/void`, {
      reason: 'Wrong client',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'void', balance: '0.00' });
  });
});

describe('secrets', () => {
  it('never appear in any answer', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) {
      expect(body).not.toContain(SECRET_KEY);
      expect(body).not.toContain(WEBHOOK_SECRET);
      expect(body).not.toContain(OTHER_WEBHOOK_SECRET);
    }
  });
});

describe('{payLink}', () => {
  it('previews as the portal link that opens the invoice, and stays a placeholder in the outbox', async () => {
    const invoice = await invoiceWithLink(owner, '33.00');
    const preview = await owner.client.post(`/api/invoices/${invoice.id}/email-preview`, {
      body: 'Pay here: {payLink}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().body).toMatch(
      new RegExp(`^Pay here: http://[^ ]+/portal/…\\?invoice=${invoice.id}$`),
    );
    const sent = await owner.client.post(`/api/invoices/${invoice.id}/send`, {
      body: 'Pay here: {payLink}',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().email.body).toBe('Pay here: {payLink}');
  });
});
