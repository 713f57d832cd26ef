import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';

/**
 * Holds the import of one file in one workspace to a single transaction at a time, until
 * the caller's transaction ends: a second send of the same batch then waits, and sees the
 * rows the first one recorded instead of creating them again.
 */
export async function lockImport(db: Database, workspaceId: number, importId: string) {
  await sql`select pg_advisory_xact_lock(${workspaceId}::int, hashtext(${`keel:import:${importId}`}))`.execute(
    db,
  );
}

/** Which of these row numbers of the file already created a contact that still exists. */
export async function importedRowNumbers(
  db: Database,
  workspaceId: number,
  importId: string,
  rowNumbers: number[],
): Promise<Set<number>> {
  if (rowNumbers.length === 0) return new Set();
  const rows = await db
    .selectFrom('contactImportRows')
    .select('rowNumber')
    .where('workspaceId', '=', workspaceId)
    .where('importId', '=', importId)
    .where('rowNumber', 'in', rowNumbers)
    .execute();
  return new Set(rows.map((row) => row.rowNumber));
}

/** Remembers the contact each row of the file created (forgotten when the contact goes). */
export async function recordImportedRows(
  db: Database,
  workspaceId: number,
  importId: string,
  rows: { rowNumber: number; personId: number }[],
) {
  if (rows.length === 0) return;
  await db
    .insertInto('contactImportRows')
    .values(rows.map((row) => ({ workspaceId, importId, ...row })))
    .execute();
}
