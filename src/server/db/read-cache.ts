import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';
import type { Database } from './create-db.ts';

/**
 * Answers a few hot, repeated reads (a request's session and caller, a list's total) from
 * memory, on the embedded database only.
 *
 * PGlite is one process's database: create-db.ts locks its directory, so every statement
 * that can change it passes through this process's single connection, and the driver
 * wrapper below sees it. Any statement that is not a plain `select` (an insert, update or
 * delete, DDL, `begin`, `commit`, `rollback`, `vacuum`) moves the generation on, before it
 * runs and again once it is done. A remembered answer is used only at the generation it was
 * read at, so it is the answer the database would give now. With PostgreSQL other servers
 * write too, and nothing is remembered.
 *
 * Only reads whose result depends on the rows alone may be remembered: nothing reading
 * `now()` or a sequence. Reads inside a transaction are never remembered (a transaction is
 * another Kysely instance, unknown here).
 */
export class ReadCache {
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

/** Makes `db` remember reads in `cache` (createDb does it for the embedded database). */
export function attachReadCache(db: Database, cache: ReadCache): void {
  caches.set(db, cache);
}

/** `load()`, or its remembered answer when `db` has a read cache and nothing was written since. */
export function rememberedRead<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.read(key, load) : load();
}

const READ = /^\s*select\b/i;

/** `dialect` with every statement its connections run reported to `cache` unless a plain read. */
export function watchWrites(dialect: Dialect, cache: ReadCache): Dialect {
  const watch = (connection: DatabaseConnection): DatabaseConnection => ({
    async executeQuery(query) {
      if (READ.test(query.sql)) return connection.executeQuery(query);
      cache.written();
      try {
        return await connection.executeQuery(query);
      } finally {
        cache.written();
      }
    },
    streamQuery(query, chunkSize) {
      if (!READ.test(query.sql)) cache.written();
      return connection.streamQuery(query, chunkSize);
    },
  });
  const watched = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const wrap = (connection: DatabaseConnection) => {
    let outer = watched.get(connection);
    if (!outer) {
      outer = watch(connection);
      watched.set(connection, outer);
      unwrap.set(outer, connection);
    }
    return outer;
  };
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver(): Driver {
      const driver = dialect.createDriver();
      const inner = (connection: DatabaseConnection) => unwrap.get(connection) ?? connection;
      return {
        init: () => driver.init(),
        acquireConnection: async () => wrap(await driver.acquireConnection()),
        // The driver runs `begin`, `commit` and `rollback` on the connection it is given:
        // the watched one, so they count as writes.
        beginTransaction: (connection, settings: TransactionSettings) =>
          driver.beginTransaction(connection, settings),
        commitTransaction: (connection) => driver.commitTransaction(connection),
        rollbackTransaction: (connection) => driver.rollbackTransaction(connection),
        releaseConnection: (connection) => driver.releaseConnection(inner(connection)),
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
