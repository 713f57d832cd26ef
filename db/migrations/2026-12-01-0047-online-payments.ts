import { sql, type Kysely } from 'kysely';

/*
 * Online payment through Stripe (issue 42). Each workspace's settings hold its Stripe
 * keys (the two secrets encrypted with SECRETS_KEY, with their last 4 characters in clear
 * for the settings screen) and a random endpoint key: the webhook URL names it, so an
 * event finds its workspace by the key alone. Checkout sessions and received events are
 * kept; a card payment or refund is an invoice payment with the Stripe reference, and the
 * unique external id is what makes a payment recorded exactly once, whatever the
 * deliveries. A refund is a negative payment, so the balance reopens by the same sums.
 */
const statements = [
  `create table payment_settings (
    workspace_id integer primary key references workspaces (id) on delete cascade,
    provider text not null default 'stripe' check (provider in ('stripe')),
    enabled boolean not null default false,
    publishable_key text,
    secret_key_encrypted text,
    secret_key_last4 text,
    webhook_secret_encrypted text,
    webhook_secret_last4 text,
    methods text[] not null default '{card}',
    allow_partial boolean not null default false,
    minimum_partial numeric(15, 3) check (minimum_partial > 0),
    endpoint_key text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint payment_settings_endpoint_key_key unique (endpoint_key)
  )`,

  `create table checkout_sessions (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    invoice_id integer not null,
    amount numeric(15, 3) not null check (amount > 0),
    currency text not null,
    stripe_session_id text not null,
    idempotency_key text not null,
    status text not null default 'open' check (status in ('open', 'processing', 'complete', 'expired')),
    url text,
    payment_intent text,
    expires_at timestamptz,
    created_at timestamptz not null default now(),
    completed_at timestamptz,
    constraint checkout_sessions_workspace_id_id_key unique (workspace_id, id),
    constraint checkout_sessions_stripe_session_key unique (workspace_id, stripe_session_id),
    constraint checkout_sessions_invoice_fkey foreign key (workspace_id, invoice_id)
      references invoices (workspace_id, id) on delete cascade
  )`,
  `create index checkout_sessions_invoice_idx on checkout_sessions (workspace_id, invoice_id, created_at)`,

  `create table stripe_events (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    event_id text not null,
    type text not null,
    outcome text not null default 'received',
    payment_intent text,
    invoice_id integer,
    payload jsonb not null,
    received_at timestamptz not null default now(),
    constraint stripe_events_workspace_id_id_key unique (workspace_id, id),
    constraint stripe_events_event_key unique (workspace_id, event_id),
    constraint stripe_events_invoice_fkey foreign key (workspace_id, invoice_id)
      references invoices (workspace_id, id) on delete set null (invoice_id)
  )`,
  `create index stripe_events_received_idx on stripe_events (workspace_id, received_at desc, id desc)`,
  `create index stripe_events_payment_intent_idx on stripe_events (workspace_id, payment_intent)
    where payment_intent is not null`,

  `alter table invoice_payments drop constraint invoice_payments_amount_check`,
  `alter table invoice_payments add constraint invoice_payments_amount_check check (amount <> 0)`,
  `alter table invoice_payments add column reference text,
    add column fee numeric(15, 3),
    add column external_id text,
    add constraint invoice_payments_external_id_key unique (workspace_id, external_id)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from invoice_payments where amount < 0`.execute(db);
  await sql`alter table invoice_payments drop constraint invoice_payments_external_id_key,
    drop column external_id, drop column fee, drop column reference`.execute(db);
  await sql`alter table invoice_payments drop constraint invoice_payments_amount_check`.execute(db);
  await sql`alter table invoice_payments add constraint invoice_payments_amount_check check (amount > 0)`.execute(
    db,
  );
  await sql`drop table stripe_events`.execute(db);
  await sql`drop table checkout_sessions`.execute(db);
  await sql`drop table payment_settings`.execute(db);
}
