import { sql, type Kysely } from 'kysely';

/*
 * Portal links that end by themselves (issue 37, item 6): a link minted for an email works
 * until `expires_at` (PORTAL_LINK_DAYS after it was made), since emails are forwarded and
 * kept for years; a link made on the client page has none and works until it is revoked or
 * replaced. Rows of expired links stay, so that such a link can still be told apart from an
 * unknown one (the portal then says it expired instead of "not found").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table client_portal_links add column expires_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table client_portal_links drop column expires_at`.execute(db);
}
