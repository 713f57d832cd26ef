import { showDay, userToday } from '../../components/display-preferences.tsx';
import type { TimeEntry } from '../../../shared/time.schema.ts';

/** SPEC §9: an entry costs its hours times its project's hourly rate (to the cent). */
export function entryCost(entry: Pick<TimeEntry, 'hours' | 'rate'>): number {
  // At the rate stored on the entry, which is what an invoice bills.
  return Math.round(Number(entry.hours) * Number(entry.rate) * 100) / 100;
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
