import { sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { Database } from './create-db.ts';

/**
 * Planner statistics kept fresh by Keel itself, on both databases.
 *
 * PostgreSQL plans a query from each table's statistics (row count, value spread), which
 * only ANALYZE updates. Autovacuum analyses a table once its changed rows pass 50 + 10% of
 * its size, but it wakes once a minute at best, is off on some servers, and PGlite has none.
 * Until then a workspace filled since the last ANALYZE is planned as if empty: a contacts
 * page at 10,000 contacts analysed at 50 joined every contact with every organization
 * before sorting (1.2 s of execution where 3 ms do, bench "users' state").
 *
 * So the same rule runs where the writes happen: a bulk change (an import) analyses the
 * tables it grew before answering, and one server at a time checks all tables by that
 * threshold each `STATISTICS_CHECK_MS` (a periodic job, src/server/queues.ts).
 * ANALYZE reads a sample of at most 30,000 rows a table, so it costs tens of milliseconds
 * whatever the table's size.
 */

/** Autovacuum's defaults (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor). */
const BASE_THRESHOLD = 50;
const SCALE_FACTOR = 0.1;

/** How often each server looks for tables past the threshold (autovacuum_naptime: 60 s). */
export const STATISTICS_CHECK_MS = 30_000;

type Table = keyof DB & string;

/**
 * The tables whose changes since their last ANALYZE pass the threshold: among those of
 * `changedNow` (with rows just changed there) when given, else among all. A table that has
 * grown by a tenth (in pages) since then counts too: the change counters live in memory,
 * and PGlite starts without them after a restart (a database filled, then restarted, kept
 * its empty-table statistics for good).
 */
async function staleTables(
  db: Database,
  changedNow: Partial<Record<Table, number>> = {},
): Promise<string[]> {
  const names = Object.keys(changedNow).map(snakeCase);
  const { rows } = await sql<{ name: string; changed: number; size: number; grown: boolean }>`
    select s.relname as name, s.n_mod_since_analyze::int as changed,
      greatest(c.reltuples, 0)::float8 as size,
      pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 1 as grown
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'
      ${names.length > 0 ? sql`and s.relname in (${sql.join(names)})` : sql``}`.execute(db);
  return rows
    .filter((row) => {
      // The counters of a transaction just committed may not have reached the statistics
      // views yet (PostgreSQL sends them at most once a second): the caller's count is added.
      const pending = row.changed + (changedNow[camelCase(row.name) as Table] ?? 0);
      return row.grown || pending >= BASE_THRESHOLD + SCALE_FACTOR * row.size;
    })
    .map((row) => row.name);
}

/** Analyses the given tables; their names come from the catalogue, never from a request. */
async function analyze(db: Database, tables: string[]): Promise<void> {
  if (tables.length > 0) await sql`analyze ${sql.join(tables.map((t) => sql.id(t)))}`.execute(db);
}

/**
 * After a bulk change: analyses those of the changed tables (with how many rows changed in
 * each) that pass the threshold, so that the next read is planned for what is there now.
 */
export async function analyzeAfterBulkChange(
  db: Database,
  changed: Partial<Record<Table, number>>,
): Promise<void> {
  const counted = Object.fromEntries(Object.entries(changed).filter(([, rows]) => rows! > 0));
  if (Object.keys(counted).length === 0) return;
  const stale = await staleTables(db, counted);
  await analyze(db, stale);
}

/**
 * Analyses every table past the threshold. Several servers on one PostgreSQL take turns
 * (an advisory lock; the loser skips this round). Returns the tables analysed.
 *
 * The lock is a transaction's, released at commit, and ANALYZE runs inside that transaction
 * (it may, unlike VACUUM): a session lock and its unlock could reach two different server
 * connections through PgBouncer in transaction mode (README, "PgBouncer"), leaving the lock
 * held by an idle connection and every later round skipped.
 */
export async function analyzeStaleTables(db: Database): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtext('keel:analyze')) as locked`.execute(trx);
    if (!rows[0]?.locked) return [];
    const tables = await staleTables(trx);
    await analyze(trx, tables);
    return tables;
  });
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camelCase = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
