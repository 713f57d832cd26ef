import { sql, type Kysely } from 'kysely';

/*
 * The email that sends a contract to sign (issue 40) is one of the workspace's editable
 * templates, like the invoice and estimate emails. Null until the workspace edits it: the
 * default text is answered then, as for estimates (migration 0026).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invoice_email_settings
    add column contract_subject text,
    add column contract_body text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table invoice_email_settings
    drop column contract_subject,
    drop column contract_body`.execute(db);
}
