/*
 * Statements compiled once (src/server/db/prepared.ts): their SQL must not depend on the
 * arguments of the first call, and every shape of the lists built on them must answer
 * what the same query built afresh answers.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ParameterReference,
  prepared,
  preparedVariants,
  type ParameterReferences,
} from '../../src/server/db/prepared.ts';
import type { Database } from '../../src/server/db/create-db.ts';
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

describe('prepared statements', () => {
  it('build receives references to the arguments, never their values', async () => {
    const seen: unknown[] = [];
    let builds = 0;
    const byName = prepared(
      (db: Database, p: ParameterReferences<{ workspaceId: number; name: string }>) => {
        builds += 1;
        seen.push(p.name);
        // @ts-expect-error a reference is not the string it stands for
        const asText: string = p.name;
        // @ts-expect-error nor can it be compared with one
        if (p.name === '') throw new Error('unreachable');
        void asText;
        return db
          .selectFrom('persons')
          .select('fullName')
          .where('workspaceId', '=', p.workspaceId)
          .where('fullName', '=', p.name);
      },
    );
    const ann = await byName(t.db, { workspaceId, name: 'Ann Example 0' });
    expect(ann).toEqual([{ fullName: 'Ann Example 0' }]);
    // Built once: the second call, with another value, reuses the same SQL.
    expect(await byName(t.db, { workspaceId, name: 'Brian Banner 1' })).toEqual([
      { fullName: 'Brian Banner 1' },
    ]);
    expect(await byName(t.db, { workspaceId, name: '' })).toEqual([]);
    expect(builds).toBe(1);
    const [reference] = seen;
    expect(reference).toBeInstanceOf(ParameterReference);
    expect(reference).not.toBe('Ann Example 0');
    // Read as text or as a number, a reference throws instead of passing for a value.
    expect(() => `${reference as string}`).toThrow(/not a value/);
    expect(() => String(reference)).toThrow(/not a value/);
    expect(() => (reference as number) + 1).toThrow(/not a value/);
  });

  it('refuses to run a statement without one of its arguments', async () => {
    const byId = prepared((db: Database, p: ParameterReferences<{ id: number }>) =>
      db.selectFrom('persons').select('id').where('id', '=', p.id),
    );
    await expect(byId(t.db, {} as { id: number })).rejects.toThrow(/needs "id"/);
  });

  it('shapes the SQL by an explicit variant: an empty name filters nothing', async () => {
    const named = preparedVariants(
      (
        db: Database,
        variant: { byName: boolean },
        p: ParameterReferences<{ workspaceId: number; name: string }>,
      ) => {
        const query = db
          .selectFrom('persons')
          .select(sql<number>`count(*)::int`.as('total'))
          .where('workspaceId', '=', p.workspaceId);
        return variant.byName ? query.where('fullName', '=', p.name) : query;
      },
    );
    const count = async (name: string) =>
      (await named(t.db, { byName: name !== '' }, { workspaceId, name }))[0]!.total;
    expect(await count('Ann Example 0')).toBe(1);
    expect(await count('')).toBe(42);
    expect(await count('Nobody')).toBe(0);
  });
});

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

describe('every shape of the prepared lists answers what a plain query answers', () => {
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
