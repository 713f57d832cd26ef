import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { RecordSearch } from './router.tsx';

/**
 * A list page's search box, opened with the `?q=` the command palette links a record with,
 * and set again when another hit is picked while the page is open.
 */
export function useRecordSearch(): [string, (value: string) => void] {
  const { q } = useSearch({ strict: false }) as RecordSearch;
  const [search, setSearch] = useState(q ?? '');
  useEffect(() => {
    if (q !== undefined) setSearch(q);
  }, [q]);
  return [search, setSearch];
}
