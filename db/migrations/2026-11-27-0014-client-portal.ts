import { sql, type Kysely } from 'kysely';

/*
 * The client portal (issue 21): secret links that open one client's documents without a
 * Keel account. Only the SHA-256 of each token is kept. A client may hold several live
 * links at once (each emailed invoice may carry its own); rotating or revoking ends all of
 * them. Invoices remember when the client first opened them in the portal.
 */
const statements = [
  `create table client_portal_links (
    id integer generated always as identity primary key,
    workspace_id integer not null references workspaces (id) on delete cascade,
    client_id integer not null,
    token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    revoked_at timestamptz,
    last_used_at timestamptz,
    constraint client_portal_links_workspace_id_id_key unique (workspace_id, id),
    constraint client_portal_links_client_fkey foreign key (workspace_id, client_id)
      references clients (workspace_id, id) on delete cascade
  )`,
  `create index client_portal_links_live_idx on client_portal_links (workspace_id, client_id)
    where revoked_at is null`,
  `alter table invoices add column viewed_at timestamptz`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table invoices drop column viewed_at`.execute(db);
  await sql`drop table client_portal_links`.execute(db);
}
