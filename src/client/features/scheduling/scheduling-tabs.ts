/**
 * The tabs of `/scheduling` (`?tab=`), Bookings open by default. Kept apart from the page
 * so the router (in the first bundle) validates the search without loading it.
 */
export const SCHEDULING_TABS = ['bookings', 'types', 'availability', 'feed'] as const;
export type SchedulingTab = (typeof SCHEDULING_TABS)[number];

export interface SchedulingSearch {
  tab?: SchedulingTab;
}

export function validateSchedulingSearch(search: Record<string, unknown>): SchedulingSearch {
  return (SCHEDULING_TABS as readonly unknown[]).includes(search.tab)
    ? { tab: search.tab as SchedulingTab }
    : {};
}
