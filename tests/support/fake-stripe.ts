import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { minorDigits } from '../../src/shared/currencies.ts';
import { fromMinor } from '../../src/shared/invoice-math.ts';

/*
 * A fake Stripe API on loopback (a random port) for the calls Keel makes: Checkout
 * Sessions created (honouring Idempotency-Key as Stripe does: the same key answers the
 * same session) and read, and the account a secret key opens (Test connection). It also
 * serves a bare checkout page for the browser journey, and builds and signs webhook events
 * with the SDK's own test header helper. Nothing reaches the internet.
 *
 * The checkout page (`GET /checkout/<session>`) shows the amount and a "Pay" button: paying
 * completes the session, sends `checkout.session.completed`, signed with the webhook secret a
 * test gave (deliverWebhooksTo), to Keel's webhook URL, then sends the browser to the
 * session's success_url, as Stripe does. A test may hold the events back (holdWebhooks) to
 * see the portal before the webhook arrives, then release them.
 */

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  expires_at: number;
  created: number;
  livemode: false;
}

/** The flat `a[b][0][c]=v` form body the SDK sends, as nested objects (arrays as objects). */
function parseForm(text: string): Record<string, any> {
  const out: Record<string, any> = {};
  for (const pair of text.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey!.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const part of path.slice(0, -1)) node = node[part] ??= {};
    node[path.at(-1)!] = value;
  }
  return out;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The small page a browser sees at a session's `url`. */
