import type { CsvRow } from '../../shared/csv.ts';

/**
 * Rows one export statement reads. The embedded database runs each statement on the
 * server's one thread, and other workspaces' requests wait for it to end: 1,000 rows took
 * about 30 ms (contacts with their organization, assignee and tags), 250 rows 10–14 ms,
 * 50 rows 3–5 ms. Another workspace's GET /api/auth/me p99 under a loop of exports and
 * unpaged lists (bench, noisy neighbour, embedded database): ×6 of idle at 1,000 rows,
 * ×2.7 at 250, ×1.9 at 100 and ×1.7 at 50, with lists read in slices as small
 * (search.ts, readInSlices). More statements cost PostgreSQL little: one round trip each.
 */
export const EXPORT_BATCH_ROWS = 50;

/**
 * What an export procedure answers: its columns, and its rows read batch by batch only
 * when `batches()` is iterated (the REST responder streams them as CSV while the client
 * reads). Nothing is read until then, so a caller that never iterates costs nothing.
 */
export interface RowExport {
  columns: readonly string[];
  batches: () => AsyncIterable<CsvRow[]>;
}

/**
 * Every row of an ordered read, `size` at a time: `read` answers the rows after `after`
 * (the last row of the previous batch; undefined for the first) in the same order, with
 * a `where (key) > (after's key)` condition on an indexed key rather than an offset, so
 * each statement costs the same however deep into the list it starts, and no row is read
 * twice however the table changes meanwhile.
 */
export async function* keysetBatches<Row>(
  read: (after: Row | undefined, size: number) => Promise<Row[]>,
  size = EXPORT_BATCH_ROWS,
): AsyncGenerator<Row[]> {
  let after: Row | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}
