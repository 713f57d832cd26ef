import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import { crossWorkspace } from '../../db/cross-workspace.ts';
import { scopedToken, workspaceOfToken } from '../../db/tenancy.ts';

/* Queries of online payment (issue 42): settings, checkout sessions, Stripe events. */

const SETTINGS_COLUMNS = [
  'workspaceId',
  'provider',
  'enabled',
  'publishableKey',
  'secretKeyEncrypted',
  'secretKeyLast4',
  'webhookSecretEncrypted',
  'webhookSecretLast4',
  'methods',
  'allowPartial',
  'minimumPartial',
  'endpointKey',
] as const;

export type SettingsRow = Awaited<ReturnType<typeof findSettings>>;

export function findSettings(db: Database, workspaceId: number) {
  return db
    .selectFrom('paymentSettings')
    .select(SETTINGS_COLUMNS)
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
}

/** The workspace's settings, made (off, with a new endpoint key) on first need. */
export async function ensureSettings(db: Database, workspaceId: number) {
  await db
    .insertInto('paymentSettings')
    .values({
      workspaceId,
      endpointKey: scopedToken(workspaceId, randomBytes(24).toString('base64url')),
    })
    .onConflict((oc) => oc.column('workspaceId').doNothing())
    .execute();
  return (await findSettings(db, workspaceId))!;
}

/**
 * The settings an endpoint key names: the key is the webhook's only clue to its workspace, and
 * names it before a dot; a key made before keys named their workspace is looked up alone.
 */
export function findSettingsByEndpointKey(db: Database, endpointKey: string) {
  const workspaceId = workspaceOfToken(endpointKey);
  let query = db
    .selectFrom('paymentSettings')
    .select(SETTINGS_COLUMNS)
    .where('endpointKey', '=', endpointKey);
  query =
    workspaceId !== null
      ? query.where('workspaceId', '=', workspaceId)
      : query.$call(crossWorkspace('legacy-token'));
  return query.executeTakeFirst();
}

export async function updateSettings(
  db: Database,
  workspaceId: number,
  values: {
    provider: string;
    enabled: boolean;
    publishableKey: string | null;
    methods: string[];
    allowPartial: boolean;
    minimumPartial: string | null;
    secretKeyEncrypted?: string;
    secretKeyLast4?: string;
    webhookSecretEncrypted?: string;
    webhookSecretLast4?: string;
  },
) {
  await db
    .updateTable('paymentSettings')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .execute();
}

// Checkout sessions

const SESSION_COLUMNS = [
  'id',
  'invoiceId',
  'amount',
  'currency',
  'stripeSessionId',
  'idempotencyKey',
  'status',
  'url',
  'paymentIntent',
  'expiresAt',
  'createdAt',
  'completedAt',
] as const;

/** The invoice's sessions for this amount, newest first. */
export function findSessionsFor(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  amount: string,
) {
  return db
    .selectFrom('checkoutSessions')
    .select(SESSION_COLUMNS)
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .where('amount', '=', amount)
    .orderBy('id', 'desc')
    .execute();
}

export function latestSession(db: Database, workspaceId: number, invoiceId: number) {
  return db
    .selectFrom('checkoutSessions')
    .select(SESSION_COLUMNS)
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findSessionByStripeId(db: Database, workspaceId: number, stripeSessionId: string) {
  return db
    .selectFrom('checkoutSessions')
    .select(SESSION_COLUMNS)
    .where('workspaceId', '=', workspaceId)
    .where('stripeSessionId', '=', stripeSessionId)
    .executeTakeFirst();
}

/** Two calls that got the same session from Stripe (one idempotency key) keep one row. */
export async function insertSession(
  db: Database,
  workspaceId: number,
  values: {
    invoiceId: number;
    amount: string;
    currency: string;
    stripeSessionId: string;
    idempotencyKey: string;
    url: string | null;
    expiresAt: Date | null;
  },
) {
  await db
    .insertInto('checkoutSessions')
    .values({ ...values, workspaceId })
    .onConflict((oc) => oc.columns(['workspaceId', 'stripeSessionId']).doNothing())
    .execute();
}

export async function setSessionStatus(
  db: Database,
  workspaceId: number,
  stripeSessionId: string,
  status: 'open' | 'processing' | 'complete' | 'expired',
  paymentIntent?: string | null,
) {
  await db
    .updateTable('checkoutSessions')
    .set({
      status,
      ...(paymentIntent ? { paymentIntent } : {}),
      ...(status === 'complete' ? { completedAt: sql<Date>`now()` } : {}),
    })
    .where('workspaceId', '=', workspaceId)
    .where('stripeSessionId', '=', stripeSessionId)
    // A completed session stays so, whatever arrives later.
    .where('status', '<>', 'complete')
    .execute();
}

// Events

/** Stores the event once: undefined when this workspace already has it (a replay). */
export async function insertEvent(
  db: Database,
  workspaceId: number,
  values: { eventId: string; type: string; payload: unknown; paymentIntent: string | null },
) {
  const row = await db
    .insertInto('stripeEvents')
    .values({
      workspaceId,
      eventId: values.eventId,
      type: values.type,
      paymentIntent: values.paymentIntent,
      payload: JSON.stringify(values.payload),
    })
    .onConflict((oc) => oc.columns(['workspaceId', 'eventId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Whether this workspace has stored the event already (a replay). */
export async function hasEvent(db: Database, workspaceId: number, eventId: string) {
  const row = await db
    .selectFrom('stripeEvents')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setEventOutcome(
  db: Database,
  workspaceId: number,
  id: number,
  outcome: string,
  invoiceId: number | null,
) {
  await db
    .updateTable('stripeEvents')
    .set({ outcome, invoiceId })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/**
 * Refunds that came before their payment, oldest first, with the event as Stripe wrote it
 * (read as text: the camel-case plugin would rename the keys of a JSON value).
 */
export async function deferredEvents(db: Database, workspaceId: number, paymentIntent: string) {
  const rows = await db
    .selectFrom('stripeEvents')
    .select(['id', sql<string>`payload::text`.as('payload')])
    .where('workspaceId', '=', workspaceId)
    .where('paymentIntent', '=', paymentIntent)
    .where('outcome', '=', 'deferred')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, event: JSON.parse(r.payload) as unknown }));
}

export function listEvents(db: Database, workspaceId: number, limit: number) {
  return db
    .selectFrom('stripeEvents')
    .select(['eventId', 'type', 'receivedAt', 'outcome', 'invoiceId'])
    .where('workspaceId', '=', workspaceId)
    .orderBy('receivedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

// Payments recorded from Stripe

/** The card payment recorded for a payment intent, if any. */
export function findPaymentByExternalId(db: Database, workspaceId: number, externalId: string) {
  return db
    .selectFrom('invoicePayments')
    .select(['id', 'invoiceId', 'amount'])
    .where('workspaceId', '=', workspaceId)
    .where('externalId', '=', externalId)
    .executeTakeFirst();
}

/** What was refunded so far on a payment intent (a positive amount). */
export async function refundedSoFar(db: Database, workspaceId: number, reference: string) {
  const row = await db
    .selectFrom('invoicePayments')
    .select(sql<string>`coalesce(-sum(amount), 0)::text`.as('refunded'))
    .where('workspaceId', '=', workspaceId)
    .where('reference', '=', reference)
    .where('amount', '<', '0')
    .executeTakeFirstOrThrow();
  return row.refunded;
}
