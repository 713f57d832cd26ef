import { showDay, userToday } from '../../components/display-preferences.tsx';
import { multiplyAmounts } from '../../../shared/invoice-math.ts';
import type { TimeEntry } from '../../../shared/time.schema.ts';

/**
 * SPEC §9: an entry costs its hours times its project's hourly rate, to the cent, rounded
 * half-up exactly as the server's totals round it (1.15 h × 0.50 is 0.58, not a float's 0.57).
 */
export function entryCost(entry: Pick<TimeEntry, 'hours' | 'rate'>): string {
  // At the rate stored on the entry, which is what an invoice bills.
  return multiplyAmounts(entry.hours, entry.rate, 2);
}

/** 'yyyy-MM-dd' → 'Dec 26, 2026' or the user's order, as a calendar day. */
export function formatDay(day: string): string {
  return showDay(day);
}

/** Today as the API's 'yyyy-MM-dd', in the time zone of the user's preferences. */
export function today(): string {
  return userToday();
}

/** 3725 → '01:02:05'. */
export function formatClock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}

/**
 * What a rounded timed entry says beside its hours: 'rounded from 0:00:22' (the run as
 * h:mm:ss); null for typed entries and runs the workspace's rounding left as they were.
 */
export function roundedFrom(entry: Pick<TimeEntry, 'roundedFromSeconds'>): string | null {
  const seconds = entry.roundedFromSeconds;
  if (seconds === null) return null;
  const [, minutes, secs] = formatClock(seconds).split(':');
  return `rounded from ${Math.floor(seconds / 3600)}:${minutes}:${secs}`;
}
