import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format } from 'date-fns';

/*
 * The slot engine: which start times of a booking type are free. Pure functions over plain
 * values (no database, no clock of its own), so the public page, the booking transaction
 * and the unit tests all ask the same question the same way.
 *
 * Every wall-clock time is turned into an instant by @date-fns/tz in the owner's zone, so a
 * 9:00–17:00 day stays 9:00–17:00 local across daylight-saving changes. Slots step by the
 * booking's duration from the start of each availability interval (a 30-minute call offers
 * 9:00, 9:30, …; a 45-minute one 9:00, 9:45, …): every offered slot fits whole, and the
 * visitor's list stays short.
 */

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Wall-clock "HH:mm" times in the owner's zone; end "24:00" is the next midnight. */
export interface TimeInterval {
  start: string;
  end: string;
}

export interface AvailabilityRules {
  timezone: string;
  weekly: Partial<Record<Weekday, TimeInterval[]>>;
  /** A date's intervals replace its weekday's; an empty list is a day off. */
  overrides: { date: string; intervals: TimeInterval[] }[];
}

export interface BookingRules {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  maxDaysAhead: number;
  maxPerDay: number | null;
}

export interface Instant {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  availability: AvailabilityRules;
  rules: BookingRules;
  /** Time the owner is taken (other bookings, buffers included), in any order. */
  busy: Instant[];
  /** Starts of this type's live bookings, for the daily maximum. */
  bookedStarts: Date[];
  now: Date;
  /** The visitor's dates, YYYY-MM-DD, both included, read in `timezone`. */
  from: string;
  to: string;
  timezone: string;
}

/** A free slot as the API answers it: ISO instants with the visitor zone's offset. */
export interface Slot {
  start: string;
  end: string;
}

/** The grid the database's no-overlap blocks are cut on (booking_blocks). */
export const BLOCK_MINUTES = 5;
const MINUTE = 60_000;
const BLOCK_MS = BLOCK_MINUTES * MINUTE;

function parseDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

function parseTime(time: string): [number, number] {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return [h, m];
}

/** The instant of a wall-clock time on a date in a zone ("24:00" is the next day's 0:00). */
export function zonedInstant(date: string, time: string, timezone: string): Date {
  const [y, m, d] = parseDate(date);
  const [h, min] = parseTime(time);
  if (h === 24) return new Date(addDays(new TZDate(y, m, d, 0, 0, timezone), 1).getTime());
  return new Date(new TZDate(y, m, d, h, min, timezone).getTime());
}

/** The calendar date (YYYY-MM-DD) an instant falls on in a zone. */
export function dateIn(instant: Date, timezone: string): string {
  return format(new TZDate(instant.getTime(), timezone), 'yyyy-MM-dd');
}

/** An instant as ISO 8601 with the zone's offset at that moment ("2026-03-30T09:00:00+02:00"). */
export function isoIn(instant: Date, timezone: string): string {
  return format(new TZDate(instant.getTime(), timezone), "yyyy-MM-dd'T'HH:mm:ssXXX");
}

/** The dates from `from` to `to` (both included), walked in a zone's calendar. */
function datesBetween(from: string, to: string, timezone: string): string[] {
  const [y, m, d] = parseDate(from);
  // Noon: a calendar day's middle is never skipped or doubled by a clock change.
  const first = new TZDate(y, m, d, 12, 0, timezone);
  const dates: string[] = [];
  for (let i = 0; ; i++) {
    const date = format(addDays(first, i), 'yyyy-MM-dd');
    if (date > to) return dates;
    dates.push(date);
  }
}

function weekdayOf(date: string, timezone: string): Weekday {
  const [y, m, d] = parseDate(date);
  return WEEKDAYS[new TZDate(y, m, d, 12, 0, timezone).getDay()]!;
}

/** A date's intervals: its override's when it has one (empty: a day off), else its weekday's. */
export function intervalsOn(availability: AvailabilityRules, date: string): TimeInterval[] {
  const override = availability.overrides.find((o) => o.date === date);
  if (override) return override.intervals;
  return availability.weekly[weekdayOf(date, availability.timezone)] ?? [];
}

