import { setImmediate } from 'node:timers/promises';
import type { PGliteInterface } from '@electric-sql/pglite';
import {
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './create-db.ts';

/**
 * Everything Keel does only on the embedded database (PGlite), in one place.
 *
 * PGlite is PostgreSQL compiled to WebAssembly, running on the server's own thread, owned by
 * one process (create-db.ts locks its directory), with no autovacuum. Four measures follow,
 * each kept because `npm run bench` shows it pays (README, Performance):
 *
 * 1. **Turns** (embeddedDialect): each statement first lets the event loop take a turn, so
 *    requests that arrive while statements are queued are read in the order they came, not
 *    after everything underway (p99 of the contacts list at 20 connections 53 → 35 ms).
 * 2. **A read cache** (rememberedRead): a request's session, its caller and a list's total
 *    are answered from memory until the next statement that may write. Invariant: every
 *    statement that can change the database passes through this process's one connection,
 *    and the dialect reports each one that is not a plain `select` (insert, update, delete,
 *    DDL, `begin`, `commit`, `rollback`, `vacuum`, `analyze`) before it runs and once it is
 *    done; a read is kept only if no such statement came while it ran. Only reads that
 *    depend on the rows alone (never on `now()` or a sequence) may be remembered, and
 *    remembered rows are shared, so callers must not change them. Without it a contacts
 *    page cost twice the CPU (bench A/B: 7.9 → 16.1 ms a request).
 * 3. **Slices** (readInSlices): a page over SLICE_ROWS rows is read SLICE_ROWS rows a
 *    statement, each after a turn: a statement holds the thread every workspace shares.
 * 4. **Vacuum** (vacuumEmbedded): the visibility map index-only scans need, which
 *    autovacuum would keep. Statistics are kept by statistics.ts on both databases.
 *
 * With PostgreSQL, statements run in the database's own processes and other servers write
 * too: none of this applies, and `rememberedRead` always reads.
 */

class ReadCache {
  private generation = 0;
  private entries = new Map<string, Promise<unknown>>();

  /** A statement that may write is about to run or has run: forget everything. */
  written(): void {
    this.generation++;
    if (this.entries.size > 0) this.entries = new Map();
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key) as Promise<T> | undefined;
    if (known) return known;
    const generation = this.generation;
    const loading = load();
    // Requests arriving while it loads share it: no write has come between.
    if (this.entries.size >= MAX_ENTRIES) this.entries = new Map();
    const entries = this.entries;
    entries.set(key, loading);
    loading.then(
      () => {
        // A write issued while this read waited for the connection may or may not be in
        // its answer: keep it only when none came.
        if (this.generation !== generation) entries.delete(key);
      },
      () => entries.delete(key),
    );
    return loading;
  }
}

/** Sessions, callers and list totals of the people using one server: plenty. */
const MAX_ENTRIES = 10_000;

const caches = new WeakMap<Database, ReadCache>();

/** `load()`, or its remembered answer when `db` is embedded and nothing was written since. */
export function rememberedRead<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, load) : load();
}

/** Whether `db` is the embedded database, whose statements run on this server's one thread. */
export function runsOnServerThread(db: Database): boolean {
  return caches.has(db);
}

/**
 * The embedded database's dialect: PGlite's, with turns and write reports added. `attach`
 * makes the Kysely instance built on it remember reads (createDb calls both).
 */
export function embeddedDialect(dialect: Dialect): {
  dialect: Dialect;
  attach(db: Database): void;
} {
  const cache = new ReadCache();
  return { dialect: withTurnsAndWrites(dialect, cache), attach: (db) => caches.set(db, cache) };
}

/** A statement that cannot write: anything else is reported to the read cache. */
const READ = /^\s*select\b/i;

/**
 * Begins a script of several statements with no parameters (pg-boss's schema and queue
 * scripts, jobs.ts). PGlite's `query` speaks the extended protocol, one statement at a time;
 * such a script goes through `exec`, the simple protocol, on the same connection.
 */
export const SCRIPT_MARK = '/* keel:script */';

function withTurnsAndWrites(dialect: Dialect, cache: ReadCache): Dialect {
  const watched = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const outer = (connection: DatabaseConnection) => {
    let wrapped = watched.get(connection);
    if (!wrapped) {
      wrapped = watch(connection, cache);
      watched.set(connection, wrapped);
      inner.set(wrapped, connection);
    }
    return wrapped;
  };
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      return {
        init: () => driver.init(),
        acquireConnection: async () => outer(await driver.acquireConnection()),
        // The driver runs `begin`, `commit` and `rollback` on the connection it is given:
        // the watched one, so they count as writes.
        beginTransaction: (connection, settings: TransactionSettings) =>
          driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
        destroy: () => driver.destroy(),
        // PGlite's driver has no savepoints; should it gain them, they pass through too.
        ...(driver.savepoint && {
          savepoint: driver.savepoint.bind(driver),
          rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
          releaseSavepoint: driver.releaseSavepoint?.bind(driver),
        }),
      };
    },
  };
}

