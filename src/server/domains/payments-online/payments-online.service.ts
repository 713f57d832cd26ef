import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import { todayIn } from '../../../shared/datetime.ts';
import {
  compareAmounts,
  fromMinor,
  normalizeAmount,
  subtractAmounts,
  toMinor,
} from '../../../shared/invoice-math.ts';
import { amountDecimalsMessage, fitsCurrency, formatMoney } from '../../../shared/money.ts';
import type {
  OnlinePayment,
  PaymentConnectionTest,
  PaymentSettings,
  PaymentSettingsInput,
  StripeEvent,
} from '../../../shared/payments-online.schema.ts';
import { PAYMENT_SETTINGS_NEVER_SAVED } from '../../../shared/payments-online.schema.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import type { AppServices, Context, WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import { getInvoice, recordProviderPayment } from '../invoices/invoices.service.ts';
import { onlinePaymentProblem } from '../notifications/notification-events.ts';
import { portalUrl, type PortalTarget } from '../portal/portal-links.service.ts';
import * as repo from './payments-online.repository.ts';
import { decryptSecret, encryptSecret } from './secrets.ts';
import { stripeClient, verifiedEvent, type Stripe } from './stripe-client.ts';

const SECRET_KEY = 'stripe secret key';
const WEBHOOK_SECRET = 'stripe webhook secret';

type Services = Pick<AppServices, 'db' | 'config' | 'jobs'>;
type SettingsScope = WorkspaceScope & Pick<Context, 'config'>;

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Invoice not found' });

export function webhookUrl(appUrl: string, endpointKey: string) {
  return `${appUrl.replace(/\/+$/, '')}/api/webhooks/stripe/${endpointKey}`;
}

function isReady(row: repo.SettingsRow): row is NonNullable<repo.SettingsRow> {
  return !!row && row.enabled && !!row.secretKeyEncrypted && !!row.webhookSecretEncrypted;
}

function toSettings(row: NonNullable<repo.SettingsRow>, appUrl: string): PaymentSettings {
  return {
    provider: row.provider as PaymentSettings['provider'],
    enabled: row.enabled,
    publishableKey: row.publishableKey,
    secretKeySet: row.secretKeyEncrypted !== null,
    secretKeyLast4: row.secretKeyLast4,
    webhookSecretSet: row.webhookSecretEncrypted !== null,
    webhookSecretLast4: row.webhookSecretLast4,
    methods: row.methods as PaymentSettings['methods'],
    allowPartial: row.allowPartial,
    minimumPartial: row.minimumPartial === null ? null : normalizeAmount(row.minimumPartial, 2),
    webhookUrl: webhookUrl(appUrl, row.endpointKey),
    ready: isReady(row),
  };
}

// ------------------------------------------------------------------ settings (owners, admins)

/**
 * `GET /api/settings/payments`: a read changes nothing, so a workspace that never saved its
 * payment settings gets them off, with no webhook URL until the first save makes its key.
 */
export async function getSettings(scope: SettingsScope): Promise<PaymentSettings> {
  const row = await repo.findSettings(scope.db, scope.workspace.id);
  if (!row) return PAYMENT_SETTINGS_NEVER_SAVED;
  return toSettings(row, scope.config.appUrl);
}

export async function updateSettings(
  scope: SettingsScope,
  input: PaymentSettingsInput,
  log?: { warn(message: string): void },
): Promise<PaymentSettings> {
  const { db, workspace, config } = scope;
  await repo.ensureSettings(db, workspace.id);
  if (input.minimumPartial && !fitsCurrency(input.minimumPartial, 'EUR'))
    throw badRequest('Minimum partial payment must have at most 2 decimals');
  const secret = (name: string, value: string | undefined) =>
    value === undefined ? undefined : encryptSecret(config, workspace.id, name, value, log);
  const secretKeyEncrypted = secret(SECRET_KEY, input.secretKey);
  const webhookSecretEncrypted = secret(WEBHOOK_SECRET, input.webhookSecret);
  await repo.updateSettings(db, workspace.id, {
    provider: input.provider,
    enabled: input.enabled,
    publishableKey: input.publishableKey,
    methods: input.methods,
    allowPartial: input.allowPartial,
    minimumPartial: input.allowPartial ? (input.minimumPartial ?? null) : null,
    ...(secretKeyEncrypted
      ? { secretKeyEncrypted, secretKeyLast4: input.secretKey!.slice(-4) }
      : {}),
    ...(webhookSecretEncrypted
      ? { webhookSecretEncrypted, webhookSecretLast4: input.webhookSecret!.slice(-4) }
      : {}),
  });
  return getSettings(scope);
}

