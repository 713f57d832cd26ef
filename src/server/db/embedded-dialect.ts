import type { DatabaseConnection, Dialect, Driver, TransactionSettings } from 'kysely';
import type { ReadCache } from './read-cache.ts';

const READ = /^\s*select\b/i;

/**
 * The embedded database's dialect: PGlite's, with two duties added.
 *
 * - **Turns.** PGlite runs on the server's own thread and answers through promises alone,
 *   so once statements are queued the event loop never reaches the network: requests that
 *   arrive meanwhile are read only after everything underway is done, then wait a whole
 *   round more. Under load that doubled the p99 latency (bench: contacts list at 20
 *   connections, p99 53 → 35 ms at the same throughput). Each statement now first lets the
 *   event loop take a turn, so requests queue in the order they came.
 * - **Writes.** Every statement that is not a plain `select` (insert, update, delete, DDL,
 *   `begin`, `commit`, `rollback`, `vacuum`) is reported to the read cache (read-cache.ts)
 *   before it runs and again once it is done.
 */
export function embeddedDialect(dialect: Dialect, cache: ReadCache): Dialect {
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

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function watch(connection: DatabaseConnection, cache: ReadCache): DatabaseConnection {
  return {
    async executeQuery(query) {
      await turn();
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
  };
}
