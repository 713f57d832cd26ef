import { useDebouncedValue } from '@mantine/hooks';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';

/** An id in a URL, or nothing (a hand-edited URL falls back, never fails). */
const urlId = IdSchema.optional().catch(undefined);

/**
 * A list's state in its URL (`?q=…&page=2&sort=fullName&status=paid`), so that a link, a
 * reload or Back shows the same page of the same search. Each list route validates its
 * search params with this schema (or an extension with its own filters); a value that does
 * not parse is dropped rather than refused.
 */
export const ListSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
  sort: z.string().max(40).optional().catch(undefined),
  status: z.string().max(40).optional().catch(undefined),
});
export type ListSearch = z.infer<typeof ListSearchSchema>;

/** The contacts list's filters beside the common ones. */
export const ContactsSearchSchema = ListSearchSchema.extend({
  tag: urlId,
  organization: urlId,
  assignee: urlId,
});
export type ContactsSearch = z.infer<typeof ContactsSearchSchema>;

/** The activity log's filters beside the common ones. */
export const LogsSearchSchema = ListSearchSchema.extend({
  action: z.string().max(60).optional().catch(undefined),
  outcome: z.enum(['success', 'failed']).optional().catch(undefined),
  user: urlId,
});
export type LogsSearch = z.infer<typeof LogsSearchSchema>;

/**
 * The current list's URL state, and its setters. The search box shows what is typed at
 * once; the URL (and so the query) follows 300 ms after the typing stops. Any change but
 * a page change goes back to page 1. A `?q=` set from outside (the command palette) fills
 * the box again.
 */
export function useListSearch<S extends ListSearch = ListSearch>() {
  // Read loosely, then typed by the route's schema (every list route validates it).
  const raw: ListSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const update = useCallback(
    (patch: Partial<S>) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({ ...previous, page: undefined, ...patch }),
        replace: true,
      }),
    [navigate],
  );
  return useSearchState(raw as S, update);
}

/**
 * The same state kept by the component instead of the URL, for a list that is one part of
 * a page whose URL says something else (the time log and the tasks of a project's tabs).
 */
export function useLocalListSearch<S extends ListSearch = ListSearch>() {
  const [search, setSearch] = useState<S>({} as S);
  const update = useCallback(
    (patch: Partial<S>) => setSearch((previous) => ({ ...previous, page: undefined, ...patch })),
    [],
  );
  return useSearchState(search, update);
}

/** The search box, the debounced search and the page over a list's state, wherever it is kept. */
function useSearchState<S extends ListSearch>(search: S, update: (patch: Partial<S>) => void) {
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  const typed = useRef(debounced);
  useEffect(() => {
    if (debounced === typed.current) return;
    typed.current = debounced;
    if (debounced !== (search.q ?? '')) update({ q: debounced || undefined } as Partial<S>);
  }, [debounced, search.q, update]);
  const linked = useRef(search.q);
  useEffect(() => {
    if (search.q === linked.current) return;
    linked.current = search.q;
    if ((search.q ?? '') !== debounced) setText(search.q ?? '');
  }, [search.q, debounced]);
  const setPage = useCallback(
    (page: number) => update({ page: page > 1 ? page : undefined } as Partial<S>),
    [update],
  );

  return {
    search,
    /** What the search box shows. */
    text,
    setText,
    /** The search the list is read with. */
    query: search.q?.trim() || undefined,
    page: search.page ?? 1,
    setPage,
    update,
    /** A search is typed but not yet read. */
    typing: debounced !== (search.q ?? ''),
  };
}

/** A list's state and setters, from the URL (useListSearch) or the component (useLocalListSearch). */
export type ListSearchState<S extends ListSearch = ListSearch> = ReturnType<
  typeof useSearchState<S>
>;
