import { describe, expect, it } from 'vitest';
import {
  blockStarts,
  freeSlots,
  isFreeSlot,
  occupiedRange,
  type AvailabilityRules,
  type BookingRules,
  type SlotQuery,
} from './slots.ts';

/* Issue 44: the slot engine, without a database. */

const nineToFive = [{ start: '09:00', end: '17:00' }];
const everyDay = (timezone: string): AvailabilityRules => ({
  timezone,
  weekly: {
    mon: nineToFive,
    tue: nineToFive,
    wed: nineToFive,
    thu: nineToFive,
    fri: nineToFive,
    sat: nineToFive,
    sun: nineToFive,
  },
  overrides: [],
});
const halfHour: BookingRules = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  maxDaysAhead: 365,
  maxPerDay: null,
};

function slots(overrides: Partial<SlotQuery> & { on: string }) {
  const { on, ...rest } = overrides;
  return freeSlots({
    availability: everyDay('Europe/Berlin'),
    rules: halfHour,
    busy: [],
    bookedStarts: [],
    now: new Date('2026-01-01T00:00:00Z'),
    from: on,
    to: on,
    timezone: 'Europe/Berlin',
    ...rest,
  });
}

const starts = (list: { start: string }[]) => list.map((s) => s.start);

describe('slots across daylight-saving changes', () => {
  it('keeps 9:00–17:00 Berlin time before, on and after the spring change', () => {
    const before = slots({ on: '2026-03-28' });
    expect(before).toHaveLength(16);
    expect(before[0]).toEqual({
      start: '2026-03-28T09:00:00+01:00',
      end: '2026-03-28T09:30:00+01:00',
    });
    const on = slots({ on: '2026-03-29' });
    expect(on[0]!.start).toBe('2026-03-29T09:00:00+02:00');
    const after = slots({ on: '2026-03-30' });
    expect(after).toHaveLength(16);
    expect(after[0]!.start).toBe('2026-03-30T09:00:00+02:00');
    expect(after.at(-1)).toEqual({
      start: '2026-03-30T16:30:00+02:00',
      end: '2026-03-30T17:00:00+02:00',
    });
    // The instants moved an hour against UTC: 8:00Z before, 7:00Z after.
    expect(new Date(before[0]!.start).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(new Date(after[0]!.start).toISOString()).toBe('2026-03-30T07:00:00.000Z');
  });

  it('keeps 9:00–17:00 Berlin time after the autumn change', () => {
    const after = slots({ on: '2026-10-26' });
    expect(after).toHaveLength(16);
    expect(after[0]!.start).toBe('2026-10-26T09:00:00+01:00');
    expect(after.at(-1)!.end).toBe('2026-10-26T17:00:00+01:00');
    expect(slots({ on: '2026-10-24' })[0]!.start).toBe('2026-10-24T09:00:00+02:00');
  });

  it('keeps 9:00–17:00 New York time after both changes', () => {
    const ny = { availability: everyDay('America/New_York'), timezone: 'America/New_York' };
    const march = slots({ ...ny, on: '2026-03-09' });
    expect(march).toHaveLength(16);
    expect(march[0]!.start).toBe('2026-03-09T09:00:00-04:00');
    expect(slots({ ...ny, on: '2026-03-07' })[0]!.start).toBe('2026-03-07T09:00:00-05:00');
    const november = slots({ ...ny, on: '2026-11-02' });
    expect(november).toHaveLength(16);
    expect(november[0]!.start).toBe('2026-11-02T09:00:00-05:00');
    expect(november.at(-1)!.end).toBe('2026-11-02T17:00:00-05:00');
  });

  it('shows a Berlin day to a New York visitor in New York time, across the weeks the changes differ', () => {
    // 2026-03-09 to 03-28: New York has changed, Berlin not yet; Berlin 9:00 is 4:00 there.
    const visitor = slots({ on: '2026-03-10', timezone: 'America/New_York' });
    expect(visitor[0]!.start).toBe('2026-03-10T04:00:00-04:00');
    expect(visitor).toHaveLength(16);
  });
});

describe('a visitor many hours away', () => {
  it('gets the slots that fall on their date, across their midnight', () => {
    const tokyo = slots({
      availability: everyDay('America/New_York'),
      on: '2026-06-11',
      timezone: 'Asia/Tokyo',
    });
    // New York's 10 June 11:00–17:00 is 00:00–06:00 on the 11th in Tokyo; its 11 June
    // 9:00–11:00 is 22:00–24:00 there.
    expect(tokyo).toHaveLength(16);
    expect(tokyo[0]!.start).toBe('2026-06-11T00:00:00+09:00');
    expect(starts(tokyo)).toContain('2026-06-11T05:30:00+09:00');
    expect(starts(tokyo)).not.toContain('2026-06-11T06:00:00+09:00');
    expect(starts(tokyo)).toContain('2026-06-11T22:00:00+09:00');
    expect(tokyo.at(-1)!.end).toBe('2026-06-12T00:00:00+09:00');
  });
});

describe('booking rules', () => {
  it('leaves out what a busy range with buffers touches', () => {
    const rules = { ...halfHour, bufferBeforeMinutes: 15, bufferAfterMinutes: 10 };
    // Another booking occupies 12:00–13:00 Berlin (11:00–12:00Z).
    const busy = [
      { start: new Date('2026-05-04T10:00:00Z'), end: new Date('2026-05-04T11:00:00Z') },
    ];
    const free = starts(slots({ on: '2026-05-04', rules, busy }));
    // 11:30 would end 12:00 + 10 min after: taken; 13:00 starts 12:45 with its buffer: taken.
    expect(free).toContain('2026-05-04T11:00:00+02:00');
    expect(free).not.toContain('2026-05-04T11:30:00+02:00');
    expect(free).not.toContain('2026-05-04T12:00:00+02:00');
    expect(free).not.toContain('2026-05-04T12:30:00+02:00');
    expect(free).toContain('2026-05-04T13:30:00+02:00');
  });

  it('honours the minimum notice and how far ahead', () => {
    const now = new Date('2026-05-04T08:10:00Z'); // 10:10 in Berlin
    const free = starts(
      slots({ on: '2026-05-04', now, rules: { ...halfHour, minNoticeMinutes: 120 } }),
    );
    expect(free[0]).toBe('2026-05-04T12:30:00+02:00');
    expect(slots({ on: '2026-05-07', now, rules: { ...halfHour, maxDaysAhead: 3 } })).toHaveLength(
      16,
    );
    expect(slots({ on: '2026-05-08', now, rules: { ...halfHour, maxDaysAhead: 3 } })).toEqual([]);
    expect(slots({ on: '2026-05-03', now })).toEqual([]);
  });

  it('offers no slot on a day that reached its maximum', () => {
    const rules = { ...halfHour, maxPerDay: 2 };
    const one = [new Date('2026-05-04T07:00:00Z')];
    const two = [...one, new Date('2026-05-04T14:00:00Z')];
    expect(slots({ on: '2026-05-04', rules, bookedStarts: one })).toHaveLength(16);
    expect(slots({ on: '2026-05-04', rules, bookedStarts: two })).toEqual([]);
    expect(slots({ on: '2026-05-05', rules, bookedStarts: two })).toHaveLength(16);
  });

  it('takes a date override: empty is a day off, intervals replace the day', () => {
    const availability: AvailabilityRules = {
      ...everyDay('Europe/Berlin'),
      overrides: [
        { date: '2026-05-04', intervals: [] },
        { date: '2026-05-05', intervals: [{ start: '18:00', end: '19:00' }] },
      ],
    };
    expect(slots({ on: '2026-05-04', availability })).toEqual([]);
    expect(starts(slots({ on: '2026-05-05', availability }))).toEqual([
      '2026-05-05T18:00:00+02:00',
      '2026-05-05T18:30:00+02:00',
    ]);
    // A day with no hours in the week, opened by an override.
    const weekdaysOnly = { ...availability, weekly: { mon: nineToFive } };
    expect(slots({ on: '2026-05-09', availability: weekdaysOnly })).toEqual([]);
  });

  it('steps by the duration and keeps every slot inside its interval', () => {
    const free = starts(slots({ on: '2026-05-04', rules: { ...halfHour, durationMinutes: 45 } }));
    expect(free.slice(0, 3)).toEqual([
      '2026-05-04T09:00:00+02:00',
      '2026-05-04T09:45:00+02:00',
      '2026-05-04T10:30:00+02:00',
    ]);
    expect(free.at(-1)).toBe('2026-05-04T15:45:00+02:00');
  });

  it('tells a free start from one that is not', () => {
    const query = {
      availability: everyDay('Europe/Berlin'),
      rules: halfHour,
      busy: [],
      bookedStarts: [],
      now: new Date('2026-01-01T00:00:00Z'),
    };
    expect(isFreeSlot(query, new Date('2026-05-04T07:00:00Z'))).toBe(true);
    expect(isFreeSlot(query, new Date('2026-05-04T07:10:00Z'))).toBe(false);
    expect(isFreeSlot(query, new Date('2026-05-04T16:00:00Z'))).toBe(false);
  });
});

describe('blocks', () => {
  it('covers the meeting and its buffers on the 5-minute grid', () => {
    const range = occupiedRange(
      new Date('2026-05-04T07:00:00Z'),
      new Date('2026-05-04T07:30:00Z'),
      { ...halfHour, bufferBeforeMinutes: 7, bufferAfterMinutes: 3 },
    );
    expect(range.start.toISOString()).toBe('2026-05-04T06:50:00.000Z');
    expect(range.end.toISOString()).toBe('2026-05-04T07:35:00.000Z');
    expect(blockStarts(range)).toHaveLength(9);
  });
});