function secretKeyOf(config: Config, row: NonNullable<repo.SettingsRow>) {
  return row.secretKeyEncrypted
    ? decryptSecret(config, row.workspaceId, SECRET_KEY, row.secretKeyEncrypted)
    : undefined;
}

/** Stripe's words without the key, should an error ever quote it. */
function scrubbed(message: string, secret: string) {
  return message.split(secret).join('sk_…').slice(0, 300);
}

/** `POST /api/settings/payments/test`: which Stripe account the saved secret key opens. */
export async function testConnection(scope: SettingsScope): Promise<PaymentConnectionTest> {
  const row = await repo.findSettings(scope.db, scope.workspace.id);
  const failed = (message: string): PaymentConnectionTest => ({
    ok: false,
    mode: null,
    accountId: null,
    accountName: null,
    country: null,
    defaultCurrency: null,
    chargesEnabled: null,
    message,
  });
  if (!row?.secretKeyEncrypted) return failed('Save a secret key first');
  const secretKey = secretKeyOf(scope.config, row);
  if (!secretKey)
    return failed(
      'The saved secret key cannot be read with this server’s SECRETS_KEY: save it again',
    );
  try {
    const account = await stripeClient(scope.config, secretKey).accounts.retrieveCurrent();
    return {
      ok: true,
      mode: secretKey.includes('_live_') ? 'live' : 'test',
      accountId: account.id,
      accountName:
        account.business_profile?.name ?? account.settings?.dashboard?.display_name ?? null,
      country: account.country ?? null,
      defaultCurrency: account.default_currency?.toUpperCase() ?? null,
      chargesEnabled: account.charges_enabled ?? null,
      message: 'Connected to Stripe',
    };
  } catch (error) {
    return failed(scrubbed(error instanceof Error ? error.message : String(error), secretKey));
  }
}

/** `GET /api/settings/payments/events`: the last events Stripe sent, newest first. */
export async function listEvents(scope: WorkspaceScope, limit: number): Promise<StripeEvent[]> {
  const rows = await repo.listEvents(scope.db, scope.workspace.id, limit);
  return rows.map((r) => ({
    id: r.eventId,
    type: r.type,
    receivedAt: iso(r.receivedAt),
    outcome: r.outcome as StripeEvent['outcome'],
    invoiceId: r.invoiceId,
  }));
}

// ------------------------------------------------------------------ the portal

const OPEN = new Set(['sent', 'viewed', 'overdue']);

/** An invoice of the token's client that is issued (drafts are not in the portal). */
async function portalInvoiceOf(db: Database, target: PortalTarget, id: number) {
  const scope = { db, workspace: { id: target.workspaceId } };
  let invoice;
  try {
    invoice = await getInvoice(scope, id);
  } catch {
    throw notFound();
  }
  if (invoice.clientId !== target.clientId || invoice.status === 'draft') throw notFound();
  return invoice;
}

/**
 * What the portal shows of online payment for an invoice: whether "Pay now" is there, and
 * how the last Checkout went. A session still open here is asked of Stripe, so a client
 * back from paying sees "Payment processing" until the webhook arrives.
 */
export async function onlinePaymentOf(
  db: Database,
  config: Config,
  workspaceId: number,
  invoice: { id: number; status: string; balance: string },
): Promise<OnlinePayment> {
  const settings = await repo.findSettings(db, workspaceId);
  const ready = isReady(settings);
  const latest = ready ? await repo.latestSession(db, workspaceId, invoice.id) : undefined;
  let checkout: OnlinePayment['checkout'] = null;
  if (latest) {
    let status = latest.status;
    // Read only: what Stripe says is shown, not stored (the checkout call stores it).
    if (status === 'open') status = await refreshedStatus(db, config, settings!, latest, false);
    const states = { open: 'open', processing: 'processing', complete: 'paid', expired: 'expired' };
    checkout = {
      state: states[status as keyof typeof states] as NonNullable<
        OnlinePayment['checkout']
      >['state'],
      amount: normalizeAmount(latest.amount, minorDigits(latest.currency)),
      createdAt: iso(latest.createdAt),
    };
  }
  return {
    enabled: ready && OPEN.has(invoice.status) && compareAmounts(invoice.balance, '0') > 0,
    methods: (settings?.methods ?? ['card']) as OnlinePayment['methods'],
    allowPartial: settings?.allowPartial ?? false,
    minimumPartial:
      settings?.allowPartial && settings.minimumPartial !== null
        ? normalizeAmount(settings.minimumPartial, 2)
        : null,
    checkout,
  };
}

