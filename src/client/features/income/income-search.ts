import type { OverviewPeriod } from '../dashboard/overview-period.ts';

/**
 * `/income?period=…&groupBy=month|client|project|bankAccount` (and `from`/`to` for a custom range): what
 * the page shows, in the URL so a reload or a link shows the same report. Kept apart from
 * the page so the router (in the first bundle) validates the search without loading it.
 * No "all time": a report covers at most ten years.
 */
export const INCOME_PERIODS = [
  'this-month',
  'last-month',
  'this-quarter',
  'this-year',
  'last-12-months',
  'custom',
] as const satisfies readonly OverviewPeriod[];
export type IncomePeriod = (typeof INCOME_PERIODS)[number];
export const DEFAULT_INCOME_PERIOD: IncomePeriod = 'last-12-months';

export const INCOME_GROUP_KEYS = ['month', 'client', 'project', 'bankAccount'] as const;
export type IncomeGroupKey = (typeof INCOME_GROUP_KEYS)[number];

export interface IncomeSearch {
  period?: IncomePeriod;
  groupBy?: IncomeGroupKey;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function validateIncomeSearch(search: Record<string, unknown>): IncomeSearch {
  const result: IncomeSearch = {};
  if ((INCOME_PERIODS as readonly unknown[]).includes(search.period)) {
    result.period = search.period as IncomePeriod;
  }
  if ((INCOME_GROUP_KEYS as readonly unknown[]).includes(search.groupBy)) {
    result.groupBy = search.groupBy as IncomeGroupKey;
  }
  for (const key of ['from', 'to'] as const) {
    const value = search[key];
    if (typeof value === 'string' && DAY.test(value)) result[key] = value;
  }
  return result;
}
