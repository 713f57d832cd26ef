import { sql, type Kysely } from 'kysely';

/*
 * A unit on every document line (issue 40, item 2): "2 day", "1.5 hour". A line copies the
 * unit of the service it names (or gives its own); a line typed by hand may have none. The
 * unit is a short word, at most 20 characters, as a service's unit is.
 */
const TABLES = ['invoice_lines', 'estimate_lines', 'recurring_invoice_lines'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql
      .raw(
        `alter table ${table} add column unit text,
          add constraint ${table}_unit_check check (unit is null or char_length(unit) between 1 and 20)`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql.raw(`alter table ${table} drop column unit`).execute(db);
  }
}
