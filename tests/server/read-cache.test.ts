/*
 * The embedded database's read cache (src/server/db/embedded.ts): a remembered read is
 * answered from memory only until the next statement that may write, whatever form that
 * statement takes, and never on PostgreSQL, where other servers write too.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/create-db.ts';
import { rememberedRead } from '../../src/server/db/embedded.ts';
import { openTestDatabase, signUpWithWorkspace, testConfig } from '../support/test-app.ts';

let handle: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

/** A read of the users' count that says how many times it really ran. */
let reads = 0;
function countingRead() {
  let loads = 0;
  const key = `test:users:${++reads}`;
  const read = (db: Database = handle.db) =>
    rememberedRead(db, key, async () => {
      loads++;
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(db);
      return rows[0]!.n;
    });
  return { read, loads: () => loads };
}

const embedded = () => handle.kind === 'pglite';

describe('remembered reads', () => {
  it('run again after every kind of write, and only then (embedded); always (PostgreSQL)', async () => {
    const { read, loads } = countingRead();
    const before = await read();
    await read();
    expect(loads()).toBe(embedded() ? 1 : 2);

    const writes: [string, () => Promise<unknown>][] = [
      [
        'an insert',
        () =>
          handle.db
            .insertInto('users')
            .values({ email: 'cache-a@example.com', fullName: 'Cache A', passwordHash: 'x' })
            .execute(),
      ],
      [
        'raw SQL',
        () =>
          sql`insert into users (email, full_name, password_hash) values ('cache-b@example.com', 'Cache B', 'x')`.execute(
            handle.db,
          ),
      ],
      [
        'a delete',
        () => handle.db.deleteFrom('users').where('email', '=', 'cache-b@example.com').execute(),
      ],
      [
        'a committed transaction',
        () =>
          handle.db.transaction().execute(async (trx) => {
            await trx
              .insertInto('users')
              .values({ email: 'cache-c@example.com', fullName: 'Cache C', passwordHash: 'x' })
              .execute();
          }),
      ],
    ];
    let expected = before;
    for (const [name, write] of writes) {
      const loaded = loads();
      await write();
      expected += name === 'a delete' ? -1 : 1;
      expect(await read(), name).toBe(expected);
      expect(await read(), name).toBe(expected);
      expect(loads() - loaded, name).toBe(embedded() ? 1 : 2);
    }
  });

  it('do not keep what a rolled-back transaction wrote, nor read inside one', async () => {
    const { read } = countingRead();
    const before = await read();
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            email: 'cache-rollback@example.com',
            fullName: 'Rolled Back',
            passwordHash: 'x',
          })
          .execute();
        // The same read inside the transaction sees its own row: it must not be remembered
        // for the requests outside, which would see a row that never was.
        expect(await read(trx)).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read()).toBe(before);
  });

  it('are shared while loading, and never outlive a write issued meanwhile', async () => {
    const { read, loads } = countingRead();
    // Three requests at once: one statement (embedded).
    const [a, b, c] = await Promise.all([read(), read(), read()]);
    expect(new Set([a, b, c]).size).toBe(1);
    expect(loads()).toBe(embedded() ? 1 : 3);
    // A read and a write in flight together: whichever runs first, the next read sees the write.
    for (let i = 0; i < 3; i++) {
      const [during] = await Promise.all([
        read(),
        handle.db
          .insertInto('users')
          .values({ email: `cache-race-${i}@example.com`, fullName: 'Race', passwordHash: 'x' })
          .execute(),
      ]);
      expect(await read()).toBe(a! + i + 1);
      expect(during === a! + i || during === a! + i + 1).toBe(true);
    }
  });
});

describe('a list total, through the API', () => {
  it('follows creates and deletes at once', async () => {
    const app = await buildApp(testConfig(), handle.db);
    try {
      const { client } = await signUpWithWorkspace(app);
      const total = async () => Number((await client.get('/api/persons')).headers['x-total-count']);
      expect(await total()).toBe(0);
      const created = await client.post('/api/persons', { fullName: 'Ada Lovelace' });
      expect(created.statusCode).toBe(201);
      expect(await total()).toBe(1);
      expect(await total()).toBe(1);
      const id = (created.json() as { id: number }).id;
      expect((await client.delete(`/api/persons/${id}`)).statusCode).toBeLessThan(300);
      expect(await total()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
