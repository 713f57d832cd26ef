import { sql } from 'kysely';
import type {
  Availability,
  AvailabilityInput,
  Booking,
  BookingListQuery,
  BookingType,
} from '../../../shared/scheduling.schema.ts';
import { WEEKDAY_KEYS } from '../../../shared/scheduling.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import type { AvailabilityRules, TimeInterval } from './slots.ts';

/*
 * Scheduling's queries. Every one takes the workspace id and filters on it; a booking's
 * blocks are written and freed only here (insertBlocks, freeBlocks).
 */

// Booking types

function selectTypes(db: Database, workspaceId: number) {
  return db
    .selectFrom('bookingTypes as t')
    .innerJoin('users as u', 'u.id', 't.ownerId')
    .leftJoin('stages as s', (join) =>
      join.onRef('s.workspaceId', '=', 't.workspaceId').onRef('s.key', '=', 't.dealStage'),
    )
    .where('t.workspaceId', '=', workspaceId)
    .select([
      't.id',
      't.workspaceId',
      't.ownerId',
      'u.fullName as ownerName',
      'u.email as ownerEmail',
      't.name',
      't.slug',
      't.durationMinutes',
      't.bufferBeforeMinutes',
      't.bufferAfterMinutes',
      't.minNoticeMinutes',
      't.maxDaysAhead',
      't.maxPerDay',
      't.location',
      't.description',
      't.questions',
      's.id as dealStageId',
      't.dealStage',
      't.dealValue',
      't.active',
      't.allowIndexing',
      't.createdAt',
      't.updatedAt',
    ]);
}

export type BookingTypeRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectTypes>['executeTakeFirst']>>
>;

export function publicSlugOf(workspaceId: number, slug: string) {
  return `${workspaceId}-${slug}`;
}

