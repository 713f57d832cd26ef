import { describe, expect, it } from 'vitest';
import {
  calendarIn,
  DEFAULT_DISPLAY,
  formatCalendarDate,
  formatDateTime,
  formatInstantDate,
  formatTime,
  todayIn,
  type DisplayPreferences,
} from './datetime.ts';

const paris: DisplayPreferences = {
  timezone: 'Europe/Paris',
  dateFormat: 'DD/MM/YYYY',
  timeFormat: '24h',
  weekStart: 'monday',
};
// 13:05 UTC on Boxing Day 2026: 14:05 in Paris, 08:05 in New York.
const instant = '2026-12-26T13:05:00.000Z';

describe('dates and times in the user’s preferences', () => {
  it('shows a Paris user 26/12/2026 14:05', () => {
    expect(formatDateTime(instant, paris)).toBe('26/12/2026 14:05');
    expect(formatInstantDate(instant, paris)).toBe('26/12/2026');
    expect(formatTime(instant, paris)).toBe('14:05');
  });

  it('keeps the SPEC’s list dates for the default preferences, in New York time', () => {
    expect(formatInstantDate(instant, DEFAULT_DISPLAY)).toBe('Dec 26, 2026');
    expect(formatDateTime(instant, DEFAULT_DISPLAY)).toBe('Dec 26, 2026 8:05 AM');
    expect(formatInstantDate(instant, DEFAULT_DISPLAY, 'numeric')).toBe('12/26/2026');
  });

  it('moves the calendar date of an instant with the time zone', () => {
    const lateUtc = '2026-12-26T23:30:00.000Z';
    expect(formatInstantDate(lateUtc, paris)).toBe('27/12/2026');
    expect(formatInstantDate(lateUtc, { ...paris, timezone: 'America/Los_Angeles' })).toBe(
      '26/12/2026',
    );
  });

  it('never moves a calendar date, and writes ISO dates for YYYY-MM-DD', () => {
    const iso = { ...paris, timezone: 'Pacific/Honolulu', dateFormat: 'YYYY-MM-DD' } as const;
    expect(formatCalendarDate('2026-12-26', iso)).toBe('2026-12-26');
    expect(formatCalendarDate('2026-12-26', paris, 'long')).toBe('26 December 2026');
    expect(formatCalendarDate('2026-12-26', DEFAULT_DISPLAY)).toBe('Dec 26, 2026');
    expect(formatCalendarDate('not a date', paris)).toBe('');
    expect(formatCalendarDate(null, paris)).toBe('');
  });

  it('shows 12-hour times with AM/PM and seconds on request', () => {
    expect(formatTime(instant, { ...paris, timeFormat: '12h' }, true)).toBe('2:05:00 PM');
  });

  it('answers nothing for a missing or invalid instant', () => {
    expect(formatDateTime(null, paris)).toBe('');
    expect(formatInstantDate('garbage', paris)).toBe('');
  });
});

describe('the workspace calendar', () => {
  it('is the workspace’s today, week and month, with the reader’s week start', () => {
    // Sunday 1 November 2026, 00:30 in Paris (23:30 UTC on Saturday 31 October).
    const now = new Date('2026-10-31T23:30:00.000Z');
    expect(todayIn('Europe/Paris', now)).toBe('2026-11-01');
    expect(todayIn('UTC', now)).toBe('2026-10-31');
    const monday = calendarIn('Europe/Paris', 1, now);
    expect(monday).toMatchObject({
      today: '2026-11-01',
      weekStart: '2026-10-26',
      monthStart: '2026-11-01',
      yearAgoMonthStart: '2025-12-01',
    });
    expect(monday.monthStartInstant.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(calendarIn('Europe/Paris', 0, now).weekStart).toBe('2026-11-01');
    expect(calendarIn('UTC', 0, now)).toMatchObject({
      today: '2026-10-31',
      weekStart: '2026-10-25',
      monthStart: '2026-10-01',
    });
  });
});
