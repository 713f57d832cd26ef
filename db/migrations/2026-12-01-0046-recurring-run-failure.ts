import { sql, type Kysely } from 'kysely';

/*
 * A recurring invoice remembers its latest automatic send that failed (issue 41): with
 * e-invoicing on, issuing runs the EN 16931 checks, and a template whose client or profile
 * lacks a field makes a draft that cannot be issued. The template says so until a later
 * automatic send goes through, so the owners see it where they manage the schedule. The
 * invoice link is cleared with the invoice (a deleted draft leaves the failure's words).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table recurring_invoices
      add column last_failure_at timestamptz,
      add column last_failure_invoice_id integer references invoices (id) on delete set null,
      add column last_failure_rule text,
      add column last_failure_message text
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table recurring_invoices
      drop column last_failure_at,
      drop column last_failure_invoice_id,
      drop column last_failure_rule,
      drop column last_failure_message
  `.execute(db);
}
