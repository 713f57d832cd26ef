import { sql, type Kysely } from 'kysely';

/*
 * An authenticator code stays valid for its 30-second step (and one step either way, for
 * clocks a little off), so a code seen over someone's shoulder, or sent twice, could sign
 * in again within that minute and a half. The last time step accepted for the account is
 * kept: a code passes only for a later step (RFC 6238 §5.2, "MUST NOT accept the second
 * attempt of the same OTP").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column two_factor_last_step integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column two_factor_last_step`.execute(db);
}
