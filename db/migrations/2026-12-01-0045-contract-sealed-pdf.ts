import { sql, type Kysely } from 'kysely';

/*
 * A completed contract's sealed PDF, kept as first made (issue 40). Once both parties have
 * signed nothing about the contract changes any more, so every later download answers the
 * same bytes, with the same seal and signing time, rather than a fresh seal each time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table contracts add column sealed_pdf bytea`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table contracts drop column sealed_pdf`.execute(db);
}
