/**
 * `/reports?tab=profitability&groupBy=project&from=YYYY-MM-DD&to=YYYY-MM-DD`: what the page
 * shows, in the URL so a reload or a link shows the same report. Kept apart from the page
 * so the router (in the first bundle) validates the search without loading it.
 */
export const REPORT_TABS = ['profitability', 'utilisation'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];
export const REPORT_GROUPS = ['project', 'client'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

export interface ReportsSearch {
  tab?: ReportTab;
  groupBy?: ReportGroup;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function validateReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const result: ReportsSearch = {};
  if ((REPORT_TABS as readonly unknown[]).includes(search.tab))
    result.tab = search.tab as ReportTab;
  if ((REPORT_GROUPS as readonly unknown[]).includes(search.groupBy))
    result.groupBy = search.groupBy as ReportGroup;
  if (typeof search.from === 'string' && DAY.test(search.from)) result.from = search.from;
  if (typeof search.to === 'string' && DAY.test(search.to)) result.to = search.to;
  return result;
}
