import { sql, type Kysely } from 'kysely';

/*
 * The deals list is ordered by `created_at desc, id desc` (the id breaks ties, so pages
 * never repeat or skip a deal), but its index stopped at `created_at`: every read sorted
 * its first rows again (an incremental sort). The index now ends with the id, as the
 * contacts one does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index leads_workspace_id_created_at_id_idx on leads (workspace_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`drop index leads_workspace_id_created_at_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index leads_workspace_id_created_at_idx on leads (workspace_id, created_at desc)`.execute(
    db,
  );
  await sql`drop index leads_workspace_id_created_at_id_idx`.execute(db);
}
