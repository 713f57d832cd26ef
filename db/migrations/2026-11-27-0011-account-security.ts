import { sql, type Kysely } from 'kysely';

/*
 * Account security and locale (issue 20):
 * - two-factor sign-in (TOTP): the secret on the user (pending until a first code confirms
 *   it), and ten single-use recovery codes stored as SHA-256 hashes;
 * - forgot password: single-use reset tokens, stored as SHA-256 hashes, valid one hour;
 * - the week start of each user's calendar;
 * - the workspace time zone (business_profiles.timezone, used for "this week" and "this
 *   month" figures) defaults to the owner's time zone instead of UTC.
 */
const statements = [
  `alter table users
    add column two_factor_secret text,
    add column two_factor_enabled_at timestamptz,
    add column week_start text not null default 'sunday'
      check (week_start in ('sunday', 'monday', 'saturday'))`,
  `create table two_factor_recovery_codes (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index two_factor_recovery_codes_user_id_idx on two_factor_recovery_codes (user_id)`,
  `create table password_reset_tokens (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    token_hash text not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create index password_reset_tokens_user_id_idx on password_reset_tokens (user_id)`,
  `update business_profiles bp set timezone = u.timezone
    from user_workspaces uw join users u on u.id = uw.user_id
    where uw.workspace_id = bp.workspace_id and uw.role = 'owner' and bp.timezone = 'UTC'`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table password_reset_tokens`.execute(db);
  await sql`drop table two_factor_recovery_codes`.execute(db);
  await sql`alter table users drop column two_factor_secret, drop column two_factor_enabled_at,
    drop column week_start`.execute(db);
}
