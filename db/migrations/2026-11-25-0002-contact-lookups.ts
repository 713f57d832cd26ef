import { sql, type Kysely } from 'kysely';

// Import finds duplicates by email, and organizations by name, without case.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index persons_workspace_id_email_idx on persons (workspace_id, lower(email))`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index persons_workspace_id_email_idx`.execute(db);
}
