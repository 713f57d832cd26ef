import { MAX_PAGE_SIZE } from '../../shared/list.schema.ts';

/**
 * Every row of a list the server answers a page at a time (at most MAX_PAGE_SIZE a call),
 * read page after page: for the few views that must show all of a list (the pipeline
 * board, an invoice's billed time, an export made in the browser). Stops at the first
 * short page, or once `total` rows have come.
 */
export async function fetchAllPages<T>(
  fetchPage: (offset: number, limit: number) => Promise<{ items: T[]; total: number }>,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  for (;;) {
    const page = await fetchPage(items.length, MAX_PAGE_SIZE);
    items.push(...page.items);
    if (page.items.length < MAX_PAGE_SIZE || items.length >= page.total) {
      return { items, total: Math.max(page.total, items.length) };
    }
  }
}
