import { format, parseISO } from 'date-fns';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  ApiClient,
  joinAs,
  useSmtpSink,
  useTwoWorkspaces,
  type WorkspaceAccount,
} from '../../../../tests/support/test-app.ts';
import type { CalendarFeedStatus } from '../../../shared/scheduling.schema.ts';
import { dateIn, isoIn, zonedInstant } from './slots.ts';

/* Issue 44, scheduling: booking types, availability, bookings, public pages, feeds. */

const sink = useSmtpSink();
const { t, owner, other } = useTwoWorkspaces('Booking Studio', 'Other Booking Studio', () => ({
  smtpUrl: sink.url,
  appUrl: 'https://keel.example',
}));

const ZONE = 'Europe/Berlin';
const nineToFive = [{ start: '09:00', end: '17:00' }];
const EVERY_DAY = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, nineToFive]),
);

interface BookingType {
  id: number;
  slug: string;
  publicSlug: string;
  ownerId: number;
}
interface PublicBooking {
  uid: string;
  status: string;
  start: string;
  end: string;
  timezone: string;
}
interface Booking {
  id: number;
  start: string;
  status: string;
  sequence: number;
  uid: string;
  contactId: number;
  dealId: number | null;
}

async function ok<T = unknown>(
  request: Promise<{ statusCode: number; body: string; json(): unknown }>,
  status = 200,
) {
  const res = await request;
  expect(res.statusCode, res.body).toBe(status);
  return (res.body ? res.json() : undefined) as T;
}

/** A date `days` from today in Berlin, and the instant of a Berlin time on it. */
const dayAhead = (days: number) => dateIn(new Date(Date.now() + days * 86_400_000), ZONE);
const at = (date: string, time: string) => zonedInstant(date, time, ZONE);

let typeCounter = 0;
async function newType(client: ApiClient, body: object = {}) {
  typeCounter += 1;
  return ok<BookingType>(
    client.post('/api/booking-types', {
      name: `Intro call ${typeCounter}`,
      durationMinutes: 30,
      ...body,
    }),
    201,
  );
}

async function setHours(account: WorkspaceAccount | { client: ApiClient }, body: object = {}) {
  await ok(account.client.put('/api/availability', { timezone: ZONE, weekly: EVERY_DAY, ...body }));
}

const visitor = () => new ApiClient(t.app);

async function slotsOf(type: BookingType, date: string, timezone = ZONE) {
  const body = await ok<{ slots: { start: string; end: string }[] }>(
    visitor().get(
      `/api/public/booking/${type.publicSlug}?from=${date}&to=${date}&timezone=${encodeURIComponent(timezone)}`,
    ),
  );
  return body.slots.map((s) => s.start);
}

function book(type: BookingType, start: Date, email = 'ada.visitor@example.com', extra = {}) {
  return visitor().post(`/api/public/booking/${type.publicSlug}/bookings`, {
    start: start.toISOString(),
    name: 'Ada Visitor',
    email,
    timezone: 'America/New_York',
    ...extra,
  });
}

function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    method: calendar.getFirstPropertyValue('method'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        sequence: event.sequence,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        status: vevent.getFirstPropertyValue('status'),
      };
    }),
  };
}

const tokenOf = (manageUrl: string) => manageUrl.split('/book/manage/')[1]!;

