import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateToLatest } from '../../src/server/db/create-db.ts';

/**
 * The PostgreSQL server of the PostgreSQL pass (`TEST_DATABASE_URL`), undefined in the
 * embedded pass: tests about several servers on one PostgreSQL run in that pass only, so
 * that `npm test` on the embedded database needs no PostgreSQL server at all.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
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

/** A migrated database to copy from; its name is returned. */
export async function createPostgresTemplate(url: string): Promise<string> {
  const name = `keel_template_${randomBytes(4).toString('hex')}`;
  await admin(url, (c) => c.query(`create database ${name}`));
  const handle = await createDb({ databaseUrl: withDatabase(url, name), poolSize: 2 });
  await migrateToLatest(handle.db);
  await handle.close();
  return name;
}

export async function createPostgresCopy(url: string, template: string): Promise<string> {
  const name = `keel_test_${randomBytes(6).toString('hex')}`;
  await admin(url, (c) => c.query(`create database ${name} template ${template}`));
  return withDatabase(url, name);
}

export async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  await admin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
}
