import { sql, type Kysely } from 'kysely';

// Personal API tokens for scripts: only a hash is kept; the token is shown once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table api_tokens (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    name text not null,
    token_hash text not null,
    prefix text not null,
    last_used_at timestamptz,
    created_at timestamptz not null default now(),
    constraint api_tokens_token_hash_key unique (token_hash)
  )`.execute(db);
  await sql`create index api_tokens_user_id_idx on api_tokens (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table api_tokens`.execute(db);
}
