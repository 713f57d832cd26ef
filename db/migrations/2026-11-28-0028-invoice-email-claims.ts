import { sql, type Kysely } from 'kysely';

/*
 * An invoice email is claimed before it goes out (issue 37, item 4). A delivery sets the row
 * to `sending`, with the time of its claim and the email's Message-ID, and commits that
 * before it talks to the mail server; only then does it send, and mark the row sent. So:
 * - a row that was sent is never claimed again;
 * - two deliveries of one row at once: one claims it, the other finds it claimed;
 * - a server that dies after the mail server accepted the email, before the row was marked
 *   sent, leaves it `sending`: once that claim is older than a delivery can last, the job's
 *   retry claims it again and sends it with the same Message-ID, by which receivers drop
 *   the second copy.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invoice_emails drop constraint invoice_emails_status_check`.execute(db);
  await sql`alter table invoice_emails add constraint invoice_emails_status_check
    check (status in ('queued', 'sending', 'sent', 'logged', 'failed'))`.execute(db);
  await sql`alter table invoice_emails add column message_id text`.execute(db);
  await sql`alter table invoice_emails add column claimed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // A claim of a delivery that never finished: queued again, as before claims existed.
  await sql`update invoice_emails set status = 'queued' where status = 'sending'`.execute(db);
  await sql`alter table invoice_emails drop column claimed_at`.execute(db);
  await sql`alter table invoice_emails drop column message_id`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_status_check`.execute(db);
  await sql`alter table invoice_emails add constraint invoice_emails_status_check
    check (status in ('queued', 'sent', 'logged', 'failed'))`.execute(db);
}
