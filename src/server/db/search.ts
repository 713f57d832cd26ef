import { setImmediate } from 'node:timers/promises';
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from './create-db.ts';
import { rememberedRead, runsOnServerThread } from './read-cache.ts';

/** An ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Dates leave the database as Date objects and the API as ISO strings. */
export function iso(value: Date): string;
export function iso(value: Date | null): string | null;
export function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null;
}

/** Applies the optional `limit` and `offset` of a list query (the whole list without them). */
export function paginate<Q extends { limit(n: number): Q; offset(n: number): Q }>(
  query: Q,
  { limit, offset }: { limit?: number; offset?: number },
): Q {
  let result = query;
  if (limit !== undefined) result = result.limit(limit);
  if (offset) result = result.offset(offset);
  return result;
}

/**
 * The size of a whole list when one of its pages tells it: a page shorter than its limit
 * ends the list (an empty first page is an empty list). Undefined when it takes a count.
 */
export function totalFromPage(
  rows: number,
  { limit, offset = 0 }: { limit: number; offset?: number },
): number | undefined {
  if (rows > 0 && rows < limit) return offset + rows;
  if (rows === 0 && offset === 0) return 0;
  return undefined;
}

/** Rows one statement of a large page reads on the embedded database (readInSlices): as
 * many as an export's statement (export-batches.ts, where the figures are). */
export const SLICE_ROWS = 50;

/**
 * Which rows one statement of a page reads: `limit` rows from `offset`, or, with `after`,
 * the `limit` rows that follow the row of that id in the list's order.
 */
export interface Slice {
  limit?: number;
  offset?: number;
  after?: number;
}

/**
 * The rows of a page, as `read` answers a slice. On the embedded database a page over
 * SLICE_ROWS is read SLICE_ROWS rows a statement, with a turn of the event loop before each
 * (embedded-dialect.ts): a statement holds the server's one thread, and 500 contacts in one
 * statement held it about 25 ms, while every other workspace's requests waited (bench, noisy
 * neighbour: another workspace's GET /api/auth/me p99 ×2.7 of idle).
 *
 * Slices after the first continue from the last row read (`after`, when `keyset`): an
 * offset would make each statement join and skip every row before it again (the fifth
 * slice of 500 time entries cost as much as the whole page), and a write between two
 * statements could not move a row into or out of the answer. Should that row have been
 * deleted meanwhile, the rest is read by offset (where each further deletion among the rows
 * already read can leave one row out, as between two pages). Without `keyset` (lists ordered in a way
 * a row cannot anchor), slices go by offset and a row read twice is kept once. PostgreSQL
 * runs statements in its own processes: there a page is one statement.
 */
export async function readInSlices<Row extends { id: number }>(
  db: Database,
  page: { limit?: number; offset?: number },
  read: (slice: Slice) => Promise<Row[]>,
  keyset = false,
): Promise<Row[]> {
  const limit = page.limit;
  if (limit === undefined || limit <= SLICE_ROWS || !runsOnServerThread(db)) return read(page);
  const start = page.offset ?? 0;
  const rows: Row[] = [];
  const seen = new Set<number>();
  const keep = (slice: Row[]) => {
    for (const row of slice) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  };
  let byOffset = !keyset;
  let position = start; // where the next read by offset starts
  const byOffsetRead = async (wanted: number) => {
    const slice = await read({ limit: wanted, offset: position });
    position += slice.length;
    return slice;
  };
  for (;;) {
    const wanted = Math.min(SLICE_ROWS, limit - rows.length);
    const last = rows[rows.length - 1];
    let slice: Row[];
    if (last && !byOffset) {
      slice = await read({ limit: wanted, after: last.id });
      if (slice.length === 0) {
        // The list ended, or the anchor row was deleted meanwhile (nothing then follows
        // it): a read by offset tells which, and the rest goes by offset. It starts one row
        // early, so that the anchor's deletion, which moved every later row up by one,
        // leaves none out (the row read again is kept once).
        byOffset = true;
        position = start + rows.length - 1;
        slice = await byOffsetRead(wanted);
      }
    } else {
      slice = await byOffsetRead(wanted);
    }
    keep(slice);
    if (slice.length < wanted || rows.length >= limit) break;
  }
  // One more turn before the caller maps, checks and serialises the whole page (about
  // 6 ms for 500 rows), so that it does not run on from the last statement in one block.
  await setImmediate();
  return rows;
}

/**
 * A page of a list query and the size of the whole filtered list: a full page (or an empty
 * one past the start) costs a count over the same tables and filters. `after` adds the
 * condition "follows the row of this id in the query's order", so that a large page is read
 * in slices that continue where the last one ended (readInSlices).
 */
export async function pageWithTotal<DB, TB extends keyof DB, O extends { id: number }>(
  db: Database,
  query: SelectQueryBuilder<DB, TB, O>,
  page: { limit: number; offset?: number },
  after?: (id: number) => Expression<SqlBool>,
): Promise<{ rows: O[]; total: number }> {
  const rows = await readInSlices(
    db,
    page,
    ({ after: id, ...slice }) =>
      paginate(id === undefined || !after ? query : query.where(after(id)), slice).execute(),
    after !== undefined,
  );
  const total = totalFromPage(rows.length, page) ?? (await countOf(db, query));
  return { rows, total };
}

/**
 * How many rows a list query matches, whatever its columns and order. On the embedded
 * database the answer is remembered until the next write (read-cache.ts), as the contacts'
 * total is: counting 50,000 time entries costs as much as the page itself, and blocks the
 * one thread every workspace shares. Counts whose filters read the clock are not.
 */
export async function countOf<DB, TB extends keyof DB, O>(
  db: Database,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const counting = query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)::int`.as('total'));
  const run = async () => (await counting.executeTakeFirstOrThrow()) as { total: number };
  const compiled = counting.compile();
  if (/\b(now|current_date|current_timestamp|localtimestamp)\b/i.test(compiled.sql)) {
    return (await run()).total;
  }
  const key = `count:${compiled.sql}:${JSON.stringify(compiled.parameters)}`;
  return (await rememberedRead(db, key, run)).total;
}
