import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../db/migrations.ts';
import { createDb, migrateToLatest } from '../../src/server/db/create-db.ts';
import { POSTGRES_URL, postgresAdmin, withDatabase } from '../support/postgres.ts';

/*
 * Issue 45, item 3: servers that start together on an empty database migrate it once, each
 * through its own pool, and no lock outlives the migration. In CI's PostgreSQL pass the pools
 * reach the server through PgBouncer in transaction mode, where a session-level lock taken
 * by one statement and released by another may be held by an idle server connection for good.
 * PostgreSQL only: the embedded database belongs to one process.
 */
describe.runIf(POSTGRES_URL)('migrations on PostgreSQL', () => {
  it('three servers starting at once migrate an empty database once and leave no advisory lock', async () => {
    const database = `keel_migrate_${randomBytes(5).toString('hex')}`;
    await postgresAdmin(`create database ${database}`);
    const servers = await Promise.all(
      [1, 2, 3].map(() =>
        createDb({ databaseUrl: withDatabase(POSTGRES_URL!, database), poolSize: 3 }),
      ),
    );
    try {
      await Promise.all(servers.map((server) => migrateToLatest(server.db)));
      for (const server of servers) {
        const { rows } = await sql<{ name: string }>`
          select name from kysely_migration order by name`.execute(server.db);
        expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      }
      // Read on the server itself: every session's locks, the pooler's idle ones too.
      const locks = await postgresAdmin<{ held: number }>(
        `select count(*)::int as held from pg_locks l join pg_database d on d.oid = l.database
          where l.locktype = 'advisory' and d.datname = $1`,
        [database],
      );
      expect(locks[0]!.held).toBe(0);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await postgresAdmin(`drop database if exists ${database} with (force)`);
    }
  }, 120_000);
});
