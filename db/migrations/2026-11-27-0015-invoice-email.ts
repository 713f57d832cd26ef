import { sql, type Kysely } from 'kysely';

/*
 * Invoices by email (issue 21, items 2 and 4): the outbox of every invoice email (the
 * invoice itself and its payment reminders) and each workspace's email templates and
 * reminder schedule.
 *
 * An outbox row is written with its delivery job in one transaction; the job's handler
 * sends it and marks it sent (logged: written to the server log, when no SMTP_URL is set),
 * or records the error (failed) for the queue to retry. A
 * reminder has a key ('before-3', 'due', 'after-7'), unique per invoice: each scheduled
 * reminder is sent at most once, even when two servers run the schedule at once.
 */
const statements = [
  `create table invoice_emails (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    invoice_id integer not null,
    kind text not null check (kind in ('invoice', 'reminder')),
    reminder_key text,
    to_address text not null,
    subject text not null,
    body text not null,
    status text not null default 'queued' check (status in ('queued', 'sent', 'logged', 'failed')),
    attempts integer not null default 0,
    error text,
    queued_at timestamptz not null default now(),
    sent_at timestamptz,
    created_by integer references users (id) on delete set null,
    constraint invoice_emails_workspace_id_id_key unique (workspace_id, id),
    constraint invoice_emails_invoice_fkey foreign key (workspace_id, invoice_id)
      references invoices (workspace_id, id) on delete cascade,
    constraint invoice_emails_reminder_key_check
      check ((kind = 'reminder') = (reminder_key is not null))
  )`,
  `create index invoice_emails_invoice_idx on invoice_emails (workspace_id, invoice_id, queued_at)`,
  `create unique index invoice_emails_reminder_key on invoice_emails (invoice_id, reminder_key)
    where kind = 'reminder'`,

  // One row per workspace once its templates or schedule are saved; until then the
  // defaults of the code apply (and reminders are off).
  `create table invoice_email_settings (
    workspace_id integer primary key references workspaces (id) on delete cascade,
    invoice_subject text not null,
    invoice_body text not null,
    reminder_subject text not null,
    reminder_body text not null,
    reminders_enabled boolean not null default false,
    -- Days relative to the due date: -3 is three days before, 0 the due date, 7 a week after.
    reminder_offsets jsonb not null default '[-3, 0, 7, 14]',
    -- When reminders were last turned on: reminders dated before it are never sent.
    reminders_enabled_at timestamptz,
    updated_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table invoice_email_settings`.execute(db);
  await sql`drop table invoice_emails`.execute(db);
}
