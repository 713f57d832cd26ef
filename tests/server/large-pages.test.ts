import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInSlices, SLICE_ROWS, type Slice } from '../../src/server/db/embedded.ts';
import { createTestApp, signUpWithWorkspace, type TestApp } from '../support/test-app.ts';

/**
 * A page over SLICE_ROWS rows is read in slices on the embedded database, so that one
 * workspace's large lists do not hold the server's one thread (issue 15, item 4). Whatever
 * the database, a large page must answer what the same rows read 50 at a time answer.
 */
const ROWS = 260; // several slices, the last one short
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUpWithWorkspace>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpWithWorkspace(t.app, 'Large Pages');
  const workspaceId = owner.workspace.id;
  // Several rows share each timestamp, so the order falls back on the id at slice edges.
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 3)));
  const organizations = await t.db
    .insertInto('organizations')
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        workspaceId,
        name: `Org ${String(i % 97).padStart(3, '0')}`, // names repeat: ties on the id
      })),
    )
    .returning('id')
    .execute();
  const persons = await t.db
    .insertInto('persons')
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        workspaceId,
        fullName: `Person ${i}`,
        companyId: organizations[i % 7]!.id,
        createdAt: at(i),
      })),
    )
    .returning('id')
    .execute();
  await t.db
    .insertInto('leads')
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        workspaceId,
        dealName: `Deal ${i}`,
        personId: persons[i]!.id,
        value: '100.00',
        createdAt: at(i),
      })),
    )
    .execute();
  const project = await t.db
    .insertInto('projects')
    .values({
      workspaceId,
      name: 'Sliced',
      budgetType: 'time',
      budgetLimit: '1000.00',
      hourlyRate: '10.00',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('timeEntries')
    .values(
      Array.from({ length: ROWS }, (_, i) => ({
        workspaceId,
        projectId: project.id,
        userId: owner.user.id,
        hours: '1.00',
        rate: '10.00',
        date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
        createdAt: at(i % 11),
      })),
    )
    .execute();
});

afterAll(async () => {
  await t?.close();
});

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('a page larger than a slice', () => {
  it.each(['/api/persons', '/api/organizations', '/api/leads', '/api/time-entries'])(
    '%s answers the rows that pages of 50 answer, in the same order',
    async (path) => {
      const whole = await owner.client.get(path);
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.headers['x-total-count']).toBe(String(ROWS));
      const paged: { id: number }[] = [];
      for (let offset = 0; offset < ROWS; offset += 50) {
        const page = await owner.client.get(`${path}?limit=50&offset=${offset}`);
        expect(page.statusCode).toBe(200);
        paged.push(...page.json());
      }
      expect(ids(whole.json())).toEqual(ids(paged));
      expect(new Set(ids(whole.json())).size).toBe(ROWS);
      // From an offset and up to a limit, too.
      const middle = await owner.client.get(`${path}?limit=150&offset=70`);
      expect(ids(middle.json())).toEqual(ids(paged).slice(70, 220));
    },
  );
});

describe('readInSlices', () => {
  /** A list in memory read as a repository would: by offset, or after a row. */
  function list(rowIds: number[]) {
    const rows = rowIds.map((id) => ({ id }));
    const statements: Slice[] = [];
    const read = async (slice: Slice) => {
      statements.push(slice);
      const from =
        slice.after === undefined
          ? (slice.offset ?? 0)
          : rows.findIndex((row) => row.id === slice.after) + 1 || rows.length;
      // A deleted anchor: nothing follows a row that is not there.
      if (slice.after !== undefined && !rows.some((row) => row.id === slice.after)) return [];
      return rows.slice(from, slice.limit === undefined ? undefined : from + slice.limit);
    };
    return { rows, statements, read };
  }
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  const S = SLICE_ROWS;

  it('reads one statement on PostgreSQL, slices continuing after the last row on the embedded database', async () => {
    const { statements, read } = list(range(1, 5 * S));
    const rows = await readInSlices(t.db, { limit: 4 * S, offset: 10 }, read, true);
    expect(ids(rows)).toEqual(range(11, 4 * S));
    if (t.kind === 'postgres') {
      expect(statements).toEqual([{ limit: 4 * S, offset: 10 }]);
    } else {
      expect(statements).toEqual([
        { limit: S, offset: 10 },
        { limit: S, after: 10 + S },
        { limit: S, after: 10 + 2 * S },
        { limit: S, after: 10 + 3 * S },
      ]);
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'keeps every row once when rows are added or the anchor is deleted between slices',
    async () => {
      const limit = 2 * S + S / 2;
      const added = list(range(1, 3 * S));
      const read = async (slice: Slice) => {
        const rows = await added.read(slice);
        // A newer row lands at the top after the first slice: it shifts every offset.
        if (slice.offset === 0) added.rows.unshift({ id: 100_000 });
        return rows;
      };
      expect(ids(await readInSlices(t.db, { limit }, read, true))).toEqual(range(1, limit));
      // By offset (no anchor), the row the shift brings back is kept once.
      const shifted = list(range(1, 3 * S));
      const readByOffset = async (slice: Slice) => {
        const rows = await shifted.read(slice);
        if (slice.offset === 0) shifted.rows.unshift({ id: 100_000 });
        return rows;
      };
      const byOffset = ids(await readInSlices(t.db, { limit }, readByOffset));
      expect(new Set(byOffset).size).toBe(byOffset.length);
      expect(byOffset).toEqual(range(1, limit));

      const gone = list(range(1, 3 * S));
      const readDeleting = async (slice: Slice) => {
        const rows = await gone.read(slice);
        // The last row of the first slice is deleted before the next slice is read.
        if (slice.offset === 0) gone.rows.splice(S - 1, 1);
        return rows;
      };
      const rows = ids(await readInSlices(t.db, { limit }, readDeleting, true));
      // The deleted row was read before it went; every other row comes once.
      expect(rows).toEqual(range(1, limit));
      expect(gone.statements.map((s) => s.after ?? `offset ${s.offset}`)).toEqual([
        'offset 0',
        S,
        `offset ${S - 1}`,
        `offset ${2 * S - 1}`,
      ]);
    },
  );

  it('stops at a short slice, and at an empty one when the list ends on a slice edge', async () => {
    if (t.kind === 'postgres') return;
    const short = list(range(1, S + S / 2));
    expect(ids(await readInSlices(t.db, { limit: 500 }, short.read, true))).toEqual(
      range(1, S + S / 2),
    );
    expect(short.statements).toHaveLength(2);
    const edge = list(range(1, 2 * S));
    expect(ids(await readInSlices(t.db, { limit: 500 }, edge.read, true))).toEqual(range(1, 2 * S));
    // The empty keyset slice is checked by offset once: the list really ended.
    expect(edge.statements.map((s) => s.after ?? `offset ${s.offset}`)).toEqual([
      'offset 0',
      S,
      2 * S,
      `offset ${2 * S - 1}`,
    ]);
  });
});
