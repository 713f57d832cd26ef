import { sql, type Kysely } from 'kysely';

/*
 * Estimates are emailed (issue 38, item 2) through the invoices' outbox: one table of
 * document emails, each row for exactly one document, an invoice (its email or a payment
 * reminder) or an estimate. The table keeps its name (invoice_emails): renaming it would
 * gain nothing but churn. The workspace's email settings gain the estimate template;
 * null there means the default text of the code, as a workspace without a settings row has.
 */
const statements = [
  `alter table invoice_emails alter column invoice_id drop not null`,
  `alter table invoice_emails add column estimate_id integer`,
  `alter table invoice_emails add constraint invoice_emails_estimate_fkey
    foreign key (workspace_id, estimate_id) references estimates (workspace_id, id) on delete cascade`,
  `alter table invoice_emails drop constraint invoice_emails_kind_check`,
  `alter table invoice_emails add constraint invoice_emails_kind_check
    check (kind in ('invoice', 'reminder', 'estimate'))`,
  // An estimate email names an estimate and nothing else; an invoice email or reminder an invoice.
  `alter table invoice_emails add constraint invoice_emails_document_check
    check (case when kind = 'estimate'
      then estimate_id is not null and invoice_id is null
      else invoice_id is not null and estimate_id is null end)`,
  `create index invoice_emails_estimate_idx on invoice_emails (workspace_id, estimate_id, queued_at)
    where estimate_id is not null`,
  `alter table invoice_email_settings add column estimate_subject text`,
  `alter table invoice_email_settings add column estimate_body text`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table invoice_email_settings drop column estimate_body`.execute(db);
  await sql`alter table invoice_email_settings drop column estimate_subject`.execute(db);
  await sql`delete from invoice_emails where kind = 'estimate'`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_document_check`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_kind_check`.execute(db);
  await sql`alter table invoice_emails add constraint invoice_emails_kind_check
    check (kind in ('invoice', 'reminder'))`.execute(db);
  await sql`drop index invoice_emails_estimate_idx`.execute(db);
  await sql`alter table invoice_emails drop constraint invoice_emails_estimate_fkey`.execute(db);
  await sql`alter table invoice_emails drop column estimate_id`.execute(db);
  await sql`alter table invoice_emails alter column invoice_id set not null`.execute(db);
}
