import { sql, type Kysely } from 'kysely';

/*
 * The contacts list sorts by name too (A to Z whatever the case, the id breaking ties, as
 * the organizations list): this index serves that order both ways, as
 * persons_workspace_id_created_at_idx serves newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index persons_workspace_id_name_id_idx on persons (workspace_id, lower(full_name), id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index persons_workspace_id_name_id_idx`.execute(db);
}
