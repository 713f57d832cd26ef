import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { snapshot, useOwner, useTestApp } from '../support/test-app.ts';

/**
 * `snapshot` is what every "refused, and changes nothing" test compares: it must see each
 * kind of write, including one that stores the values a row already had.
 */
const t = useTestApp();
const owner = useOwner(t, 'Acme Studio');

it('sees an insert, an update to the same values, and a delete, and nothing else', async () => {
  const before = await snapshot(t.db);
  expect(await snapshot(t.db)).toBe(before);

  const { id } = await t.db
    .insertInto('tags')
    .values({ workspaceId: owner.workspace.id, name: 'Snapshot' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const inserted = await snapshot(t.db);
  expect(inserted).not.toBe(before);

  await sql`update tags set name = name where id = ${id}`.execute(t.db);
  const updated = await snapshot(t.db);
  expect(updated).not.toBe(inserted);

  await t.db.deleteFrom('tags').where('id', '=', id).execute();
  expect(await snapshot(t.db)).not.toBe(updated);
});
