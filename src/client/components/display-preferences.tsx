import { Fragment, useRef, type ReactNode } from 'react';
import {
  DEFAULT_DISPLAY,
  formatCalendarDate,
  formatDateTime,
  formatInstantDate,
  formatTime,
  todayIn,
  WEEK_START_DAY,
  type DateStyle,
  type DisplayPreferences,
} from '../../shared/datetime.ts';

/**
 * The signed-in user's date and time preferences, for the whole client. They live in a
 * module rather than a context so that the plain display helpers of list columns and CSV
 * labels can use them too; `DisplayPreferencesScope` sets them from `auth.me` before any
 * page renders and remounts the pages when they change, so nothing shows the old format.
 */
let current: DisplayPreferences = DEFAULT_DISPLAY;

export function displayPreferences(): DisplayPreferences {
  return current;
}

export function DisplayPreferencesScope({
  userId,
  preferences,
  children,
}: {
  userId: number | undefined;
  preferences: DisplayPreferences | undefined;
  children: ReactNode;
}) {
  const next = preferences ?? DEFAULT_DISPLAY;
  const signature = `${next.timezone}|${next.dateFormat}|${next.timeFormat}|${next.weekStart}`;
  const seen = useRef({ userId, signature, generation: 0 });
  // Remount only when the same user changes their preferences: a sign-in or sign-out
  // re-renders in place, so a page mid-flow (accepting an invitation) keeps its state.
  if (seen.current.signature !== signature) {
    const sameUser = seen.current.userId === userId;
    seen.current = {
      userId,
      signature,
      generation: seen.current.generation + (sameUser ? 1 : 0),
    };
  } else if (seen.current.userId !== userId) {
    seen.current = { ...seen.current, userId };
  }
  // Assigned during render on purpose: the children below read it in this same render.
  current = next;
  return <Fragment key={seen.current.generation}>{children}</Fragment>;
}

/** An instant's calendar date in the user's zone and format ('Dec 26, 2026', '26/12/2026'). */
export const showDate = (value: string | number | Date | null | undefined, style?: DateStyle) =>
  formatInstantDate(value, current, style);

/** An instant's date and time ('Dec 26, 2026 2:05 PM', '26/12/2026 14:05'). */
export const showDateTime = (
  value: string | number | Date | null | undefined,
  options?: { style?: DateStyle; seconds?: boolean },
) => formatDateTime(value, current, options);

/** An instant's time of day ('2:05 PM', '14:05'). */
export const showTime = (value: string | number | Date | null | undefined, seconds?: boolean) =>
  formatTime(value, current, seconds);

/** A calendar date (YYYY-MM-DD) in the user's format; no time zone moves it. */
export const showDay = (value: string | null | undefined, style?: DateStyle) =>
  formatCalendarDate(value, current, style);

/** Today in the user's time zone, as YYYY-MM-DD (the default of date fields). */
export const userToday = () => todayIn(current.timezone);

/** The first day of the user's week, as date-fns counts days (0 = Sunday). */
export const userWeekStartsOn = () => WEEK_START_DAY[current.weekStart];
