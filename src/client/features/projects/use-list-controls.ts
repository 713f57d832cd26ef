import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ALL } from './status-filter.tsx';

/** Cards per page: fills rows of one, two or three columns. */
export const PAGE_SIZE = 24;

/**
 * Search, status filter and page of a card grid, and the list input they make. One more
 * row than a page is asked for, so the pager knows whether a next page exists without a
 * count query; lists stay quick however many invoices a workspace has.
 */
export function useListControls<Status extends string>() {
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [status, setStatusValue] = useState<Status | typeof ALL>(ALL);
  const [page, setPage] = useState(1);

  return {
    search,
    debouncedSearch,
    status,
    page,
    setPage,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    setStatus: (value: Status | typeof ALL) => {
      setStatusValue(value);
      setPage(1);
    },
    /** Something narrows the list (for the empty state's wording). */
    filtering: debouncedSearch !== '' || status !== ALL,
    input: {
      search: debouncedSearch || undefined,
      status: status === ALL ? undefined : status,
      limit: PAGE_SIZE + 1,
      offset: (page - 1) * PAGE_SIZE,
    },
  };
}

/** The rows of the current page, and whether another page follows. */
export function pageOf<T>(rows: readonly T[] | undefined) {
  const all = rows ?? [];
  return { items: all.slice(0, PAGE_SIZE), hasMore: all.length > PAGE_SIZE };
}
