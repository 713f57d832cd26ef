import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateToLatest } from '../../src/server/db/create-db.ts';

/**
 * The PostgreSQL server of the PostgreSQL pass (`TEST_DATABASE_URL`), undefined in the
 * embedded pass: tests about several servers on one PostgreSQL run in that pass only, so
 * that `npm test` on the embedded database needs no PostgreSQL server at all.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/**
 * The PostgreSQL server itself, for creating and dropping the tests' databases
 * (`TEST_DATABASE_ADMIN_URL`, else `TEST_DATABASE_URL`). CI's PostgreSQL pass points
 * `TEST_DATABASE_URL` at a PgBouncer in transaction mode (README, "PgBouncer") and this one at
 * the server: `create database … template T` fails while any session is connected to T, and
 * PgBouncer keeps its server connections to the template open after the migrations.
 */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? POSTGRES_URL;

/** The same server and credentials as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on the server itself (POSTGRES_ADMIN_URL): create or drop a database, read pg_locks. */
export async function postgresAdmin<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  statement: string,
  values: unknown[] = [],
): Promise<Row[]> {
  if (!POSTGRES_ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set');
  return admin(POSTGRES_ADMIN_URL, async (c) => (await c.query<Row>(statement, values)).rows);
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database to copy from; its name is returned. It is migrated through `url` (the
 * app's way in, PgBouncer in CI), so the migrations are tested the way a server runs them.
 */
export async function createPostgresTemplate(url: string): Promise<string> {
  const name = `keel_template_${randomBytes(4).toString('hex')}`;
  await postgresAdmin(`create database ${name}`);
  const handle = await createDb({ databaseUrl: withDatabase(url, name), poolSize: 2 });
  await migrateToLatest(handle.db);
  await handle.close();
  // A pooler keeps server connections to the template open, and PostgreSQL copies no
  // database that has any: they are ended here (only the pooler's, the migration is done).
  await admin(POSTGRES_ADMIN_URL!, (c) =>
    c.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    ),
  );
  return name;
}

/** A copy of the template; the URL to reach it the app's way (`url`) is returned. */
export async function createPostgresCopy(url: string, template: string): Promise<string> {
  const name = `keel_test_${randomBytes(6).toString('hex')}`;
  await postgresAdmin(`create database ${name} template ${template}`);
  return withDatabase(url, name);
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await postgresAdmin(`drop database if exists ${name} with (force)`);
}
