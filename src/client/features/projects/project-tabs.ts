/**
 * The tabs of a project's page (`?tab=`), the first open by default. Kept apart from the
 * page so the router (in the first bundle) validates the search without loading it.
 */
export const PROJECT_TABS = ['tasks', 'time', 'invoices', 'team'] as const;
export type ProjectTab = (typeof PROJECT_TABS)[number];

export interface ProjectSearch {
  tab?: ProjectTab;
}

export function validateProjectSearch(search: Record<string, unknown>): ProjectSearch {
  return (PROJECT_TABS as readonly unknown[]).includes(search.tab)
    ? { tab: search.tab as ProjectTab }
    : {};
}
