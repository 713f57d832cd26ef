import { tz } from '@date-fns/tz';
import {
  format,
  isValid,
  parseISO,
  startOfMonth,
  startOfWeek,
  subMonths,
  type Day,
} from 'date-fns';
import type { DATE_FORMATS, TIME_FORMATS, WEEK_STARTS } from './account.schema.ts';

/**
 * How one user reads dates and times: every date and time Keel shows goes through this
 * module with the signed-in user's preferences (Account → Preferences), never through an
 * ad-hoc `toLocaleString`.
 */
export interface DisplayPreferences {
  timezone: string;
  dateFormat: (typeof DATE_FORMATS)[number];
  timeFormat: (typeof TIME_FORMATS)[number];
  weekStart: (typeof WEEK_STARTS)[number];
}

/** SPEC §9 defaults, used before the user is known and for anything not signed in. */
export const DEFAULT_DISPLAY: DisplayPreferences = {
  timezone: 'America/New_York',
  dateFormat: 'MM/DD/YYYY',
  timeFormat: '12h',
  weekStart: 'sunday',
};

/**
 * The workspace's clock (Settings → Business: time zone, date and time format): what its
 * clients read on documents, emails and the portal, whichever member sent them. The week
 * start does not show in a date, so it keeps the default.
 */
export function workspaceClock(
  settings: Pick<DisplayPreferences, 'timezone' | 'dateFormat' | 'timeFormat'>,
): DisplayPreferences {
  const { timezone, dateFormat, timeFormat } = settings;
  return { ...DEFAULT_DISPLAY, timezone, dateFormat, timeFormat };
}

/**
 * Patterns per date format. The SPEC's US default (MM/DD/YYYY) shows list dates as
 * 'MMM dd, yyyy' (SPEC §2: "close date like 'MMM dd, yyyy'"); a user who picks
 * DD/MM/YYYY or YYYY-MM-DD sees exactly that order everywhere, month names included.
 */
const PATTERNS: Record<
  DisplayPreferences['dateFormat'],
  { numeric: string; medium: string; long: string; dayMonth: string; monthYear: string }
> = {
  'MM/DD/YYYY': {
    numeric: 'MM/dd/yyyy',
    medium: 'MMM dd, yyyy',
    long: 'MMMM d, yyyy',
    dayMonth: 'MMM d',
    monthYear: 'MMMM yyyy',
  },
  'DD/MM/YYYY': {
    numeric: 'dd/MM/yyyy',
    medium: 'dd/MM/yyyy',
    long: 'd MMMM yyyy',
    dayMonth: 'd MMM',
    monthYear: 'MMMM yyyy',
  },
  'YYYY-MM-DD': {
    numeric: 'yyyy-MM-dd',
    medium: 'yyyy-MM-dd',
    long: 'yyyy-MM-dd',
    dayMonth: 'MM-dd',
    monthYear: 'yyyy-MM',
  },
};

export type DateStyle = keyof (typeof PATTERNS)['MM/DD/YYYY'];

export const WEEK_START_DAY: Record<DisplayPreferences['weekStart'], Day> = {
  sunday: 0,
  monday: 1,
  saturday: 6,
};

export function datePattern(prefs: DisplayPreferences, style: DateStyle = 'medium'): string {
  return (PATTERNS[prefs.dateFormat] ?? PATTERNS['MM/DD/YYYY'])[style];
}

export function timePattern(prefs: DisplayPreferences, withSeconds = false): string {
  if (prefs.timeFormat === '24h') return withSeconds ? 'HH:mm:ss' : 'HH:mm';
  return withSeconds ? 'h:mm:ss a' : 'h:mm a';
}

/** An instant (ISO string or Date) as a Date, or null when it is not one. */
function instant(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** Formats an instant in the user's time zone; a zone the runtime lacks falls back to UTC. */
function inZone(date: Date, pattern: string, timezone: string): string {
  try {
    return format(date, pattern, { in: tz(timezone) });
  } catch {
    return format(date, pattern, { in: tz('UTC') });
  }
}

/** The calendar date of an instant, in the user's zone: 'Dec 26, 2026' or '26/12/2026'. */
export function formatInstantDate(
  value: string | number | Date | null | undefined,
  prefs: DisplayPreferences,
  style: DateStyle = 'medium',
): string {
  const date = instant(value);
  return date ? inZone(date, datePattern(prefs, style), prefs.timezone) : '';
}

/** An instant's date and time in the user's zone: 'Dec 26, 2026 2:05 PM' or '26/12/2026 14:05'. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  prefs: DisplayPreferences,
  options: { style?: DateStyle; seconds?: boolean } = {},
): string {
  const date = instant(value);
  if (!date) return '';
  const pattern = `${datePattern(prefs, options.style)} ${timePattern(prefs, options.seconds)}`;
  return inZone(date, pattern, prefs.timezone);
}

/** An instant's time of day in the user's zone: '2:05 PM' or '14:05'. */
export function formatTime(
  value: string | number | Date | null | undefined,
  prefs: DisplayPreferences,
  seconds = false,
): string {
  const date = instant(value);
  return date ? inZone(date, timePattern(prefs, seconds), prefs.timezone) : '';
}

/**
 * A calendar date (YYYY-MM-DD: a due date, a close date, the day of a time entry) in the
 * user's format. It names a day, not an instant, so no time zone moves it.
 */
export function formatCalendarDate(
  value: string | null | undefined,
  prefs: DisplayPreferences,
  style: DateStyle = 'medium',
): string {
  if (!value) return '';
  const date = parseISO(value.slice(0, 10));
  return isValid(date) ? format(date, datePattern(prefs, style)) : '';
}

/**
 * The calendar of workspace figures: today, the first day of this week and of this month,
 * and of the month eleven months back, as YYYY-MM-DD in the workspace's time zone, and this
 * month's first instant there.
 */
export function calendarIn(timezone: string, weekStartsOn: Day, now: Date = new Date()) {
  const zone = tz(timezone);
  const day = (date: Date) => format(date, 'yyyy-MM-dd', { in: zone });
  const monthStart = startOfMonth(now, { in: zone });
  return {
    today: day(now),
    weekStart: day(startOfWeek(now, { in: zone, weekStartsOn })),
    monthStart: day(monthStart),
    yearAgoMonthStart: day(subMonths(monthStart, 11, { in: zone })),
    monthStartInstant: new Date(monthStart.getTime()),
  };
}

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  return inZone(now, 'yyyy-MM-dd', timezone);
}
