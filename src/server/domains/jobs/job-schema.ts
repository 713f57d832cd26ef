import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/create-db.ts';
import { SCRIPT_MARK } from '../../db/embedded.ts';

/** pg-boss keeps its tables in a schema of their own, beside Keel's. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * pg-boss's `db` option over Keel's Kysely instance: the same pool (PostgreSQL) or the
 * same single connection (PGlite, where a second client cannot exist), without Keel's
 * camelCase plugin (pg-boss reads its own snake_case columns). pg-boss sends its schema
 * scripts (several statements, no parameters) like any other statement; PGlite runs
 * those through its simple protocol (embedded.ts, SCRIPT_MARK).
 */
export function bossDb(db: Database): PgBoss.Db {
  const raw = db.withoutPlugins();
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const script = values.length === 0 && /;\s*\S/.test(text);
      if (!script) {
        const result = await raw.executeQuery(CompiledQuery.raw(text, values));
        return { rows: result.rows as unknown[] };
      }
      // A script opens its own transaction (`begin; … commit;`): when a statement fails,
      // the rest is skipped and the transaction stays open, so it is rolled back on the same
      // connection before that goes back to the pool.
      return raw.connection().execute(async (connection) => {
        try {
          const result = await connection.executeQuery(
            CompiledQuery.raw(`${SCRIPT_MARK}\n${text}`),
          );
          return { rows: result.rows as unknown[] };
        } catch (error) {
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
          throw error;
        }
      });
    },
  };
}

/**
 * Creates or upgrades the queue's tables, as part of the migrations (create-db.ts), so a
 * server starts on a database that has them and two servers starting at once do not both
 * install them (pg-boss takes an advisory lock for it too).
 */
export async function installJobSchema(db: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const boss = new PgBoss({
      db: bossDb(db),
      schema: JOBS_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: true,
    });
    try {
      await boss.start();
      await boss.stop({ graceful: false, wait: true });
      return;
    } catch (error) {
      // Servers starting together: pg-boss checks whether its tables exist before it
      // takes its lock, so the one that waited then finds them made and fails. Looking
      // again, it finds the schema installed.
      if (attempt >= 3) throw error;
    }
  }
}