/**
 * What a booking occupies: its meeting with the buffers around it, widened to the
 * 5-minute grid. Two bookings of one owner may never share a block; the database holds one
 * row per block under a unique key (booking_blocks), and the engine checks the same ranges.
 */
export function occupiedRange(start: Date, end: Date, rules: BookingRules): Instant {
  const from = start.getTime() - rules.bufferBeforeMinutes * MINUTE;
  const to = end.getTime() + rules.bufferAfterMinutes * MINUTE;
  return {
    start: new Date(Math.floor(from / BLOCK_MS) * BLOCK_MS),
    end: new Date(Math.ceil(to / BLOCK_MS) * BLOCK_MS),
  };
}

/** The starts of the 5-minute blocks a range covers. */
export function blockStarts(range: Instant): Date[] {
  const blocks: Date[] = [];
  for (let t = range.start.getTime(); t < range.end.getTime(); t += BLOCK_MS) {
    blocks.push(new Date(t));
  }
  return blocks;
}

const overlaps = (a: Instant, b: Instant) => a.start < b.end && b.start < a.end;

/** The free slots of a booking type in the visitor's dates, earliest first. */
export function freeSlots(query: SlotQuery): Slot[] {
  const { availability, rules, now } = query;
  const ownerZone = availability.timezone;
  const windowStart = zonedInstant(query.from, '00:00', query.timezone);
  const windowEnd = zonedInstant(query.to, '24:00', query.timezone);
  if (windowEnd <= windowStart) return [];
  // The owner's dates that can hold a slot in the visitor's window: a day either side, as
  // zones differ by up to 26 hours.
  const ownerFrom = dateIn(new Date(windowStart.getTime() - 86_400_000), ownerZone);
  const ownerTo = dateIn(new Date(windowEnd.getTime() + 86_400_000), ownerZone);
  const today = new TZDate(now.getTime(), ownerZone);
  const earliest = now.getTime() + rules.minNoticeMinutes * MINUTE;
  const duration = rules.durationMinutes * MINUTE;

  const perDay = new Map<string, number>();
  for (const start of query.bookedStarts) {
    const date = dateIn(start, ownerZone);
    perDay.set(date, (perDay.get(date) ?? 0) + 1);
  }

  const slots: Slot[] = [];
  for (const date of datesBetween(ownerFrom, ownerTo, ownerZone)) {
    if (rules.maxPerDay !== null && (perDay.get(date) ?? 0) >= rules.maxPerDay) continue;
    const [y, m, d] = parseDate(date);
    const ahead = differenceInCalendarDays(new TZDate(y, m, d, 12, 0, ownerZone), today);
    if (ahead < 0 || ahead > rules.maxDaysAhead) continue;
    const intervals = [...intervalsOn(availability, date)].sort((a, b) =>
      a.start.localeCompare(b.start),
    );
    for (const interval of intervals) {
      const open = zonedInstant(date, interval.start, ownerZone).getTime();
      const close = zonedInstant(date, interval.end, ownerZone).getTime();
      for (let t = open; t + duration <= close; t += duration) {
        if (t < earliest || t < windowStart.getTime() || t >= windowEnd.getTime()) continue;
        const start = new Date(t);
        const end = new Date(t + duration);
        const range = occupiedRange(start, end, rules);
        if (query.busy.some((b) => overlaps(range, b))) continue;
        slots.push({ start: isoIn(start, query.timezone), end: isoIn(end, query.timezone) });
      }
    }
  }
  return slots;
}

/** Whether `start` (an instant) is one of the free slots of the query's window. */
export function isFreeSlot(query: Omit<SlotQuery, 'from' | 'to' | 'timezone'>, start: Date) {
  const zone = query.availability.timezone;
  const date = dateIn(start, zone);
  const slots = freeSlots({ ...query, from: date, to: date, timezone: zone });
  return slots.some((slot) => new Date(slot.start).getTime() === start.getTime());
}
