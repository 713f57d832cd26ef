import { sql, type Kysely } from 'kysely';

/*
 * Issue 38, items 9 and 6.
 * - A workspace rounds what its timers log (Settings → Business): to a step of 1, 5, 6, 10,
 *   15 or 30 minutes, up or to the nearest; 0 rounds nothing (every workspace so far).
 * - A timed entry keeps the seconds its timer ran when rounding changed them, so the entry
 *   can say "rounded from 0:00:22"; null for typed entries and for runs left as they were.
 * - An invoice knows when an email of it was first accepted by the mail server: issued and
 *   emailed read differently ("Issued" and "Sent") while the API's status stays `sent`.
 *   Invoices emailed before this column existed get the time of their first sent email.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table business_profiles
    add column time_rounding_minutes integer not null default 0
      check (time_rounding_minutes in (0, 1, 5, 6, 10, 15, 30)),
    add column time_rounding_mode text not null default 'up'
      check (time_rounding_mode in ('up', 'nearest'))`.execute(db);
  await sql`alter table time_entries add column rounded_from_seconds integer
    check (rounded_from_seconds >= 0)`.execute(db);
  await sql`alter table invoices add column emailed_at timestamptz`.execute(db);
  await sql`update invoices i set emailed_at = e.first_sent
    from (select invoice_id, min(sent_at) as first_sent from invoice_emails
          where status = 'sent' group by invoice_id) e
    where e.invoice_id = i.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table invoices drop column emailed_at`.execute(db);
  await sql`alter table time_entries drop column rounded_from_seconds`.execute(db);
  await sql`alter table business_profiles drop column time_rounding_mode,
    drop column time_rounding_minutes`.execute(db);
}