export function toBookingType(r: BookingTypeRow, appUrl: string): BookingType {
  const publicSlug = publicSlugOf(r.workspaceId, r.slug);
  return {
    id: r.id,
    ownerId: r.ownerId,
    ownerName: r.ownerName,
    name: r.name,
    slug: r.slug,
    publicSlug,
    bookingUrl: `${appUrl.replace(/\/+$/, '')}/book/${publicSlug}`,
    durationMinutes: r.durationMinutes,
    bufferBeforeMinutes: r.bufferBeforeMinutes,
    bufferAfterMinutes: r.bufferAfterMinutes,
    minNoticeMinutes: r.minNoticeMinutes,
    maxDaysAhead: r.maxDaysAhead,
    maxPerDay: r.maxPerDay,
    location: r.location,
    description: r.description,
    questions: r.questions as BookingType['questions'],
    deal:
      r.dealStageId !== null
        ? { stageId: r.dealStageId, value: r.dealValue === null ? null : String(r.dealValue) }
        : null,
    active: r.active,
    allowIndexing: r.allowIndexing,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export function listBookingTypes(db: Database, workspaceId: number) {
  return selectTypes(db, workspaceId).orderBy('t.name').orderBy('t.id').execute();
}

export function findBookingType(db: Database, workspaceId: number, id: number) {
  return selectTypes(db, workspaceId).where('t.id', '=', id).executeTakeFirst();
}

export function findBookingTypeBySlug(db: Database, workspaceId: number, slug: string) {
  return selectTypes(db, workspaceId).where('t.slug', '=', slug).executeTakeFirst();
}

export interface BookingTypeValues {
  name?: string;
  slug?: string;
  durationMinutes?: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  minNoticeMinutes?: number;
  maxDaysAhead?: number;
  maxPerDay?: number | null;
  location?: string | null;
  description?: string | null;
  questions?: unknown[];
  dealStage?: string | null;
  dealValue?: string | null;
  active?: boolean;
  allowIndexing?: boolean;
}

function typeColumns(values: BookingTypeValues) {
  const { questions, ...rest } = values;
  return {
    ...rest,
    ...(questions !== undefined ? { questions: JSON.stringify(questions) } : {}),
  };
}

export async function insertBookingType(
  db: Database,
  workspaceId: number,
  ownerId: number,
  values: BookingTypeValues & { name: string; slug: string; durationMinutes: number },
) {
  const row = await db
    .insertInto('bookingTypes')
    .values({
      ...typeColumns(values),
      name: values.name,
      slug: values.slug,
      durationMinutes: values.durationMinutes,
      workspaceId,
      ownerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBookingType(
  db: Database,
  workspaceId: number,
  id: number,
  values: BookingTypeValues,
) {
  const result = await db
    .updateTable('bookingTypes')
    .set({ ...typeColumns(values), updatedAt: sql`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteBookingType(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('bookingTypes')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function slugTaken(db: Database, workspaceId: number, slug: string) {
  const row = await db
    .selectFrom('bookingTypes')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('slug', '=', slug)
    .executeTakeFirst();
  return row !== undefined;
}

export async function stageKeyOf(db: Database, workspaceId: number, stageId: number) {
  const row = await db
    .selectFrom('stages')
    .select('key')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', stageId)
    .executeTakeFirst();
  return row?.key;
}

// Availability

const availabilityColumns = ['timezone', 'weekly', 'overrides', 'updatedAt'] as const;

export function toAvailability(
  row: { timezone: string; weekly: unknown; overrides: unknown; updatedAt: Date } | undefined,
  fallbackZone: string,
): Availability {
  const weekly = (row?.weekly ?? {}) as Partial<Record<string, TimeInterval[]>>;
  return {
    timezone: row?.timezone ?? fallbackZone,
    weekly: Object.fromEntries(
      WEEKDAY_KEYS.map((day) => [day, weekly[day] ?? []]),
    ) as Availability['weekly'],
    overrides: (row?.overrides ?? []) as Availability['overrides'],
    updatedAt: row ? iso(row.updatedAt) : null,
  };
}

export function findAvailability(db: Database, workspaceId: number, userId: number) {
  return db
    .selectFrom('availability')
    .select(availabilityColumns)
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/**
 * The owner's availability row, locked until the transaction ends: bookings of one owner
 * (any of their types) queue here, so the daily maximum is counted after the booking before
 * has committed, on every server and through any pooler (a row lock, not session state).
 */
export function lockAvailability(db: Database, workspaceId: number, userId: number) {
  return db
    .selectFrom('availability')
    .select(availabilityColumns)
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function saveAvailability(
  db: Database,
  workspaceId: number,
  userId: number,
  input: AvailabilityInput,
) {
  const values = {
    timezone: input.timezone,
    weekly: JSON.stringify(input.weekly),
    overrides: JSON.stringify([...input.overrides].sort((a, b) => a.date.localeCompare(b.date))),
  };
  await db
    .insertInto('availability')
    .values({ ...values, workspaceId, userId })
    .onConflict((oc) =>
      oc.columns(['workspaceId', 'userId']).doUpdateSet({ ...values, updatedAt: sql`now()` }),
    )
    .execute();
}

/** Availability in the slot engine's terms (its weekdays are the same keys). */
export function availabilityRules(a: Availability): AvailabilityRules {
  return { timezone: a.timezone, weekly: a.weekly, overrides: a.overrides };
}

// Bookings

const bookingColumns = [
  'b.id',
  'b.workspaceId',
  'b.typeId',
  'b.ownerId',
  'b.title',
  'b.location',
  'b.startAt',
  'b.endAt',
  'b.bufferBeforeMinutes',
  'b.bufferAfterMinutes',
  'b.visitorName',
  'b.visitorEmail',
  'b.visitorTimezone',
  'b.answers',
  'b.status',
  'b.cancelReason',
  'b.cancelledBy',
  'b.cancelledAt',
  'b.uid',
  'b.sequence',
  'b.contactId',
  'b.dealId',
  'b.createdAt',
] as const;

function selectBookings(db: Database, workspaceId: number) {
  return db
    .selectFrom('bookings as b')
    .where('b.workspaceId', '=', workspaceId)
    .select(bookingColumns);
}

export type BookingRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectBookings>['executeTakeFirst']>>
>;

export function toBooking(r: BookingRow): Booking {
  return {
    id: r.id,
    typeId: r.typeId,
    ownerId: r.ownerId,
    title: r.title,
    location: r.location,
    start: iso(r.startAt),
    end: iso(r.endAt),
    visitorName: r.visitorName,
    visitorEmail: r.visitorEmail,
    visitorTimezone: r.visitorTimezone,
    answers: r.answers as Record<string, string>,
    status: r.status as Booking['status'],
    cancelReason: r.cancelReason,
    cancelledBy: r.cancelledBy as Booking['cancelledBy'],
    cancelledAt: iso(r.cancelledAt),
    uid: r.uid,
    sequence: r.sequence,
    contactId: r.contactId,
    dealId: r.dealId,
    createdAt: iso(r.createdAt),
  };
}

export function listBookings(db: Database, workspaceId: number, query: BookingListQuery) {
  let q = selectBookings(db, workspaceId);
  if (query.from) q = q.where('b.endAt', '>', new Date(`${query.from}T00:00:00Z`));
  if (query.to) q = q.where('b.startAt', '<', sql<Date>`${query.to}::date + interval '1 day'`);
  if (query.status) q = q.where('b.status', '=', query.status);
  if (query.contactId) q = q.where('b.contactId', '=', query.contactId);
  if (query.dealId) q = q.where('b.dealId', '=', query.dealId);
  const order = query.order ?? 'asc';
  return q.orderBy('b.startAt', order).orderBy('b.id', order).limit(1000).execute();
}

export function findBooking(db: Database, workspaceId: number, id: number, lock = false) {
  const q = selectBookings(db, workspaceId).where('b.id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export function findBookingByTokenHash(
  db: Database,
  workspaceId: number,
  hash: string,
  lock = false,
) {
  const q = selectBookings(db, workspaceId).where('b.manageTokenHash', '=', hash);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** The owner's live bookings around a window (a day either side), but `except`. */
export function ownerBookingsAround(
  db: Database,
  workspaceId: number,
  ownerId: number,
  window: { start: Date; end: Date },
  except?: number,
) {
  let q = db
    .selectFrom('bookings')
    .select(['id', 'typeId', 'startAt', 'endAt', 'bufferBeforeMinutes', 'bufferAfterMinutes'])
    .where('workspaceId', '=', workspaceId)
    .where('ownerId', '=', ownerId)
    .where('status', '=', 'booked')
    .where('startAt', '<', new Date(window.end.getTime() + 2 * 86_400_000))
    .where('endAt', '>', new Date(window.start.getTime() - 2 * 86_400_000));
  if (except !== undefined) q = q.where('id', '!=', except);
  return q.execute();
}

export interface NewBooking {
  typeId: number;
  ownerId: number;
  title: string;
  location: string | null;
  startAt: Date;
  endAt: Date;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  visitorName: string;
  visitorEmail: string;
  visitorTimezone: string;
  answers: Record<string, string>;
  uid: string;
  manageTokenHash: string;
  contactId: number;
  dealId: number | null;
}

export async function insertBooking(db: Database, workspaceId: number, values: NewBooking) {
  const row = await db
    .insertInto('bookings')
    .values({ ...values, answers: JSON.stringify(values.answers), workspaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Occupies the blocks; a block another booking of the owner holds fails the statement (23505). */
export async function insertBlocks(
  db: Database,
  workspaceId: number,
  userId: number,
  bookingId: number,
  blocks: Date[],
) {
  if (blocks.length === 0) return;
  await db
    .insertInto('bookingBlocks')
    .values(blocks.map((blockStart) => ({ workspaceId, userId, bookingId, blockStart })))
    .execute();
}

export async function freeBlocks(db: Database, workspaceId: number, bookingId: number) {
  await db
    .deleteFrom('bookingBlocks')
    .where('workspaceId', '=', workspaceId)
    .where('bookingId', '=', bookingId)
    .execute();
}

export async function markCancelled(
  db: Database,
  workspaceId: number,
  id: number,
  by: 'owner' | 'visitor',
  reason: string | null,
) {
  await db
    .updateTable('bookings')
    .set({
      status: 'cancelled',
      cancelledBy: by,
      cancelReason: reason,
      cancelledAt: sql`now()`,
      sequence: sql`sequence + 1`,
      updatedAt: sql`now()`,
    })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function moveBooking(
  db: Database,
  workspaceId: number,
  id: number,
  startAt: Date,
  endAt: Date,
) {
  await db
    .updateTable('bookings')
    .set({ startAt, endAt, sequence: sql`sequence + 1`, updatedAt: sql`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function userName(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select(['fullName', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row;
}

// Calendar feeds

export async function replaceFeed(
  db: Database,
  workspaceId: number,
  userId: number,
  tokenHash: string,
) {
  await db
    .insertInto('calendarFeeds')
    .values({ workspaceId, userId, tokenHash })
    .onConflict((oc) =>
      oc.columns(['workspaceId', 'userId']).doUpdateSet({ tokenHash, createdAt: sql`now()` }),
    )
    .execute();
}

export function findFeed(db: Database, workspaceId: number, userId: number) {
  return db
    .selectFrom('calendarFeeds')
    .select('createdAt')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function deleteFeed(db: Database, workspaceId: number, userId: number) {
  const result = await db
    .deleteFrom('calendarFeeds')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The member of a live feed, when the member is still active in the workspace. */
export function findFeedMember(db: Database, workspaceId: number, tokenHash: string) {
  return db
    .selectFrom('calendarFeeds as f')
    .innerJoin('userWorkspaces as m', (join) =>
      join.onRef('m.workspaceId', '=', 'f.workspaceId').onRef('m.userId', '=', 'f.userId'),
    )
    .innerJoin('workspaces as w', 'w.id', 'f.workspaceId')
    .select(['f.userId', 'w.name as workspaceName'])
    .where('f.workspaceId', '=', workspaceId)
    .where('f.tokenHash', '=', tokenHash)
    .where('m.isActive', '=', true)
    .where('w.isDeleted', '=', false)
    .where('w.isActive', '=', true)
    .executeTakeFirst();
}

/** A member's bookings from 30 days back to a year ahead, for their feed. */
export function feedBookings(db: Database, workspaceId: number, userId: number) {
  return selectBookings(db, workspaceId)
    .where('b.ownerId', '=', userId)
    .where('b.endAt', '>', sql<Date>`now() - interval '30 days'`)
    .where('b.startAt', '<', sql<Date>`now() + interval '400 days'`)
    .orderBy('b.startAt')
    .limit(2000)
    .execute();
}

/** Whether a workspace answers public pages: not deleted, not suspended. */
export async function workspaceOpen(db: Database, workspaceId: number) {
  const row = await db
    .selectFrom('workspaces')
    .select('id')
    .where('id', '=', workspaceId)
    .where('isDeleted', '=', false)
    .where('isActive', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
