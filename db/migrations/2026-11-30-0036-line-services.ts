import { sql, type Kysely } from 'kysely';

/*
 * Lines from services (issue 40, item 2): a line of an invoice, an estimate or a recurring
 * invoice remembers the service it was copied from. The line holds its own copy of the
 * description, price and tax rate, so a later edit of the service never changes it; a
 * service some line names cannot be deleted (the API answers 409 and archives instead),
 * and should a workspace go, the lines merely forget it.
 */
const TABLES = ['invoice_lines', 'estimate_lines', 'recurring_invoice_lines'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(
        `alter table ${table} add column service_id integer,
          add constraint ${table}_service_fkey foreign key (workspace_id, service_id)
            references services (workspace_id, id) on delete set null (service_id)`,
      )
      .execute(db);
    await sql
      .raw(
        `create index ${table}_workspace_id_service_id_idx on ${table} (workspace_id, service_id)
          where service_id is not null`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql.raw(`alter table ${table} drop column service_id`).execute(db);
  }
}
