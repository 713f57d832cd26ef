import { sql, type Kysely } from 'kysely';

/*
 * The logo on documents (issue 38, item 7): the business profile may name its own logo (a
 * file uploaded like the workspace icon, then attached to the workspace) for the invoice
 * and estimate PDFs. Null: the documents use the workspace's logo, or none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table business_profiles add column logo_url text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table business_profiles drop column logo_url`.execute(db);
}