type SessionRow = Awaited<ReturnType<typeof repo.latestSession>> & {};

/**
 * An open session as Stripe has it now: complete (paid, webhook to come) or expired; with
 * `store`, written down too (never from a GET, which must not write).
 */
async function refreshedStatus(
  db: Database,
  config: Config,
  settings: NonNullable<repo.SettingsRow>,
  session: SessionRow,
  store: boolean,
): Promise<string> {
  if (session.expiresAt && session.expiresAt.getTime() <= Date.now()) {
    if (store) {
      await repo.setSessionStatus(db, settings.workspaceId, session.stripeSessionId, 'expired');
    }
    return 'expired';
  }
  const secretKey = secretKeyOf(config, settings);
  if (!secretKey) return 'open';
  try {
    const found = await stripeClient(config, secretKey).checkout.sessions.retrieve(
      session.stripeSessionId,
    );
    if (found.status === 'open') return 'open';
    const status = found.status === 'complete' ? 'processing' : 'expired';
    if (store) {
      await repo.setSessionStatus(
        db,
        settings.workspaceId,
        session.stripeSessionId,
        status,
        paymentIntentOf(found.payment_intent),
      );
    }
    return status;
  } catch {
    // Stripe unreachable: the portal still opens; the webhook settles it.
    return 'open';
  }
}

function paymentIntentOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * `POST /api/portal/{token}/invoices/{id}/checkout`: a Stripe Checkout Session for the
 * balance (or a part, when the workspace allows it), reused while open. Stripe makes one
 * session per idempotency key (invoice, amount, and how many of its sessions ended), so
 * two clicks at once get the same session even before either is stored here.
 */
export async function portalCheckout(
  db: Database,
  config: Config,
  target: PortalTarget,
  token: string,
  input: { id: number; amount?: string | undefined },
): Promise<{ url: string }> {
  const invoice = await portalInvoiceOf(db, target, input.id);
  const settings = await repo.findSettings(db, target.workspaceId);
  if (!isReady(settings)) throw conflict('This business does not take online payments');
  if (invoice.status === 'paid') throw conflict('This invoice is paid');
  if (invoice.status === 'void') throw conflict('This invoice is void');
  const digits = minorDigits(invoice.currency);
  const balance = normalizeAmount(invoice.balance, digits);
  if (compareAmounts(balance, '0') <= 0) throw conflict('Nothing is left to pay on this invoice');
  const amount = amountToPay(input.amount, balance, invoice.currency, settings);

  const secretKey = secretKeyOf(config, settings);
  if (!secretKey) throw conflict('This business does not take online payments');
  const stripe = stripeClient(config, secretKey);

  const sessions = await repo.findSessionsFor(db, target.workspaceId, invoice.id, amount);
  for (const session of sessions.filter((s) => s.status === 'open')) {
    const status = await refreshedStatus(db, config, settings, session, true);
    if (status === 'open' && session.url) return { url: session.url };
    if (status === 'processing') throw conflict('A payment of this invoice is being processed');
  }
  const ended = sessions.length;
  const unitAmount = Number(toMinor(amount, digits));
  const idempotencyKey = `keel-checkout-${target.workspaceId}-${invoice.id}-${invoice.currency}-${unitAmount}-${ended}`;
  const page = portalUrl(config.appUrl, token);
  const label = invoice.invoiceNumber ? `Invoice ${invoice.invoiceNumber}` : 'Invoice';
  const metadata = { workspaceId: String(target.workspaceId), invoiceId: String(invoice.id) };
  let created: Stripe.Checkout.Session;
  try {
    created = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: invoice.currency.toLowerCase(),
              unit_amount: unitAmount,
              product_data: { name: label },
            },
          },
        ],
        payment_intent_data: { description: label, metadata },
        metadata,
        client_reference_id: `${target.workspaceId}-${invoice.id}`,
        success_url: `${page}?invoice=${invoice.id}&checkout=success`,
        cancel_url: `${page}?invoice=${invoice.id}&checkout=cancel`,
      },
      { idempotencyKey },
    );
  } catch (error) {
    throw new TRPCError({
      code: 'BAD_GATEWAY',
      message: 'Stripe could not start the payment: try again in a moment',
      cause: error,
    });
  }
  if (!created.url) throw new TRPCError({ code: 'BAD_GATEWAY', message: 'Stripe gave no page' });
  await repo.insertSession(db, target.workspaceId, {
    invoiceId: invoice.id,
    amount,
    currency: invoice.currency,
    stripeSessionId: created.id,
    idempotencyKey,
    url: created.url,
    expiresAt: created.expires_at ? new Date(created.expires_at * 1000) : null,
  });
  return { url: created.url };
}

