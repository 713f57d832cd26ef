import { sortOf } from './sort-select.tsx';
import { ALL } from './status-filter.tsx';
import {
  useListSearch,
  useLocalListSearch,
  type ListSearch,
  type ListSearchState,
} from './use-list-search.ts';

/** Cards per page: fills rows of one, two or three columns. */
export const PAGE_SIZE = 24;

/** What a list offers besides its search: statuses to filter by, orders, its page size. */
export interface ListConfig<Status extends string, Sort extends string> {
  /** Rows a page: what the list reads, and what the pager counts in. */
  pageSize: number;
  /** The statuses of its status filter (All plus one each), kept in `?status=`. */
  statuses?: readonly Status[];
  /** The orders it knows, the default first, kept in `?sort=`. */
  sorts?: Readonly<Record<Sort, string>>;
}

/**
 * Search, status, order and page of a list, kept in the URL (useListSearch), and the
 * list input they make. A list page passes them to ListPage, which draws them.
 */
export function useListControls<
  Status extends string = never,
  Sort extends string = never,
  S extends ListSearch = ListSearch,
>(config: ListConfig<Status, Sort>) {
  return controlsOf(useListSearch<S>(), config);
}

/** The same, kept by the component: for a list inside a page whose URL says other things. */
export function useLocalListControls<
  Status extends string = never,
  Sort extends string = never,
  S extends ListSearch = ListSearch,
>(config: ListConfig<Status, Sort>) {
  return controlsOf(useLocalListSearch<S>(), config);
}

function controlsOf<Status extends string, Sort extends string, S extends ListSearch>(
  list: ListSearchState<S>,
  config: ListConfig<Status, Sort>,
) {
  const { pageSize, statuses = [], sorts } = config;
  // A status or an order the list does not have (a hand-edited URL) reads as none.
  const status: Status | typeof ALL = statuses.find((known) => known === list.search.status) ?? ALL;
  const sort = sorts ? sortOf(sorts, list.search.sort) : undefined;
  return {
    ...list,
    config,
    status,
    setStatus: (value: Status | typeof ALL) =>
      list.update({ status: value === ALL ? undefined : value } as Partial<S>),
    /** The order (undefined for a list without orders). */
    sort: sort as Sort,
    setSort: (value: Sort | undefined) => list.update({ sort: value } as Partial<S>),
    /** The search or the status narrows the list (a page adds its other filters). */
    filtering: list.query !== undefined || status !== ALL,
    /** The rows of the page shown. */
    paging: { limit: pageSize, offset: (list.page - 1) * pageSize },
    /** The list's input: search, status, order and page. */
    input: {
      search: list.query,
      status: status === ALL ? undefined : status,
      sort,
      limit: pageSize,
      offset: (list.page - 1) * pageSize,
    },
  };
}

export type ListControls<
  Status extends string = never,
  Sort extends string = never,
  S extends ListSearch = ListSearch,
> = ReturnType<typeof controlsOf<Status, Sort, S>>;
