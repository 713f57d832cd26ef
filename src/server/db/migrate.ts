import {
  CamelCasePlugin,
  type CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Transaction,
} from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { migrations } from '../../../db/migrations.ts';

/**
 * The key of Kysely's own migration lock (its PostgresAdapter): a server of an older Keel,
 * which takes it as a session lock, and this one still exclude each other.
 */
const MIGRATION_LOCK = 3853314791062309107n;

/**
 * Runs the pending migrations in one transaction that first takes a transaction-scoped
 * advisory lock, so that servers starting together migrate one after the other, and the
 * ones that waited find the work done.
 *
 * Kysely's Migrator locks with a session lock on a connection, then opens its transaction,
 * then unlocks: through PgBouncer in transaction mode (README, "PgBouncer") those three can
 * reach three different server connections, so the lock excludes nobody and stays held by an
 * idle connection. Here the Migrator is given a Kysely that runs everything inside our
 * transaction: its own lock and transaction are no-ops, and the lock is released at commit.
 * A failed migration throws, which rolls back all of them.
 */
export async function migrateInOneTransaction(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(trx);
    const migrator = new Migrator({
      // The same plugins as the app's Kysely (create-db.ts), as the migrations were written for.
      db: new Kysely<DB>({ dialect: inside(trx), plugins: [new CamelCasePlugin()] }),
      provider: { getMigrations: async () => migrations },
    });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
    }
  });
}

/** A dialect whose one connection is the given transaction (its statements go through untransformed). */
function inside(trx: Transaction<DB>): Dialect {
  const raw = trx.withoutPlugins();
  const connection: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery) => raw.executeQuery<R>(query),
    streamQuery: () => {
      throw new Error('Streaming is not used by migrations');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    // Already in the transaction: the Migrator's begin, commit and rollback are the outer one's.
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return {
    createDriver: () => driver,
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createAdapter: () => new InTransactionAdapter(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}

/** The lock is taken by migrateInOneTransaction, at the start of the transaction. */
class InTransactionAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}
