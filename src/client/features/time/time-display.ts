import { format, parseISO } from 'date-fns';
import type { TimeEntry } from '../../../shared/time.schema.ts';

/** SPEC §9: an entry costs its hours times its project's hourly rate (to the cent). */
export function entryCost(entry: Pick<TimeEntry, 'hours' | 'rate'>): number {
  // At the rate stored on the entry, which is what an invoice bills.
  return Math.round(Number(entry.hours) * Number(entry.rate) * 100) / 100;
}

/** 'yyyy-MM-dd' → 'MMM dd, yyyy', read as a local calendar day. */
export function formatDay(day: string): string {
  return format(parseISO(day), 'MMM dd, yyyy');
}

/** Today as the API's 'yyyy-MM-dd', in the user's own time zone. */
export function today(): string {
  return format(new Date(), 'yyyy-MM-dd');
}

/** 3725 → '01:02:05'. */
export function formatClock(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((n) => String(n).padStart(2, '0')).join(':');
}