describe('booking types and availability', () => {
  it('adds, reads, changes and deletes a booking type with a link made from its name', async () => {
    const made = await ok<BookingType & { name: string; allowIndexing: boolean; active: boolean }>(
      owner.client.post('/api/booking-types', { name: 'Découverte call', durationMinutes: 45 }),
      201,
    );
    expect(made).toMatchObject({
      slug: 'decouverte-call',
      publicSlug: `${owner.workspace.id}-decouverte-call`,
      allowIndexing: false,
      active: true,
      ownerId: owner.user.id,
    });
    await ok(
      owner.client.post('/api/booking-types', {
        name: 'x',
        slug: 'decouverte-call',
        durationMinutes: 30,
      }),
      409,
    );
    const changed = await ok<{ durationMinutes: number; name: string }>(
      owner.client.put(`/api/booking-types/${made.id}`, { durationMinutes: 60 }),
    );
    expect(changed).toMatchObject({ durationMinutes: 60, name: 'Découverte call' });
    const list = await ok<BookingType[]>(owner.client.get('/api/booking-types'));
    expect(list.map((x) => x.id)).toContain(made.id);
    await ok(owner.client.delete(`/api/booking-types/${made.id}`));
    await ok(owner.client.get(`/api/booking-types/${made.id}`), 404);
  });

  it("keeps the caller's weekly hours and overrides, and refuses overlapping intervals", async () => {
    const before = await ok<{ updatedAt: string | null }>(owner.client.get('/api/availability'));
    expect(before.updatedAt).toBeNull();
    await setHours(owner, { overrides: [{ date: '2027-01-01', intervals: [] }] });
    const saved = await ok<{
      timezone: string;
      weekly: Record<string, unknown>;
      overrides: unknown[];
    }>(owner.client.get('/api/availability'));
    expect(saved.timezone).toBe(ZONE);
    expect(saved.weekly.mon).toEqual(nineToFive);
    expect(saved.overrides).toEqual([{ date: '2027-01-01', intervals: [] }]);
    const bad = await owner.client.put('/api/availability', {
      timezone: ZONE,
      weekly: {
        mon: [
          { start: '09:00', end: '12:00' },
          { start: '11:00', end: '13:00' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    const badZone = await owner.client.put('/api/availability', { timezone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
  });
});

describe('the public booking page', () => {
  it("offers free slots in the visitor's zone, with no cookie and noindex", async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const date = dayAhead(8);
    const res = await visitor().get(
      `/api/public/booking/${type.publicSlug}?from=${date}&to=${date}&timezone=America/New_York`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['x-robots-tag']).toContain('noindex');
    const body = res.json() as { type: { name: string }; slots: { start: string }[] };
    expect(body.type.name).toMatch(/^Intro call/);
    // Berlin's 9:00 on the visitor's date or the day after, in New York time.
    const nyDateSlots = body.slots.map((s) => s.start);
    expect(nyDateSlots.every((s) => s.startsWith(date) && /-0[45]:00$/.test(s))).toBe(true);
    expect(nyDateSlots).toContain(isoIn(at(dayAhead(8), '10:00'), 'America/New_York'));
  });

  it('books a slot: 201 with the manage link, a contact, invitations with the right instants', async () => {
    await setHours(owner);
    const type = await newType(owner.client, {
      questions: [{ key: 'topic', label: 'Topic', required: true }],
    });
    const date = dayAhead(9);
    const start = at(date, '11:00');
    const missing = await book(type, start, 'grace.visitor@example.com');
    expect(missing.statusCode).toBe(400);
    const created = await ok<{ booking: PublicBooking; manageUrl: string }>(
      book(type, start, 'Grace.Visitor@example.com', { answers: { topic: 'A website' } }),
      201,
    );
    expect(created.booking).toMatchObject({
      status: 'booked',
      start: isoIn(start, 'America/New_York'),
      timezone: 'America/New_York',
    });
    expect(created.manageUrl).toMatch(
      new RegExp(`^https://keel\\.example/book/manage/${owner.workspace.id}\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(await slotsOf(type, date)).not.toContain(isoIn(start, ZONE));

    const visitorMail = await sink.waitFor('grace.visitor@example.com', {
      match: /Topic|reschedule/,
    });
    expect(visitorMail.text).toContain(created.manageUrl);
    const ics = visitorMail.attachments.find((a) => a.filename.endsWith('.ics'))!;
    const parsed = parseIcs(ics.content.toString('utf8'));
    expect(parsed.method).toBe('REQUEST');
    expect(parsed.events).toEqual([
      expect.objectContaining({
        uid: created.booking.uid,
        sequence: 0,
        start: start.toISOString(),
        end: new Date(start.getTime() + 30 * 60_000).toISOString(),
      }),
    ]);
    const ownerMail = await sink.waitFor(owner.email, { match: /Grace|Ada/ });
    expect(ownerMail.text).toContain('topic: A website');

    // A second booking with the same email: one contact.
    await ok(
      book(type, at(date, '14:00'), 'grace.visitor@example.com', { answers: { topic: 'x' } }),
      201,
    );
    const contacts = await t.db
      .selectFrom('persons')
      .select('id')
      .where('workspaceId', '=', owner.workspace.id)
      .where('email', '=', 'grace.visitor@example.com')
      .execute();
    expect(contacts).toHaveLength(1);
    const bookings = await ok<Booking[]>(owner.client.get(`/api/bookings?from=${date}&to=${date}`));
    const mine = bookings.filter((b) => b.contactId === contacts[0]!.id);
    expect(mine).toHaveLength(2);
  });

  it('makes a deal in the stage the type names', async () => {
    await setHours(owner);
    const stages = await ok<{ id: number; key: string }[]>(owner.client.get('/api/stages'));
    const stage = stages[0]!;
    const type = await newType(owner.client, { deal: { stageId: stage.id, value: '500' } });
    const made = await ok<{ booking: PublicBooking }>(
      book(type, at(dayAhead(10), '09:00'), 'deal.visitor@example.com'),
      201,
    );
    const row = await t.db
      .selectFrom('bookings')
      .innerJoin('leads', 'leads.id', 'bookings.dealId')
      .select([
        'leads.stage',
        'leads.value',
        'leads.personId',
        'leads.description',
        'bookings.contactId',
        'bookings.dealId',
      ])
      .where('bookings.uid', '=', made.booking.uid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stage: stage.key, value: '500.00', personId: row.contactId });
    // The time in the owner's zone, in words, as the owner reads the deal.
    const date = dayAhead(10);
    expect(row.description).toBe(
      `Booked on the booking page for ${format(parseISO(date), 'EEEE d MMMM yyyy')}, 09:00 (${ZONE}).`,
    );

    // The contact's and the deal's meetings, as their drawers list them.
    const ofContact = await ok<Booking[]>(
      owner.client.get(`/api/bookings?contactId=${row.contactId}`),
    );
    expect(ofContact.map((b) => b.uid)).toEqual([made.booking.uid]);
    const ofDeal = await ok<Booking[]>(owner.client.get(`/api/bookings?dealId=${row.dealId}`));
    expect(ofDeal.map((b) => b.uid)).toEqual([made.booking.uid]);
    await ok(other.client.get(`/api/bookings?contactId=${row.contactId}`)).then((theirs) =>
      expect(theirs).toEqual([]),
    );
  });

  it('gives one of 20 visitors booking the same slot at once the booking, and 19 a 409', async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const start = at(dayAhead(11), '10:00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(type, start, `racer${i}@example.com`)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toEqual({
      error: 'This time was just taken. Please choose another time.',
    });
    const rows = await t.db
      .selectFrom('bookings')
      .select('id')
      .where('typeId', '=', type.id)
      .where('status', '=', 'booked')
      .execute();
    expect(rows).toHaveLength(1);
    // The 19 refused made no contact either.
    const racers = await t.db
      .selectFrom('persons')
      .select('id')
      .where('workspaceId', '=', owner.workspace.id)
      .where('email', 'like', 'racer%')
      .execute();
    expect(racers).toHaveLength(1);
  });

  it('refuses a start that is not a slot', async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const res = await book(type, at(dayAhead(12), '10:10'));
    expect(res.statusCode).toBe(400);
    const night = await book(type, at(dayAhead(12), '20:00'));
    expect(night.statusCode).toBe(400);
  });

  it('frees a cancelled slot, and sends METHOD:CANCEL with the same UID and a higher SEQUENCE', async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const date = dayAhead(13);
    const start = at(date, '15:00');
    const made = await ok<{ booking: PublicBooking; manageUrl: string }>(
      book(type, start, 'cancel.visitor@example.com'),
      201,
    );
    const token = tokenOf(made.manageUrl);
    const view = await ok<PublicBooking>(visitor().get(`/api/public/bookings/${token}`));
    expect(view.uid).toBe(made.booking.uid);
    const cancelled = await ok<PublicBooking>(
      visitor().post(`/api/public/bookings/${token}/cancel`, { reason: 'Sick' }),
    );
    expect(cancelled.status).toBe('cancelled');
    await ok(visitor().post(`/api/public/bookings/${token}/cancel`, {}), 409);
    expect(await slotsOf(type, date)).toContain(isoIn(start, ZONE));
    const mail = await sink.waitFor('cancel.visitor@example.com', { match: /cancelled/ });
    const parsed = parseIcs(
      mail.attachments.find((a) => a.filename.endsWith('.ics'))!.content.toString(),
    );
    expect(parsed.method).toBe('CANCEL');
    expect(parsed.events[0]).toMatchObject({
      uid: made.booking.uid,
      sequence: 1,
      status: 'CANCELLED',
    });
    // Booked again by someone else.
    await ok(book(type, start, 'next.visitor@example.com'), 201);
    // A made-up token of the right shape opens nothing.
    await ok(visitor().get(`/api/public/bookings/${owner.workspace.id}.${'a'.repeat(43)}`), 404);
  });

  it('leaves a meeting that has started to the owner', async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const made = await ok<{ booking: PublicBooking; manageUrl: string }>(
      book(type, at(dayAhead(20), '09:00'), 'late.visitor@example.com'),
      201,
    );
    // The meeting's time came (written as the database: no slot is in the past).
    await t.db
      .updateTable('bookings')
      .set({ startAt: new Date(Date.now() - 60_000), endAt: new Date(Date.now() + 29 * 60_000) })
      .where('uid', '=', made.booking.uid)
      .execute();
    const token = tokenOf(made.manageUrl);
    await ok(visitor().post(`/api/public/bookings/${token}/cancel`, {}), 409);
    const later = at(dayAhead(20), '11:00').toISOString();
    await ok(visitor().post(`/api/public/bookings/${token}/reschedule`, { start: later }), 409);
    const row = await t.db
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where('uid', '=', made.booking.uid)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('booked');
    await ok(owner.client.post(`/api/bookings/${row.id}/cancel`, { reason: 'No-show' }));
  });

  it('reschedules through the manage link and by the owner, moving the blocks', async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const date = dayAhead(14);
    const made = await ok<{ booking: PublicBooking; manageUrl: string }>(
      book(type, at(date, '09:00'), 'move.visitor@example.com'),
      201,
    );
    const token = tokenOf(made.manageUrl);
    const moved = await ok<PublicBooking>(
      visitor().post(`/api/public/bookings/${token}/reschedule`, {
        start: at(date, '13:00').toISOString(),
      }),
    );
    expect(moved.start).toBe(isoIn(at(date, '13:00'), 'America/New_York'));
    const free = await slotsOf(type, date);
    expect(free).toContain(isoIn(at(date, '09:00'), ZONE));
    expect(free).not.toContain(isoIn(at(date, '13:00'), ZONE));
    const mail = await sink.waitFor('move.visitor@example.com', {
      match: /moved|is on/,
      timeoutMs: 10_000,
    });
    expect(mail).toBeDefined();

    const list = await ok<Booking[]>(owner.client.get(`/api/bookings?from=${date}&to=${date}`));
    const booking = list.find((b) => b.uid === made.booking.uid)!;
    expect(booking.sequence).toBe(1);
    const again = await ok<Booking>(
      owner.client.post(`/api/bookings/${booking.id}/reschedule`, {
        start: at(date, '16:00').toISOString(),
      }),
    );
    expect(again).toMatchObject({ sequence: 2, start: at(date, '16:00').toISOString() });
    // Onto a taken slot: 409, and nothing moved.
    const blocker = await ok<{ booking: PublicBooking }>(
      book(type, at(date, '10:00'), 'block.visitor@example.com'),
      201,
    );
    expect(blocker.booking.status).toBe('booked');
    await ok(
      owner.client.post(`/api/bookings/${booking.id}/reschedule`, {
        start: at(date, '10:00').toISOString(),
      }),
      409,
    );
    const after = await ok<Booking[]>(owner.client.get(`/api/bookings?from=${date}&to=${date}`));
    expect(after.find((b) => b.id === booking.id)!.start).toBe(at(date, '16:00').toISOString());
    // Soonest first by default; `order=desc` latest first (past bookings are asked that way).
    expect(after.map((b) => b.start)).toEqual(
      [at(date, '10:00'), at(date, '16:00')].map((d) => d.toISOString()),
    );
    const latestFirst = await ok<Booking[]>(
      owner.client.get(`/api/bookings?from=${date}&to=${date}&order=desc`),
    );
    expect(latestFirst.map((b) => b.id)).toEqual(after.map((b) => b.id).reverse());
    // The visitor's email says the time in their zone: 16:00 in Berlin, as New York reads it.
    const newYorkTime = isoIn(at(date, '16:00'), 'America/New_York').slice(11, 16);
    await sink.waitFor('move.visitor@example.com', {
      match: new RegExp(`, ${newYorkTime} \\(America/New_York\\)`),
      timeoutMs: 10_000,
    });
    const invites = sink.mails
      .filter((m) => m.to.includes('move.visitor@example.com'))
      .map((m) =>
        parseIcs(m.attachments.find((a) => a.filename.endsWith('.ics'))!.content.toString()),
      );
    expect(invites.map((i) => i.events[0]!.sequence).sort()).toEqual([0, 1, 2]);
    expect(new Set(invites.map((i) => i.events[0]!.uid))).toEqual(new Set([made.booking.uid]));
  });

  it("blocks one owner's other types, buffers included", async () => {
    await setHours(owner);
    const a = await newType(owner.client, { bufferAfterMinutes: 15 });
    const b = await newType(owner.client, { durationMinutes: 60 });
    const date = dayAhead(15);
    await ok(book(a, at(date, '10:00'), 'first.visitor@example.com'), 201);
    const free = await slotsOf(b, date);
    // a occupies 10:00–10:45 with its buffer: b's hour slots at 10:00 are gone, 11:00 stays.
    expect(free).not.toContain(isoIn(at(date, '10:00'), ZONE));
    expect(free).toContain(isoIn(at(date, '11:00'), ZONE));
    await ok(book(b, at(date, '10:00'), 'second.visitor@example.com'), 409);
  });

  it('holds buffers, minimum notice and the daily maximum through the API', async () => {
    await setHours(owner);
    const type = await newType(owner.client, {
      bufferBeforeMinutes: 30,
      maxPerDay: 2,
      minNoticeMinutes: 3 * 24 * 60,
    });
    // Within the notice: nothing offered, and a booking is refused.
    const soon = dayAhead(1);
    expect(await slotsOf(type, soon)).toEqual([]);
    await ok(book(type, at(soon, '12:00'), 'soon.visitor@example.com'), 400);
    const date = dayAhead(16);
    await ok(book(type, at(date, '12:00'), 'one.visitor@example.com'), 201);
    const free = await slotsOf(type, date);
    // The 12:30 slot's buffer before reaches back into 12:00–12:30.
    expect(free).not.toContain(isoIn(at(date, '12:30'), ZONE));
    expect(free).toContain(isoIn(at(date, '13:00'), ZONE));
    await ok(book(type, at(date, '15:00'), 'two.visitor@example.com'), 201);
    expect(await slotsOf(type, date)).toEqual([]);
    await ok(book(type, at(date, '16:00'), 'three.visitor@example.com'), 409);
  });
});

describe('tenancy and roles', () => {
  it("answers 404 for another workspace's types and bookings, and its public slug never opens ours", async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const made = await ok<{ booking: PublicBooking }>(
      book(type, at(dayAhead(17), '09:00'), 'ten.visitor@example.com'),
      201,
    );
    const row = await t.db
      .selectFrom('bookings')
      .select('id')
      .where('uid', '=', made.booking.uid)
      .executeTakeFirstOrThrow();
    await ok(other.client.get(`/api/booking-types/${type.id}`), 404);
    await ok(other.client.put(`/api/booking-types/${type.id}`, { name: 'Mine' }), 404);
    await ok(other.client.delete(`/api/booking-types/${type.id}`), 404);
    await ok(other.client.post(`/api/bookings/${row.id}/cancel`, {}), 404);
    await ok(
      other.client.post(`/api/bookings/${row.id}/reschedule`, {
        start: at(dayAhead(17), '11:00').toISOString(),
      }),
      404,
    );
    const theirs = await ok<Booking[]>(other.client.get('/api/bookings'));
    expect(theirs.map((b) => b.uid)).not.toContain(made.booking.uid);
    // Our slug under their workspace id: no page.
    const date = dayAhead(17);
    await ok(
      visitor().get(
        `/api/public/booking/${other.workspace.id}-${type.slug}?from=${date}&to=${date}&timezone=UTC`,
      ),
      404,
    );
    // Their type with our slug answers theirs, not ours.
    const same = await ok<BookingType>(
      other.client.post('/api/booking-types', {
        name: 'Same',
        slug: type.slug,
        durationMinutes: 30,
      }),
      201,
    );
    expect(same.publicSlug).toBe(`${other.workspace.id}-${type.slug}`);
    const page = await ok<{ type: { name: string }; slots: unknown[] }>(
      visitor().get(`/api/public/booking/${same.publicSlug}?from=${date}&to=${date}&timezone=UTC`),
    );
    expect(page).toMatchObject({ type: { name: 'Same' }, slots: [] });
  });

  it("lets a collaborator offer their own times but not change another member's", async () => {
    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    const ownerType = await newType(owner.client);
    await ok(member.client.put(`/api/booking-types/${ownerType.id}`, { name: 'Taken over' }), 403);
    await ok(member.client.delete(`/api/booking-types/${ownerType.id}`), 403);
    const own = await newType(member.client);
    expect(own.ownerId).toBe(member.user.id);
    await setHours(member);
    await ok(owner.client.put(`/api/booking-types/${own.id}`, { durationMinutes: 60 }));
    const date = dayAhead(18);
    const made = await ok<{ booking: PublicBooking }>(
      book(own, at(date, '09:00'), 'member.visitor@example.com'),
      201,
    );
    // The member's booking does not block the owner's calendar.
    await setHours(owner);
    const ownerFree = await slotsOf(ownerType, date);
    expect(ownerFree).toContain(isoIn(at(date, '09:00'), ZONE));
    const row = await t.db
      .selectFrom('bookings')
      .select('id')
      .where('uid', '=', made.booking.uid)
      .executeTakeFirstOrThrow();
    await ok(owner.client.post(`/api/bookings/${row.id}/cancel`, { reason: 'Holiday' }));
  });
});

describe('the calendar feed', () => {
  it('serves the member’s bookings as iCalendar; a new URL ends the old, and it can be revoked', async () => {
    await setHours(owner);
    const type = await newType(owner.client);
    const start = at(dayAhead(19), '09:30');
    const made = await ok<{ booking: PublicBooking }>(
      book(type, start, 'feed.visitor@example.com'),
      201,
    );
    const off = await ok<CalendarFeedStatus>(owner.client.get('/api/calendar-feed'));
    expect(off).toEqual({ active: false, createdAt: null });
    const { url } = await ok<{ url: string }>(owner.client.post('/api/calendar-feed'));
    const on = await ok<CalendarFeedStatus>(owner.client.get('/api/calendar-feed'));
    expect(on.active).toBe(true);
    expect(Date.now() - Date.parse(on.createdAt!)).toBeLessThan(60_000);
    // Another member's or workspace's feed is their own.
    expect(await ok<CalendarFeedStatus>(other.client.get('/api/calendar-feed'))).toMatchObject({
      active: false,
    });
    const path = url.replace('https://keel.example', '');
    expect(path).toMatch(
      new RegExp(`^/api/calendar-feed/${owner.workspace.id}\\.[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const res = await visitor().get(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const event = parseIcs(res.body).events.find((e) => e.uid === made.booking.uid)!;
    expect(event).toMatchObject({ start: start.toISOString(), sequence: 0 });
    // Other workspace's feed does not carry it.
    const theirs = await ok<{ url: string }>(other.client.post('/api/calendar-feed'));
    const theirFeed = await visitor().get(theirs.url.replace('https://keel.example', ''));
    expect(theirFeed.body).not.toContain(made.booking.uid);

    const { url: next } = await ok<{ url: string }>(owner.client.post('/api/calendar-feed'));
    expect(next).not.toBe(url);
    await ok(visitor().get(path), 404);
    await ok(owner.client.delete('/api/calendar-feed'));
    expect(await ok<CalendarFeedStatus>(owner.client.get('/api/calendar-feed'))).toEqual({
      active: false,
      createdAt: null,
    });
    await ok(visitor().get(next.replace('https://keel.example', '')), 404);
  });
});