/** The amount a Checkout asks: the balance, or a part of it as the settings allow. */
function amountToPay(
  requested: string | undefined,
  balance: string,
  currency: string,
  settings: NonNullable<repo.SettingsRow>,
): string {
  if (requested === undefined) return balance;
  if (!fitsCurrency(requested, currency)) throw badRequest(amountDecimalsMessage(currency));
  const digits = minorDigits(currency);
  const amount = normalizeAmount(requested, digits);
  if (compareAmounts(amount, '0') <= 0) throw badRequest('Amount must be greater than 0');
  if (compareAmounts(amount, balance) > 0)
    throw badRequest(`The amount is more than the balance due (${formatMoney(balance, currency)})`);
  if (compareAmounts(amount, balance) === 0) return amount;
  if (!settings.allowPartial) throw badRequest('Pay the balance due: partial payments are off');
  const minimum = settings.minimumPartial;
  if (minimum !== null && compareAmounts(amount, minimum) < 0)
    throw badRequest(`The least you can pay at once is ${formatMoney(minimum, currency)}`);
  return amount;
}

// ------------------------------------------------------------------ the webhook

export interface WebhookAnswer {
  status: 200 | 400;
  body: { received: true; duplicate?: boolean } | { error: string };
}

export type WebhookEndpoint = NonNullable<repo.SettingsRow> & { webhookSecretEncrypted: string };

/**
 * The workspace settings an endpoint key names, when they can check a signature: the key
 * is the webhook's only clue to its workspace. Undefined answers 404.
 */
export async function webhookEndpoint(
  db: Database,
  endpointKey: string,
): Promise<WebhookEndpoint | undefined> {
  const settings = await repo.findSettingsByEndpointKey(db, endpointKey);
  if (!settings?.webhookSecretEncrypted) return undefined;
  return { ...settings, webhookSecretEncrypted: settings.webhookSecretEncrypted };
}

/**
 * `POST /api/webhooks/stripe/{endpointKey}`, once `webhookEndpoint` found the workspace: the signature is checked over the raw body
 * with the workspace's signing secret, then the event is stored once and applied in the
 * same transaction: a replay (the same event id) finds it stored and changes nothing, and
 * a failure leaves nothing stored, so Stripe's retry applies it.
 */
export async function receiveStripeWebhook(
  services: Services,
  endpoint: WebhookEndpoint,
  raw: Buffer,
  signature: string | undefined,
  log?: FeeLog,
): Promise<WebhookAnswer> {
  const { db, config } = services;
  const settings = endpoint;
  if (!signature) return { status: 400, body: { error: 'The Stripe-Signature header is missing' } };
  const secret = decryptSecret(
    config,
    settings.workspaceId,
    WEBHOOK_SECRET,
    settings.webhookSecretEncrypted,
  );
  let event: Stripe.Event;
  try {
    if (!secret) throw new Error('unreadable secret');
    event = verifiedEvent(raw, signature, secret);
  } catch {
    return { status: 400, body: { error: 'The Stripe signature does not match this endpoint' } };
  }
  const fee = await knownFee(services, settings, event, log);
  const stored = await db.transaction().execute(async (trx) => {
    const workspaceId = settings.workspaceId;
    const id = await repo.insertEvent(trx, workspaceId, {
      eventId: event.id,
      type: event.type,
      payload: event,
      paymentIntent: eventPaymentIntent(event),
    });
    if (id === undefined) return false;
    const { outcome, invoiceId } = await applyEvent(trx, services, workspaceId, event, fee);
    await repo.setEventOutcome(trx, workspaceId, id, outcome, invoiceId);
    return true;
  });
  return { status: 200, body: stored ? { received: true } : { received: true, duplicate: true } };
}

