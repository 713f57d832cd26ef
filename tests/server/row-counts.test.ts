import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUpWithWorkspace, type TestApp } from '../support/test-app.ts';

/**
 * Issue 16: an unfiltered contacts page answers its total from the database's own count per
 * workspace (migration 0025) instead of counting every contact on every page. The count must
 * be the truth after every way contacts come and go, and never cross workspaces.
 */
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Every workspace's stored count against a count of its rows. */
async function countsAgainstRows() {
  const { rows } = await sql<{ workspaceId: number; stored: number; counted: number }>`
    select w.id as "workspaceId",
      coalesce((select n from row_counts c where c.workspace_id = w.id and c.table_name = 'persons'), 0)::int as stored,
      (select count(*) from persons p where p.workspace_id = w.id)::int as counted
    from workspaces w order by w.id`.execute(t.db);
  return rows;
}

type Client = Awaited<ReturnType<typeof signUpWithWorkspace>>['client'];

async function listTotal(client: Client, query = 'limit=50') {
  const res = await client.get(`/api/persons?${query}`);
  expect(res.statusCode).toBe(200);
  return Number(res.headers['x-total-count']);
}

describe('row counts', () => {
  it('stay exact through creates, an import, deletes one by one and in bulk, per workspace', async () => {
    const a = await signUpWithWorkspace(t.app, 'Counted A');
    const b = await signUpWithWorkspace(t.app, 'Counted B');
    expect(await listTotal(a.client)).toBe(0);

    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await a.client.post('/api/persons', { fullName: `Person ${i}` });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().id);
    }
    await b.client.post('/api/persons', { fullName: 'Only in B' });
    const imported = await a.client.post('/api/contacts/import', {
      rows: Array.from({ length: 120 }, (_, i) => ({ fullName: `Imported ${i}` })),
      firstRowNumber: 2,
    });
    expect(imported.statusCode).toBe(200);
    expect(await listTotal(a.client)).toBe(125);
    expect(await listTotal(b.client)).toBe(1);

    expect((await a.client.delete(`/api/persons/${ids[0]}`)).statusCode).toBe(200);
    const bulk = await a.client.post('/api/contacts/bulk', {
      action: 'delete',
      ids: ids.slice(1, 4),
    });
    expect(bulk.statusCode).toBe(200);
    expect(await listTotal(a.client)).toBe(121);
    // A filtered total is counted, and agrees.
    expect(await listTotal(a.client, 'limit=50&search=Imported')).toBe(120);
    for (const row of await countsAgainstRows()) expect(row.stored).toBe(row.counted);
  });

  it('do not move when the writing transaction rolls back', async () => {
    const a = await signUpWithWorkspace(t.app, 'Rolled back');
    await a.client.post('/api/persons', { fullName: 'Kept' });
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('persons')
          .values([1, 2, 3].map((i) => ({ workspaceId: a.workspace.id, fullName: `Gone ${i}` })))
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await listTotal(a.client)).toBe(1);
  });

  it('go with a deleted workspace, whose contacts go first', async () => {
    const a = await signUpWithWorkspace(t.app, 'Deleted later');
    const b = await signUpWithWorkspace(t.app, 'Stays');
    await a.client.post('/api/persons', { fullName: 'In A' });
    await b.client.post('/api/persons', { fullName: 'In B' });
    await t.db.deleteFrom('workspaces').where('id', '=', a.workspace.id).execute();
    const left = await t.db.selectFrom('rowCounts').select(['workspaceId', 'n']).execute();
    expect(left.map((row) => row.workspaceId)).not.toContain(a.workspace.id);
    expect(await listTotal(b.client)).toBe(1);
  });
});
