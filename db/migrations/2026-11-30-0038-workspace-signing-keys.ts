import { sql, type Kysely } from 'kysely';

/*
 * The key and certificate each workspace seals its signed contract PDFs with (issue 40,
 * item 4). One row per workspace, made on first need by contract-seal.ts; the private key
 * is stored encrypted (AES-256-GCM under a key derived from the server's secret), the
 * certificate in clear since every sealed PDF carries it anyway.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table workspace_signing_keys (
    workspace_id integer primary key references workspaces (id) on delete cascade,
    certificate_pem text not null,
    private_key_pem text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table workspace_signing_keys`.execute(db);
}
