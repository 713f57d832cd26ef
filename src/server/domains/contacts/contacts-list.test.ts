import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoWorkspaces, signUpWithWorkspace } from '../../../../tests/support/test-app.ts';

/*
 * The contacts list's sorts and filters (issue 17, item 1): by name or creation, and by tag,
 * organization and assignee, alone or with a search, with X-Total-Count telling the whole
 * filtered list, and nothing of another workspace.
 */
const { t, owner, other } = useTwoWorkspaces('Sorters', 'Elsewhere');
const ids: Record<string, number> = {};
let vip: { id: number };
let acme: { id: number };
let theirTag: { id: number };

async function names(query: string): Promise<{ names: string[]; total: string }> {
  const res = await owner.client.get(`/api/persons?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return {
    names: (res.json() as { fullName: string }[]).map((p) => p.fullName),
    total: String(res.headers['x-total-count']),
  };
}

beforeAll(async () => {
  acme = (await owner.client.post('/api/organizations', { name: 'Acme' })).json();
  vip = (await owner.client.post('/api/tags', { name: 'VIP', color: 'red' })).json();
  theirTag = (await other.client.post('/api/tags', { name: 'VIP', color: 'red' })).json();
  // Made in this order: creation order and name order differ, and case differs.
  for (const [name, extra] of [
    ['bob Stone', { companyId: acme.id, assignedUserId: owner.user.id }],
    ['Alice Park', {}],
    ['carol Acme', { companyId: acme.id }],
    ['Dan Vale', { assignedUserId: owner.user.id }],
  ] as const) {
    const res = await owner.client.post('/api/persons', { fullName: name, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().id;
  }
  for (const name of ['bob Stone', 'Dan Vale'])
    expect((await owner.client.post(`/api/contacts/${ids[name]}/tags/${vip.id}`)).statusCode).toBe(
      200,
    );
  await other.client.post('/api/persons', { fullName: 'Aaron Other' });
});

describe('contacts list order', () => {
  it('is newest first by default, and oldest first, A to Z or Z to A on request', async () => {
    const newest = ['Dan Vale', 'carol Acme', 'Alice Park', 'bob Stone'];
    expect((await names('')).names).toEqual(newest);
    expect((await names('sort=-createdAt')).names).toEqual(newest);
    expect((await names('sort=createdAt')).names).toEqual([...newest].reverse());
    const byName = ['Alice Park', 'bob Stone', 'carol Acme', 'Dan Vale'];
    expect((await names('sort=fullName')).names).toEqual(byName);
    expect((await names('sort=-fullName')).names).toEqual([...byName].reverse());
  });

  it('pages through a sort without repeating or skipping anyone', async () => {
    const pages = [];
    for (let offset = 0; offset < 4; offset += 3)
      pages.push(...(await names(`sort=fullName&limit=3&offset=${offset}`)).names);
    expect(pages).toEqual(['Alice Park', 'bob Stone', 'carol Acme', 'Dan Vale']);
  });

  it('refuses an order it does not know', async () => {
    expect((await owner.client.get('/api/persons?sort=email')).statusCode).toBe(400);
  });
});

describe('contacts list filters', () => {
  it('narrow by tag, organization and assignee, and combine with each other and a search', async () => {
    expect(await names(`tagId=${vip.id}&sort=fullName`)).toEqual({
      names: ['bob Stone', 'Dan Vale'],
      total: '2',
    });
    expect((await names(`organizationId=${acme.id}&sort=fullName`)).names).toEqual([
      'bob Stone',
      'carol Acme',
    ]);
    expect((await names(`assignedUserId=${owner.user.id}&sort=fullName`)).names).toEqual([
      'bob Stone',
      'Dan Vale',
    ]);
    expect((await names(`tagId=${vip.id}&organizationId=${acme.id}`)).names).toEqual(['bob Stone']);
    // "acme" finds carol by name; the organization filter keeps only Acme's people.
    expect(await names(`search=acme&organizationId=${acme.id}`)).toEqual({
      names: ['carol Acme'],
      total: '1',
    });
  });

  it("find nothing through another workspace's tag, and refuse ids that are not ids", async () => {
    expect(await names(`tagId=${theirTag.id}`)).toEqual({ names: [], total: '0' });
    expect((await owner.client.get('/api/persons?organizationId=abc')).statusCode).toBe(400);
    expect((await owner.client.get('/api/persons?assignedUserId=0')).statusCode).toBe(400);
  });
});

describe('a large page in another order', () => {
  it('reads in slices (embedded database) and still answers every row once, in order', async () => {
    await t.db
      .insertInto('persons')
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          workspaceId: owner.workspace.id,
          // Names out of creation order, some equal: the id breaks the ties.
          fullName: `Zed ${String((i * 37) % 100).padStart(3, '0')}`,
        })),
      )
      .execute();
    const all = await names('sort=-fullName&limit=200');
    expect(all.total).toBe('134');
    expect(all.names).toHaveLength(134);
    const expected = [...all.names].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase()));
    expect(all.names).toEqual(expected);
    const paged: string[] = [];
    for (let offset = 0; offset < 134; offset += 40)
      paged.push(...(await names(`sort=-fullName&limit=40&offset=${offset}`)).names);
    expect(paged).toEqual(all.names);
  });
});

describe('bulk actions on contacts', () => {
  it('tag, untag, assign and delete many contacts at once, and only the workspace’s own', async () => {
    const crew = await signUpWithWorkspace(t.app, 'Bulk Crew');
    const stranger = await signUpWithWorkspace(t.app, 'Strangers');
    const made = [];
    for (const fullName of ['One', 'Two', 'Three'])
      made.push((await crew.client.post('/api/persons', { fullName })).json() as { id: number });
    const theirs = (await stranger.client.post('/api/persons', { fullName: 'Theirs' })).json();
    const tag = (await crew.client.post('/api/tags', { name: 'Batch', color: 'blue' })).json();
    const ids = [...made.map((p) => p.id), theirs.id];
    const bulk = (body: object) => crew.client.post('/api/contacts/bulk', body);

    let res = await bulk({ action: 'tag', ids, tagId: tag.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ affected: 3 });
    // Tagging again changes nothing.
    expect((await bulk({ action: 'tag', ids, tagId: tag.id })).json()).toEqual({ affected: 0 });
    const tagged = await crew.client.get(`/api/persons?tagId=${tag.id}`);
    expect(tagged.headers['x-total-count']).toBe('3');

    res = await bulk({ action: 'untag', ids: [made[0]!.id], tagId: tag.id });
    expect(res.json()).toEqual({ affected: 1 });

    res = await bulk({ action: 'assign', ids, assignedUserId: crew.user.id });
    expect(res.json()).toEqual({ affected: 3 });
    const assigned = await crew.client.get(`/api/persons?assignedUserId=${crew.user.id}`);
    expect(assigned.headers['x-total-count']).toBe('3');
    expect((await bulk({ action: 'assign', ids, assignedUserId: null })).json()).toEqual({
      affected: 3,
    });
    // Someone who is not a member cannot be assigned; another workspace's tag is not found.
    expect(
      (await bulk({ action: 'assign', ids, assignedUserId: stranger.user.id })).statusCode,
    ).toBe(404);
    const theirTag = (await stranger.client.post('/api/tags', { name: 'X', color: 'red' })).json();
    expect((await bulk({ action: 'tag', ids, tagId: theirTag.id })).statusCode).toBe(404);
    // Empty, unknown and oversized requests are refused.
    expect((await bulk({ action: 'tag', ids: [], tagId: tag.id })).statusCode).toBe(400);
    expect((await bulk({ action: 'archive', ids })).statusCode).toBe(400);
    expect(
      (await bulk({ action: 'delete', ids: Array.from({ length: 1001 }, (_, i) => i + 1) }))
        .statusCode,
    ).toBe(400);

    res = await bulk({ action: 'delete', ids });
    expect(res.json()).toEqual({ affected: 3 });
    expect((await crew.client.get('/api/persons')).headers['x-total-count']).toBe('0');
    // The other workspace's contact is still there.
    expect((await stranger.client.get('/api/persons')).headers['x-total-count']).toBe('1');
  });
});