function eventPaymentIntent(event: Stripe.Event): string | null {
  const object = event.data.object as { payment_intent?: string | { id: string } | null };
  return paymentIntentOf(object.payment_intent);
}

interface FeeLog {
  warn(details: object, message: string): void;
}

function isPaidSession(
  event: Stripe.Event,
): event is
  Stripe.CheckoutSessionCompletedEvent | Stripe.CheckoutSessionAsyncPaymentSucceededEvent {
  return (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  );
}

/**
 * What Stripe kept of a paid Checkout (the fee of its charge's balance transaction), in the
 * payment's currency. Asked before the event's transaction, so no lock waits on Stripe, and
 * only for a payment this workspace will record (not a replay, its twin, or another tool's
 * session). Null whenever it is not known: the lookup failed, the charge has no balance
 * transaction yet, or the account settles in another currency than the payment's. The
 * payment is recorded all the same: a fee is never worth losing a payment.
 */
async function knownFee(
  services: Services,
  settings: NonNullable<repo.SettingsRow>,
  event: Stripe.Event,
  log?: FeeLog,
): Promise<string | null> {
  if (!isPaidSession(event)) return null;
  const session = event.data.object;
  const paymentIntent = paymentIntentOf(session.payment_intent);
  if (session.payment_status !== 'paid' || !paymentIntent) return null;
  const { db, config } = services;
  const workspaceId = settings.workspaceId;
  if (
    (await repo.hasEvent(db, workspaceId, event.id)) ||
    (await repo.findPaymentByExternalId(db, workspaceId, paymentIntent)) ||
    !(await repo.findSessionByStripeId(db, workspaceId, session.id))
  )
    return null;
  const secretKey = secretKeyOf(config, settings);
  if (!secretKey) return null;
  const currency = (session.currency ?? '').toUpperCase();
  try {
    // Stripe waits for this webhook's answer: a short wait, no retry.
    const stripe = stripeClient(config, secretKey, { timeout: 5_000, maxNetworkRetries: 0 });
    const intent = await stripe.paymentIntents.retrieve(paymentIntent, {
      expand: ['latest_charge.balance_transaction'],
    });
    const charge = intent.latest_charge;
    const balance = charge && typeof charge === 'object' ? charge.balance_transaction : null;
    if (!balance || typeof balance === 'string') return null;
    if (balance.currency.toUpperCase() !== currency) return null;
    if (!Number.isSafeInteger(balance.fee) || balance.fee < 0) return null;
    return fromMinor(BigInt(balance.fee), minorDigits(currency));
  } catch (error) {
    log?.warn(
      {
        paymentIntent,
        reason: scrubbed(error instanceof Error ? error.message : String(error), secretKey),
      },
      'Stripe fee unknown: the payment is recorded without it',
    );
    return null;
  }
}

type Applied = { outcome: StripeEvent['outcome']; invoiceId: number | null };

async function applyEvent(
  db: Database,
  services: Services,
  workspaceId: number,
  event: Stripe.Event,
  fee: string | null,
): Promise<Applied> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionPaid(db, services, workspaceId, event, event.data.object, fee);
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const row = await repo.findSessionByStripeId(db, workspaceId, session.id);
      if (!row) return { outcome: 'unknown_session', invoiceId: null };
      await repo.setSessionStatus(db, workspaceId, session.id, 'expired');
      return { outcome: 'applied', invoiceId: row.invoiceId };
    }
    case 'charge.refunded':
      return chargeRefunded(db, services, workspaceId, event.data.object);
    default:
      return { outcome: 'ignored', invoiceId: null };
  }
}

/**
 * One payment intent's events one at a time (a refund and the payment it refunds may come
 * at once, in either order): a transaction lock, released at commit.
 */