function checkoutPage(session: FakeSession): string {
  const currency = session.currency.toUpperCase();
  const amount = fromMinor(BigInt(session.amount_total), minorDigits(currency));
  const head = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Stripe Checkout</title><h1>Fake Stripe Checkout</h1>`;
  const pay = `<p>Pay ${escapeHtml(currency)} ${amount}</p>`;
  if (session.status !== 'open')
    return `${head}${pay}<p>This checkout is ${escapeHtml(session.status)}.</p>`;
  return `${head}${pay}<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form><p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class FakeStripe {
  readonly sessions = new Map<string, FakeSession>();
  /** Every call: method, path, key used, idempotency key. */
  readonly calls: { method: string; path: string; key: string; idempotencyKey?: string }[] = [];
  /** Secret keys Stripe refuses (401), as a revoked or mistyped key. */
  readonly refusedKeys = new Set<string>();
  /**
   * The fee of a payment intent's charge (minor units) and the currency its balance
   * transaction settles in; unset, 1.5 % + 25 in the payment's currency.
   */
  readonly fees = new Map<string, { fee: number; currency: string }>();
  /** Payment intents whose lookup fails (500), as Stripe having a bad moment. */
  readonly failingPaymentIntents = new Set<string>();
  private readonly idempotent = new Map<string, string>();
  private counter = 0;
  private server!: Server;
  url = '';
  /** Where the checkout page's "Pay" sends its signed event, and with which secret. */
  private webhook: { url: string; secret: string } | null = null;
  /** While true, events the checkout page makes wait in `held` until released. */
  holdWebhooks = false;
  private readonly held: string[] = [];
  /** Every webhook the fake sent Keel: the event id and Keel's answer's status. */
  readonly deliveries: { eventId: string; status: number }[] = [];

  /** On a random port unless given one (the journeys' server is told FAKE_STRIPE_PORT). */
  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body, html, location }) => {
          if (location) {
            res.writeHead(status, { location });
            res.end();
            return;
          }
          res.writeHead(status, {
            'content-type': html ? 'text/html; charset=utf-8' : 'application/json',
          });
          res.end(html ?? JSON.stringify(body));
        },
        (error: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: String(error) } }));
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', resolve);
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Keel's webhook URL (its settings' `webhookUrl`) and the signing secret it was given. */
  deliverWebhooksTo(url: string, secret: string) {
    this.webhook = { url, secret };
  }

  /** Sends an event to the webhook URL, signed as Stripe would; answers Keel's status. */
  async send(event: { id: string }): Promise<number> {
    if (!this.webhook) throw new Error('FakeStripe: no webhook URL given (deliverWebhooksTo)');
    const payload = JSON.stringify(event);
    const res = await fetch(this.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signature(payload, this.webhook.secret),
      },
      body: payload,
    });
    await res.arrayBuffer();
    this.deliveries.push({ eventId: event.id, status: res.status });
    return res.status;
  }

  /** Sends the events held back (holdWebhooks), in order; answers Keel's statuses. */
  async releaseWebhooks(): Promise<number[]> {
    const statuses: number[] = [];
    for (const payload of this.held.splice(0)) statuses.push(await this.send(JSON.parse(payload)));
    return statuses;
  }

  private next(prefix: string) {
    this.counter += 1;
    return `${prefix}_test_${this.counter.toString().padStart(6, '0')}`;
  }

  private async handle(
    req: IncomingMessage,
  ): Promise<{ status: number; body?: unknown; html?: string; location?: string }> {
    const path = (req.url ?? '').split('?')[0]!;
    const page = /^\/checkout\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && page) {
      const session = this.sessions.get(page[1]!);
      if (!session) return { status: 404, html: '<h1>Not found</h1>' };
      return { status: 200, html: checkoutPage(session) };
    }
    const paying = /^\/checkout\/([\w]+)\/pay$/.exec(path);
    if (req.method === 'POST' && paying) {
      await bodyOf(req);
      const session = this.sessions.get(paying[1]!);
      if (!session) return { status: 404, html: '<h1>Not found</h1>' };
      if (session.status !== 'open') return { status: 409, html: checkoutPage(session) };
      // Stripe completes the session, tells the webhook, and sends the browser back.
      const event = this.event('checkout.session.completed', this.pay(session.id));
      if (this.holdWebhooks) this.held.push(JSON.stringify(event));
      else await this.send(event);
      return { status: 303, location: session.success_url };
    }
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const text = await bodyOf(req);
    this.calls.push({
      method: req.method!,
      path,
      key,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    if (!key.startsWith('sk_') || this.refusedKeys.has(key)) {
      return {
        status: 401,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`,
          },
        },
      };
    }
    if (req.method === 'GET' && path === '/v1/account') {
      return {
        status: 200,
        body: {
          id: 'acct_fake123',
          object: 'account',
          country: 'FR',
          default_currency: 'eur',
          charges_enabled: true,
          business_profile: { name: 'Fake Shop' },
        },
      };
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      if (idempotencyKey && this.idempotent.has(idempotencyKey))
        return { status: 200, body: this.sessions.get(this.idempotent.get(idempotencyKey)!) };
      const form = parseForm(text);
      const line = form.line_items['0'];
      const id = this.next('cs');
      const now = Math.floor(Date.now() / 1000);
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(line.price_data.unit_amount) * Number(line.quantity),
        currency: line.price_data.currency,
        metadata: form.metadata ?? {},
        client_reference_id: form.client_reference_id ?? null,
        payment_intent: null,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `${this.url}/checkout/${id}`,
        expires_at: now + 24 * 3600,
        created: now,
        livemode: false,
      };
      this.sessions.set(id, session);
      if (idempotencyKey) this.idempotent.set(idempotencyKey, id);
      return { status: 200, body: session };
    }
    const read = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (req.method === 'GET' && read) {
      const session = this.sessions.get(read[1]!);
      return session
        ? { status: 200, body: session }
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } },
          };
    }
    const intent = this.paymentIntentRoute(req.method!, path, req.url ?? '');
    if (intent) return intent;
    return {
      status: 404,
      body: { error: { message: `Unrecognized request URL (${req.method} ${path})` } },
    };
  }

  /**
   * `GET /v1/payment_intents/{id}` of a paid session's payment intent, its `latest_charge`
   * and that charge's `balance_transaction` expanded when asked (`expand[]`), as Stripe does.
   */
  private paymentIntentRoute(
    method: string,
    path: string,
    url: string,
  ): { status: number; body: unknown } | undefined {
    const match = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method !== 'GET' || !match) return undefined;
    const id = match[1]!;
    if (this.failingPaymentIntents.has(id))
      return { status: 500, body: { error: { type: 'api_error', message: 'Fake Stripe failed' } } };
    const session = [...this.sessions.values()].find((s) => s.payment_intent === id);
    if (!session)
      return {
        status: 404,
        body: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
      };
    const query = new URLSearchParams(url.split('?')[1] ?? '');
    const expand = [...query.entries()].filter(([k]) => k.startsWith('expand')).map(([, v]) => v);
    const amount = session.amount_total;
    const { fee, currency } = this.fees.get(id) ?? {
      fee: Math.round(amount * 0.015) + 25,
      currency: session.currency,
    };
    const balance = {
      id: `txn_for_${id}`,
      object: 'balance_transaction',
      amount,
      currency,
      fee,
      net: amount - fee,
    };
    const charge = {
      id: `ch_for_${id}`,
      object: 'charge',
      amount,
      currency: session.currency,
      payment_intent: id,
      balance_transaction: expand.includes('latest_charge.balance_transaction')
        ? balance
        : balance.id,
    };
    return {
      status: 200,
      body: {
        id,
        object: 'payment_intent',
        amount,
        currency: session.currency,
        status: 'succeeded',
        latest_charge: expand.some((e) => e.startsWith('latest_charge')) ? charge : charge.id,
      },
    };
  }

  /** The client paid: the session completes with a payment intent, as Stripe's would. */
  pay(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= this.next('pi');
    return { ...session };
  }

  /** The sessions created, in order. */
  created(): FakeSession[] {
    return [...this.sessions.values()];
  }

  /** An event as Stripe sends it: `created` a time in seconds (now unless given). */
  event(type: string, object: unknown, created = Math.floor(Date.now() / 1000)) {
    return {
      id: this.next('evt'),
      object: 'event',
      api_version: '2025-01-27',
      created,
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object },
    };
  }

  /** A charge refunded in all by `amountRefunded` (minor units) on a payment intent. */
  refundedCharge(paymentIntent: string, amount: number, amountRefunded: number, currency: string) {
    return {
      id: `ch_for_${paymentIntent}`,
      object: 'charge',
      amount,
      amount_refunded: amountRefunded,
      currency,
      payment_intent: paymentIntent,
      refunded: amountRefunded >= amount,
    };
  }
}

/** The `Stripe-Signature` header for a body, signed by the SDK's own helper. */
export function signature(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp !== undefined ? { timestamp } : {}),
  });
}
