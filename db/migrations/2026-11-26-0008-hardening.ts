import { sql, type Kysely } from 'kysely';

/**
 * Hardening after the outside review (issue 15):
 * - invitations carry the moment they were voided (their sender lost the right to send them);
 * - rate-limit counters live in the database, so every server counts the same attempts;
 * - API tokens expire and have a scope;
 * - a contact import records which file rows it created, so a retried file is not doubled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invitation_tokens add column voided_at timestamptz`.execute(db);
  await sql`create index invitation_tokens_invited_by_idx on invitation_tokens (invited_by)
    where used = false and voided_at is null`.execute(db);

  // Not a workspace table: keys name an address, an email or a user.
  await sql`create table rate_limits (
    key text primary key,
    count integer not null,
    reset_at timestamptz not null
  )`.execute(db);
  await sql`create index rate_limits_reset_at_idx on rate_limits (reset_at)`.execute(db);

  // Tokens made before expiry existed get the default lifetime from now, not a surprise end.
  await sql`alter table api_tokens
    add column expires_at timestamptz not null default now() + interval '90 days',
    add column scope text not null default 'read_write'
      constraint api_tokens_scope_check check (scope in ('read', 'read_write'))`.execute(db);
  await sql`alter table api_tokens alter column expires_at drop default`.execute(db);

  // One row per file row that created a contact; deleting the contact forgets the row,
  // so importing the file again brings it back.
  await sql`create table contact_import_rows (
    workspace_id integer not null references workspaces (id) on delete cascade,
    import_id text not null,
    row_number integer not null,
    person_id integer not null,
    created_at timestamptz not null default now(),
    primary key (workspace_id, import_id, row_number),
    constraint contact_import_rows_person_fkey foreign key (workspace_id, person_id)
      references persons (workspace_id, id) on delete cascade
  )`.execute(db);
  await sql`create index contact_import_rows_person_id_idx on contact_import_rows (workspace_id, person_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table contact_import_rows`.execute(db);
  await sql`alter table api_tokens drop column scope, drop column expires_at`.execute(db);
  await sql`drop table rate_limits`.execute(db);
  await sql`drop index invitation_tokens_invited_by_idx`.execute(db);
  await sql`alter table invitation_tokens drop column voided_at`.execute(db);
}
