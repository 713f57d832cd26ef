import type { Database } from './create-db.ts';
import { rememberedRead } from './embedded.ts';

/** The tables whose rows the database counts per workspace (migration 0025). */
type CountedTable = 'persons';

/**
 * How many rows of `table` the workspace has: one row read, kept exact by the database's
 * triggers (migration 0025), so a list's unfiltered total costs the same at 10,000 rows as at
 * 50. Filtered totals still count their rows (countOf).
 */
export async function rowCount(
  db: Database,
  workspaceId: number,
  table: CountedTable,
): Promise<number> {
  const load = async () => {
    const row = await rowCountQuery(db, workspaceId, table).executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return rememberedRead(db, `rows:${table}:${workspaceId}`, load);
}

/** The statement rowCount runs (bench/bare.ts compiles it). */
export function rowCountQuery(db: Database, workspaceId: number, table: CountedTable) {
  return db
    .selectFrom('rowCounts')
    .select('n')
    .where('workspaceId', '=', workspaceId)
    .where('tableName', '=', table);
}
