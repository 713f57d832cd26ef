import { sortOf } from './sort-select.tsx';
import { ALL } from './status-filter.tsx';
import { useListSearch } from './use-list-search.ts';

/** Cards per page: fills rows of one, two or three columns. */
export const PAGE_SIZE = 24;

/**
 * Search, status filter, order and page of a card grid (projects, invoices, proposals), kept in
 * the URL (useListSearch), and the list input they make. One more row than a page is asked
 * for, so the pager knows whether a next page exists without a count query; lists stay
 * quick however many invoices a workspace has.
 */
export function useListControls<Status extends string, Sort extends string>(
  statuses: readonly Status[],
  sortLabels: Readonly<Record<Sort, string>>,
) {
  const list = useListSearch();
  const sort = sortOf(sortLabels, list.search.sort);
  // A status the list does not have (a hand-edited URL) shows them all.
  const status: Status | typeof ALL = statuses.find((known) => known === list.search.status) ?? ALL;
  return {
    search: list.text,
    debouncedSearch: list.query ?? '',
    status,
    page: list.page,
    setPage: list.setPage,
    setSearch: list.setText,
    setStatus: (value: Status | typeof ALL) =>
      list.update({ status: value === ALL ? undefined : value }),
    sort,
    setSort: (value: Sort | undefined) => list.update({ sort: value }),
    /** Something narrows the list (for the empty state's wording). */
    filtering: list.query !== undefined || status !== ALL,
    input: {
      search: list.query,
      status: status === ALL ? undefined : status,
      sort,
      limit: PAGE_SIZE + 1,
      offset: (list.page - 1) * PAGE_SIZE,
    },
  };
}

/** The rows of the current page, and whether another page follows. */
export function pageRows<T>(rows: readonly T[] | undefined) {
  const all = rows ?? [];
  return { items: all.slice(0, PAGE_SIZE), hasMore: all.length > PAGE_SIZE };
}
