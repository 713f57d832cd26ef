/**
 * Writes db/schema.ts, the Kysely view of the database, from the database itself:
 * kysely-codegen reads a fresh embedded database brought up to date by db/migrations.
 * `npm run db:codegen` after adding a migration; tests/server/schema.test.ts fails while
 * the file is stale, on either database. Generated types follow the drivers' parsers (create-db.ts):
 * numeric and date as strings, bigint counts as numbers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, PostgresDialect } from 'kysely-codegen';
import { format, resolveConfig } from 'prettier';
import { createDb, migrateToLatest, type Database } from '../src/server/db/create-db.ts';

export const SCHEMA_FILE = resolve(fileURLToPath(import.meta.url), '../../db/schema.ts');

/** The text db/schema.ts should hold for a database brought up to date by the migrations. */
export async function schemaOf(db: Database): Promise<string> {
  const text = await generate({
    db,
    dialect: new PostgresDialect({ dateParser: 'string', numericParser: 'string' }),
    camelCase: true,
    typeMapping: { int8: 'number' },
    // Keel's own tables: not the migrator's, nor the job queue's (schema pgboss, pg-boss's own).
    includePattern: 'public.*',
    excludePattern: 'public.kysely_*',
    outFile: null,
  });
  // As `npm run format` would write it, so that lint passes and the comparison is exact.
  return format(text, { ...(await resolveConfig(SCHEMA_FILE)), filepath: SCHEMA_FILE });
}

/** The same from a fresh embedded database, which needs no PostgreSQL server. */
async function generateSchema(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keel-codegen-'));
  const handle = await createDb({ dataDir });
  try {
    await migrateToLatest(handle.db);
    return await schemaOf(handle.db);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, await generateSchema());
  process.stdout.write(`Wrote ${SCHEMA_FILE}\n`);
}