async function lockPaymentIntent(db: Database, workspaceId: number, paymentIntent: string) {
  const key = `stripe:${workspaceId}:${paymentIntent}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

async function eventDate(db: Database, workspaceId: number, event: Stripe.Event) {
  const profile = await findProfile(db, workspaceId);
  return todayIn(profile.timezone, new Date(event.created * 1000));
}

async function sessionPaid(
  db: Database,
  services: Services,
  workspaceId: number,
  event: Stripe.Event,
  session: Stripe.Checkout.Session,
  fee: string | null,
): Promise<Applied> {
  const row = await repo.findSessionByStripeId(db, workspaceId, session.id);
  // Not a session this workspace made (another tool on the same Stripe account, or another
  // workspace's): kept, never applied.
  if (!row) return { outcome: 'unknown_session', invoiceId: null };
  const invoiceId = row.invoiceId;
  const paymentIntent = paymentIntentOf(session.payment_intent);
  if (session.payment_status !== 'paid') {
    await repo.setSessionStatus(db, workspaceId, session.id, 'processing', paymentIntent);
    return { outcome: 'not_paid', invoiceId };
  }
  const currency = (session.currency ?? '').toUpperCase();
  const externalId = paymentIntent ?? session.id;
  await lockPaymentIntent(db, workspaceId, externalId);
  const result = await recordProviderPayment(db, services.jobs, workspaceId, invoiceId, {
    amount: fromMinor(BigInt(session.amount_total ?? 0), minorDigits(currency)),
    currency,
    date: await eventDate(db, workspaceId, event),
    method: 'card',
    note: 'Paid online by card (Stripe)',
    reference: externalId,
    fee,
    externalId,
  });
  if (result === 'currency_mismatch' || result === 'closed') {
    await onlinePaymentProblem(db, services.jobs, {
      workspaceId,
      invoiceId,
      problem:
        result === 'closed'
          ? `Stripe took ${formatMoney(fromMinor(BigInt(session.amount_total ?? 0), minorDigits(currency)), currency)} for an invoice that is void. Refund it in Stripe or record it by hand.`
          : `Stripe took ${currency} ${fromMinor(BigInt(session.amount_total ?? 0), minorDigits(currency))}, not the invoice's currency. Record it by hand.`,
    });
    return { outcome: result === 'closed' ? 'invoice_void' : 'currency_mismatch', invoiceId };
  }
  if (result === 'missing') return { outcome: 'unknown_session', invoiceId: null };
  await repo.setSessionStatus(db, workspaceId, session.id, 'complete', paymentIntent);
  if (result === 'duplicate') return { outcome: 'duplicate', invoiceId };
  // Refunds that arrived before this payment apply now, in the order they came.
  for (const deferred of await repo.deferredEvents(db, workspaceId, externalId)) {
    const payload = deferred.event as Stripe.Event;
    const applied = await chargeRefunded(
      db,
      services,
      workspaceId,
      payload.data.object as Stripe.Charge,
    );
    await repo.setEventOutcome(db, workspaceId, deferred.id, applied.outcome, applied.invoiceId);
  }
  return { outcome: 'applied', invoiceId };
}

/**
 * A refund: what the charge has refunded in all (`amount_refunded`) less what is recorded
 * already for its payment intent becomes one negative payment, so a refund told twice,
 * or twice in steps, ends at Stripe's total and the balance reopens by it.
 */
async function chargeRefunded(
  db: Database,
  services: Services,
  workspaceId: number,
  charge: Stripe.Charge,
): Promise<Applied> {
  const paymentIntent = paymentIntentOf(charge.payment_intent);
  if (!paymentIntent) return { outcome: 'ignored', invoiceId: null };
  await lockPaymentIntent(db, workspaceId, paymentIntent);
  const payment = await repo.findPaymentByExternalId(db, workspaceId, paymentIntent);
  // Its payment is not here yet (events come in any order): kept until it is.
  if (!payment) return { outcome: 'deferred', invoiceId: null };
  const currency = charge.currency.toUpperCase();
  const digits = minorDigits(currency);
  const total = fromMinor(BigInt(charge.amount_refunded), digits);
  const recorded = normalizeAmount(
    await repo.refundedSoFar(db, workspaceId, paymentIntent),
    digits,
  );
  const more = subtractAmounts(total, recorded, digits);
  if (compareAmounts(more, '0') <= 0) return { outcome: 'duplicate', invoiceId: payment.invoiceId };
  const result = await recordProviderPayment(db, services.jobs, workspaceId, payment.invoiceId, {
    amount: `-${more}`,
    currency,
    date: todayIn((await findProfile(db, workspaceId)).timezone),
    method: 'card',
    note: 'Refunded by card (Stripe)',
    reference: paymentIntent,
    fee: null,
    externalId: `${charge.id}:refunded:${charge.amount_refunded}`,
  });
  const outcomes = {
    recorded: 'applied',
    duplicate: 'duplicate',
    closed: 'invoice_void',
    missing: 'ignored',
    currency_mismatch: 'currency_mismatch',
  } as const;
  return { outcome: outcomes[result], invoiceId: payment.invoiceId };
}
