import type { PublicSlots } from '../../shared/scheduling.schema.ts';
import { h, publicApi } from './kit.ts';

/*
 * What the booking page and a booking's manage page share (issue 44): the visitor's time
 * zone (detected, changeable), a week of days to choose from, and the free times of the
 * chosen day. Slots come from the server as instants with the offset of the asked zone, so
 * a slot's first ten characters are its day there and no zone arithmetic happens here.
 */

export type Slot = PublicSlots['slots'][number];
export type BookingPageType = PublicSlots['type'];

const DAYS_SHOWN = 7;
/** When the first weeks are empty, how many more to look through before saying so. */
const WEEKS_LOOKED_AHEAD = 8;
/** Paging stops here; the server offers nothing past a type's "how far ahead" anyway. */
const MAX_WEEKS = 104;

export function detectedTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Today's date (YYYY-MM-DD) in a time zone. */
function todayIn(timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
}

/**
 * A calendar date (YYYY-MM-DD) some days on, counted in UTC, where every day has 24 hours.
 * Not date-fns: the app uses it too, and a library module shared with the app would put the
 * public pages' chunk (and its stylesheet) into the app's pages (scripts/size.ts checks both
 * ways).
 */
const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A calendar date as words (`Wednesday 2 December 2026`), whatever the browser's zone. */
export function dayLabel(date: string, options: Intl.DateTimeFormatOptions = {}): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
    ...options,
  }).format(new Date(`${date}T12:00:00Z`));
}

export function timeLabel(instant: string, timezone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: timezone,
  }).format(new Date(instant));
}

/** `Wednesday 2 December 2026, 09:00–09:30 (America/New_York)`: an event in a zone. */
export function whenLabel(start: string, end: string, timezone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(start));
  const zone = timezone.replace(/_/g, ' ');
  return `${dayLabel(day, { year: 'numeric' })}, ${timeLabel(start, timezone)}–${timeLabel(end, timezone)} (${zone})`;
}

function zonesWith(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  // A browser may report an alias (Asia/Calcutta) its own list spells otherwise.
  return zones.includes(current) ? zones : [current, ...zones];
}

/** A labelled `<select>` of every time zone the browser knows. */
export function timezoneField(current: string, onChange: (timezone: string) => void) {
  const select = h(
    'select',
    { id: 'timezone', name: 'timezone' },
    ...zonesWith(current).map((zone) =>
      h('option', { value: zone, selected: zone === current }, zone.replace(/_/g, ' ')),
    ),
  );
  select.addEventListener('change', () => onChange(select.value));
  return h(
    'div',
    { class: 'field timezone' },
    h('label', { for: 'timezone' }, 'Time zone'),
    select,
  );
}

export interface SlotPicker {
  element: HTMLElement;
  /** Loads the first week with free times (or the first week, none found); throws the API's error. */
  load(): Promise<PublicSlots>;
  /** Loads the shown week again (after a time was just taken). */
  reload(): Promise<void>;
  setTimezone(timezone: string): void;
}

/**
 * Days of a week as buttons (paged a week at a time), and the chosen day's free times as
 * buttons; `onPick` receives the chosen slot, `exclude` leaves one out (the booking's own
 * time when rescheduling).
 */
