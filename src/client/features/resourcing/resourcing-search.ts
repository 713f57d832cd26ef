/**
 * `/resourcing?from=YYYY-MM-DD&weeks=8`: the weeks shown, in the URL so a reload or a link
 * shows the same range. Kept apart from the page so the router (in the first bundle)
 * validates the search without loading it.
 */
export const WEEK_COUNTS = ['4', '8', '12'] as const;
export type WeekCount = (typeof WEEK_COUNTS)[number];

export interface ResourcingSearch {
  from?: string;
  weeks?: WeekCount;
}

export function validateResourcingSearch(search: Record<string, unknown>): ResourcingSearch {
  const result: ResourcingSearch = {};
  if (typeof search.from === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.from))
    result.from = search.from;
  const weeks = String(search.weeks);
  if ((WEEK_COUNTS as readonly string[]).includes(weeks)) result.weeks = weeks as WeekCount;
  return result;
}
