import {
  endOfMonth,
  endOfQuarter,
  endOfYear,
  format,
  parseISO,
  startOfMonth,
  startOfQuarter,
  startOfYear,
  subMonths,
} from 'date-fns';

/**
 * `/financial-overview?period=…` (and `from`/`to` for a custom range): the period the
 * cards show, in the URL so a reload or a link shows the same figures. Kept apart from the
 * page so the router (in the first bundle) validates the search without loading it.
 */
export const OVERVIEW_PERIODS = [
  'this-month',
  'last-month',
  'this-quarter',
  'this-year',
  'last-12-months',
  'all',
  'custom',
] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

export const OVERVIEW_PERIOD_LABELS: Record<OverviewPeriod, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-quarter': 'This quarter',
  'this-year': 'This year',
  'last-12-months': 'Last 12 months',
  all: 'All time',
  custom: 'Custom range',
};

/** What the page shows without a period in its URL. */
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = 'this-year';

export interface OverviewSearch {
  period?: OverviewPeriod;
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function validateOverviewSearch(search: Record<string, unknown>): OverviewSearch {
  const result: OverviewSearch = {};
  const period = String(search.period);
  if ((OVERVIEW_PERIODS as readonly string[]).includes(period)) {
    result.period = period as OverviewPeriod;
  }
  for (const key of ['from', 'to'] as const) {
    const value = search[key];
    if (typeof value === 'string' && DAY.test(value)) result[key] = value;
  }
  return result;
}

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * The days a period covers, as of `today` ('yyyy-MM-dd' in the reader's calendar); a side
 * left undefined is open (all time has neither). A period ending in the future stops at
 * its calendar end (this month runs to its last day).
 */
export function periodRange(
  period: OverviewPeriod,
  today: string,
  custom: { from?: string; to?: string } = {},
): { from?: string; to?: string } {
  const now = parseISO(today);
  switch (period) {
    case 'this-month':
      return { from: day(startOfMonth(now)), to: day(endOfMonth(now)) };
    case 'last-month': {
      const last = subMonths(now, 1);
      return { from: day(startOfMonth(last)), to: day(endOfMonth(last)) };
    }
    case 'this-quarter':
      return { from: day(startOfQuarter(now)), to: day(endOfQuarter(now)) };
    case 'this-year':
      return { from: day(startOfYear(now)), to: day(endOfYear(now)) };
    case 'last-12-months':
      return { from: day(startOfMonth(subMonths(now, 11))), to: day(endOfMonth(now)) };
    case 'all':
      return {};
    case 'custom':
      return { from: custom.from, to: custom.to };
  }
}
