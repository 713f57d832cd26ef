/*
 * The contacts and deals lists are shaped for speed (a page cut before its joins, keyset
 * slices, deals as one JSON array): every shape of request must still answer what a plain
 * query answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsPattern } from '../../src/server/db/search.ts';
import { createTestApp, signUpWithWorkspace, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;
let workspaceId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpWithWorkspace(t.app, 'Prepared Lists');
  workspaceId = owner.workspace.id;
  const other = await signUpWithWorkspace(t.app, 'Somebody Else');
  // Names, emails and phones that searches below match, miss, or match by wildcard only.
  const people = [
    ['Ann Example', 'ann@example.com', '555 0100'],
    ['Brian Banner', null, '555 0101'],
    ['Chandra Nandi', 'chandra@nandi.example.org', null],
    ['Dana 50% Off', 'dana@example.com', null],
    ['Eve a_b Test', null, null],
    ['Frank aXb', 'frank@example.net', '+44 20 7946 0000'],
    ['', 'blank-name@example.com', null],
  ];
  const persons = await t.db
    .insertInto('persons')
    .values(
      Array.from({ length: 42 }, (_, i) => {
        const [fullName, email, phone] = people[i % people.length]!;
        return { workspaceId, fullName: `${fullName} ${i}`.trim(), email, phone };
      }),
    )
    .returning('id')
    .execute();
  const organizations = await t.db
    .insertInto('organizations')
    .values([
      { workspaceId, name: 'Banana Holdings' },
      { workspaceId, name: 'Zed Works' },
    ])
    .returning('id')
    .execute();
  await t.db
    .insertInto('leads')
    .values(
      Array.from({ length: 37 }, (_, i) => ({
        workspaceId,
        dealName: ['Annual plan', 'Big 50% deal', 'Quiet one', 'x_y rollout'][i % 4]!,
        personId: i % 3 === 0 ? null : persons[i % persons.length]!.id,
        companyId: i % 5 === 0 ? null : organizations[i % 2]!.id,
        stage: 'new',
      })),
    )
    .execute();
  // Rows of another workspace that no list of this one may answer.
  await t.db
    .insertInto('persons')
    .values({ workspaceId: other.workspace.id, fullName: 'Ann Elsewhere' })
    .execute();
  await t.db
    .insertInto('leads')
    .values({ workspaceId: other.workspace.id, dealName: 'Annual elsewhere', stage: 'new' })
    .execute();
});
afterAll(() => t.close());

/** Ids (and total) of a list over REST. */
async function listed(url: string) {
  const res = await owner.client.get(url);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return {
    ids: (res.json() as { id: number }[]).map((r) => r.id),
    total: res.headers['x-total-count'],
  };
}

interface Shape {
  search?: string;
  limit?: number;
  offset?: number;
}

function urlOf(path: string, { search, limit, offset }: Shape) {
  const query = new URLSearchParams();
  if (search !== undefined) query.set('search', search);
  if (limit !== undefined) query.set('limit', String(limit));
  if (offset !== undefined) query.set('offset', String(offset));
  return `${path}?${query}`;
}

/** The same list as a plain Kysely query, built for this one call. */
async function plainPersons({ search, limit, offset }: Shape) {
  const text = search?.trim();
  let query = t.db
    .selectFrom('persons')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');
  if (text) {
    const pattern = containsPattern(text);
    query = query.where((eb) =>
      eb.or([
        eb('fullName', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('phone', 'ilike', pattern),
      ]),
    );
  }
  const all = (await query.execute()).map((r) => r.id);
  const start = offset ?? 0;
  return { ids: all.slice(start, limit === undefined ? undefined : start + limit), all };
}

async function plainLeads({ search, limit, offset }: Shape) {
  const text = search?.trim();
  let query = t.db
    .selectFrom('leads as l')
    .leftJoin('persons as p', 'p.id', 'l.personId')
    .leftJoin('organizations as o', 'o.id', 'l.companyId')
    .select('l.id')
    .where('l.workspaceId', '=', workspaceId)
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc');
  if (text) {
    const pattern = containsPattern(text);
    query = query.where((eb) =>
      eb.or([
        eb('l.dealName', 'ilike', pattern),
        eb('p.fullName', 'ilike', pattern),
        eb('p.email', 'ilike', pattern),
        eb('o.name', 'ilike', pattern),
      ]),
    );
  }
  const all = (await query.execute()).map((r) => r.id);
  const start = offset ?? 0;
  return { ids: all.slice(start, limit === undefined ? undefined : start + limit), all };
}

const searches = [undefined, '', '   ', 'an', 'AN', 'example.com', '50%', 'a_b', 'zzqq-none'];
const limits = [undefined, 1, 5, 500];
const offsets = [undefined, 0, 2, 40];
const shapes: Shape[] = searches.flatMap((search) =>
  limits.flatMap((limit) => offsets.map((offset) => ({ search, limit, offset }))),
);

describe('every shape of the lists answers what a plain query answers', () => {
  it('contacts: search or not, empty search, limit, offset, each combination', async () => {
    for (const shape of shapes) {
      const expected = await plainPersons(shape);
      const got = await listed(urlOf('/api/persons', shape));
      expect(got.ids, JSON.stringify(shape)).toEqual(expected.ids);
      expect(got.total, JSON.stringify(shape)).toBe(String(expected.all.length));
    }
    // The searches tell rows apart: none is everything or nothing by accident.
    expect((await plainPersons({ search: 'an' })).all.length).toBeLessThan(42);
    expect((await plainPersons({ search: 'a_b' })).all.length).toBeGreaterThan(0);
  });

  it('deals: search or not, empty search, limit, offset, each combination', async () => {
    for (const shape of shapes) {
      const expected = await plainLeads(shape);
      const got = await listed(urlOf('/api/leads', shape));
      expect(got.ids, JSON.stringify(shape)).toEqual(expected.ids);
      if (got.total !== undefined) {
        expect(got.total, JSON.stringify(shape)).toBe(String(expected.all.length));
      }
    }
    expect((await plainLeads({ search: '50%' })).all.length).toBeLessThan(37);
    expect((await plainLeads({ search: 'x_y' })).all.length).toBeGreaterThan(0);
  });
});