export function createSlotPicker(options: {
  slug: string;
  timezone: string;
  onPick: (slot: Slot, timezone: string) => void;
  exclude?: string;
}): SlotPicker {
  let timezone = options.timezone;
  let firstDay = todayIn(timezone);
  let week = 0;
  let slots: Slot[] = [];
  let chosen: string | null = null;
  const excluded = options.exclude ? Date.parse(options.exclude) : Number.NaN;

  const range = h('h2', { class: 'week-range', 'aria-live': 'polite' });
  // Arrows only, so the week's dates keep the room on a phone; the name says the rest.
  const previous = h(
    'button',
    { type: 'button', class: 'secondary', 'aria-label': 'Previous week' },
    '‹',
  );
  const next = h('button', { type: 'button', class: 'secondary', 'aria-label': 'Next week' }, '›');
  const days = h('ul', { class: 'days', 'aria-label': 'Days' });
  const times = h('div', { class: 'times' });
  const status = h('p', { class: 'dimmed', role: 'status' });
  const element = h(
    'section',
    { class: 'slot-picker', 'aria-label': 'Choose a time' },
    h('div', { class: 'week-nav' }, previous, range, next),
    days,
    status,
    times,
  );

  const startOf = (w: number) => plusDays(firstDay, w * DAYS_SHOWN);

  async function fetchWeek(w: number): Promise<PublicSlots> {
    const from = startOf(w);
    const query = new URLSearchParams({ from, to: plusDays(from, DAYS_SHOWN - 1), timezone });
    return publicApi<PublicSlots>(
      `/api/public/booking/${encodeURIComponent(options.slug)}?${query}`,
    );
  }

  function slotsOn(day: string) {
    return slots.filter((slot) => slot.start.slice(0, 10) === day);
  }

  function renderTimes() {
    if (!chosen) {
      times.replaceChildren();
      return;
    }
    const free = slotsOn(chosen);
    times.replaceChildren(
      h('h3', { id: 'times-heading' }, dayLabel(chosen)),
      h(
        'ul',
        { class: 'slots', 'aria-labelledby': 'times-heading' },
        ...free.map((slot) => {
          const button = h(
            'button',
            { type: 'button', class: 'secondary' },
            timeLabel(slot.start, timezone),
          );
          button.addEventListener('click', () => options.onPick(slot, timezone));
          return h('li', {}, button);
        }),
      ),
    );
  }

  function chooseDay(day: string) {
    chosen = day;
    for (const button of days.querySelectorAll('button')) {
      button.setAttribute('aria-pressed', String(button.dataset.day === day));
    }
    renderTimes();
  }

  function render() {
    const from = startOf(week);
    const to = plusDays(from, DAYS_SHOWN - 1);
    range.textContent = `${dayLabel(from, { weekday: undefined, month: 'short' })} – ${dayLabel(to, { weekday: undefined, month: 'short', year: 'numeric' })}`;
    previous.disabled = week === 0;
    next.disabled = week >= MAX_WEEKS;
    const dates = Array.from({ length: DAYS_SHOWN }, (_, i) => plusDays(from, i));
    days.replaceChildren(
      ...dates.map((day) => {
        const count = slotsOn(day).length;
        const button = h(
          'button',
          {
            type: 'button',
            class: 'day',
            'data-day': day,
            'aria-pressed': 'false',
            disabled: count === 0,
          },
          // The name starts with what the button shows (a voice user says "Mon 30"); the
          // month and the count are heard, not seen.
          h(
            'span',
            { class: 'weekday' },
            dayLabel(day, { weekday: 'short', day: undefined, month: undefined }),
          ),
          ' ',
          h('span', { class: 'date' }, dayLabel(day, { weekday: undefined, month: undefined })),
          h(
            'span',
            { class: 'visually-hidden' },
            ` ${dayLabel(day, { weekday: undefined, day: undefined })}, ${count === 0 ? 'no free times' : count === 1 ? '1 free time' : `${count} free times`}`,
          ),
        );
        button.addEventListener('click', () => chooseDay(day));
        return h('li', {}, button);
      }),
    );
    const firstFree = dates.find((day) => slotsOn(day).length > 0) ?? null;
    status.textContent = firstFree ? '' : 'No free times this week.';
    chooseDay(chosen && slotsOn(chosen).length > 0 ? chosen : (firstFree ?? ''));
    if (!firstFree) times.replaceChildren();
  }

  async function show(w: number): Promise<PublicSlots> {
    element.setAttribute('aria-busy', 'true');
    try {
      const result = await fetchWeek(w);
      week = w;
      slots = result.slots.filter((slot) => Date.parse(slot.start) !== excluded);
      render();
      return result;
    } finally {
      element.removeAttribute('aria-busy');
    }
  }

  function failed(error: unknown) {
    status.textContent =
      error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  }

  previous.addEventListener('click', () => void show(Math.max(0, week - 1)).catch(failed));
  next.addEventListener('click', () => void show(week + 1).catch(failed));

  return {
    element,
    async load() {
      firstDay = todayIn(timezone);
      chosen = null;
      let result = await show(0);
      // Straight to the first week with a free time: an empty week is a dead end to a visitor.
      for (let w = 1; result.slots.length === 0 && w <= WEEKS_LOOKED_AHEAD; w++) {
        result = await show(w);
      }
      if (result.slots.length === 0) await show(0);
      return result;
    },
    async reload() {
      await show(week).catch(failed);
    },
    setTimezone(zone) {
      timezone = zone;
      void this.load().catch(failed);
    },
  };
}
