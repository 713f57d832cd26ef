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
      const result = await raw.executeQuery(
        CompiledQuery.raw(script ? `${SCRIPT_MARK}\n${text}` : text, values),
      );
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * Creates or upgrades the queue's tables, as part of the migrations (create-db.ts), so a
 * server starts on a database that has them and two servers starting at once do not both
 * install them (pg-boss takes an advisory lock for it too).
 */
export async function installJobSchema(db: Database): Promise<void> {
  const boss = new PgBoss({
    db: bossDb(db),
    schema: JOBS_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