function watch(connection: DatabaseConnection, cache: ReadCache): DatabaseConnection {
  return {
    async executeQuery(query) {
      await setImmediate();
      if (READ.test(query.sql)) return connection.executeQuery(query);
      cache.written();
      try {
        if (query.sql.startsWith(SCRIPT_MARK)) {
          const results = await (connection as unknown as { client: PGliteInterface }).client.exec(
            query.sql,
          );
          return { rows: (results.at(-1)?.rows ?? []) as never[] };
        }
        return await connection.executeQuery(query);
      } finally {
        cache.written();
      }
    },
    streamQuery(query, chunkSize) {
      if (!READ.test(query.sql)) cache.written();
      return connection.streamQuery(query, chunkSize);
    },
  };
}

/** Rows one statement of a large page reads on the embedded database (readInSlices): as
 * many as an export's statement (export-batches.ts, where the figures are). */
export const SLICE_ROWS = 50;

/**
 * Which rows one statement of a page reads: `limit` rows from `offset`, or, with `after`,
 * the `limit` rows that follow the row of that id in the list's order.
 */
export interface Slice {
  limit?: number;
  offset?: number;
  after?: number;
}

/**
 * The rows of a page, as `read` answers a slice. On the embedded database a page over
 * SLICE_ROWS is read SLICE_ROWS rows a statement, with a turn of the event loop before each
 * (turns, above): a statement holds the server's one thread, and 500 contacts in one
 * statement held it about 25 ms, while every other workspace's requests waited (bench, noisy
 * neighbour: another workspace's GET /api/auth/me p99 ×2.7 of idle).
 *
 * Slices after the first continue from the last row read (`after`, when `keyset`): an
 * offset would make each statement join and skip every row before it again (the fifth
 * slice of 500 time entries cost as much as the whole page), and a write between two
 * statements could not move a row into or out of the answer. Should that row have been
 * deleted meanwhile, the rest is read by offset (where each further deletion among the rows
 * already read can leave one row out, as between two pages). Without `keyset` (lists ordered in a way
 * a row cannot anchor), slices go by offset and a row read twice is kept once. PostgreSQL
 * runs statements in its own processes: there a page is one statement.
 */
export async function readInSlices<Row extends { id: number }>(
  db: Database,
  page: { limit?: number; offset?: number },
  read: (slice: Slice) => Promise<Row[]>,
  keyset = false,
): Promise<Row[]> {
  const limit = page.limit;
  if (limit === undefined || limit <= SLICE_ROWS || !runsOnServerThread(db)) return read(page);
  const start = page.offset ?? 0;
  const rows: Row[] = [];
  const seen = new Set<number>();
  const keep = (slice: Row[]) => {
    for (const row of slice) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  };
  let byOffset = !keyset;
  let position = start; // where the next read by offset starts
  const byOffsetRead = async (wanted: number) => {
    const slice = await read({ limit: wanted, offset: position });
    position += slice.length;
    return slice;
  };
  for (;;) {
    const wanted = Math.min(SLICE_ROWS, limit - rows.length);
    const last = rows[rows.length - 1];
    let slice: Row[];
    if (last && !byOffset) {
      slice = await read({ limit: wanted, after: last.id });
      if (slice.length === 0) {
        // The list ended, or the anchor row was deleted meanwhile (nothing then follows
        // it): a read by offset tells which, and the rest goes by offset. It starts one row
        // early, so that the anchor's deletion, which moved every later row up by one,
        // leaves none out (the row read again is kept once).
        byOffset = true;
        position = start + rows.length - 1;
        slice = await byOffsetRead(wanted);
      }
    } else {
      slice = await byOffsetRead(wanted);
    }
    keep(slice);
    if (slice.length < wanted || rows.length >= limit) break;
  }
  // One more turn before the caller maps, checks and serialises the whole page (about
  // 6 ms for 500 rows), so that it does not run on from the last statement in one block.
  await setImmediate();
  return rows;
}

/**
 * VACUUM ANALYZE of the whole embedded database, as main.ts's housekeeping asks: without
 * the visibility map VACUUM keeps, every index-only scan reads the table too (a count of
 * 10,000 contacts: 5.6 ms instead of 1.3). It holds the thread (0.75 s on the bench data
 * set), so at start it runs only when a table was never analysed (a new database).
 */
export async function vacuumEmbedded(
  db: Database,
  { onlyWithoutStatistics = false } = {},
): Promise<void> {
  if (!runsOnServerThread(db)) return;
  if (onlyWithoutStatistics) {
    const { rows } = await sql<{ missing: boolean }>`select exists (
      select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.reltuples < 0) as missing`.execute(db);
    if (!rows[0]?.missing) return;
  }
  await sql`vacuum analyze`.execute(db);
}
