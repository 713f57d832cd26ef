import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import {
  BOOKING_NOT_FOUND,
  BOOKING_PAGE_NOT_FOUND,
  BOOKING_TYPE_NOT_FOUND,
  SLOT_NOT_OFFERED,
  SLOT_TAKEN,
  SLUG_TAKEN,
  type AvailabilityInput,
  type BookingListQuery,
  type BookingTypeInput,
  type BookingTypeUpdate,
  type PublicBooking,
  type PublicBookingInput,
} from '../../../shared/scheduling.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Context, WorkspaceScope } from '../../trpc/context.ts';
import { hashToken } from '../auth/identity.ts';
import { upsertContactByEmail } from '../contacts/contact-by-email.ts';
import { insertLead } from '../pipeline/pipeline.repository.ts';
import * as repo from './scheduling.repository.ts';
import { feedCalendar, queueBookingEmails, whenIn, type BookingEvent } from './scheduling-email.ts';
import {
  feedUrl,
  manageTokenOf,
  manageUrl,
  newFeedToken,
  workspaceOfToken,
} from './scheduling-links.ts';
import {
  blockStarts,
  freeSlots,
  isFreeSlot,
  isoIn,
  occupiedRange,
  type BookingRules,
} from './slots.ts';

/*
 * Scheduling's rules. A member owns their booking types, availability and bookings; the
 * workspace's owners, administrators and partners may change anyone's. A booking is made,
 * moved and cancelled in one transaction each, which locks the owner's availability row
 * first (so bookings of one person queue, and the daily maximum counts the one before)
 * and writes the 5-minute blocks whose unique key refuses any overlap.
 */

type Scope = WorkspaceScope & Pick<Context, 'config' | 'jobs'>;
type Services = Pick<Context, 'db' | 'config' | 'jobs'>;

const MANAGERS: readonly WorkspaceRole[] = ['owner', 'administrator', 'partner'];

const typeNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: BOOKING_TYPE_NOT_FOUND });
const bookingNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: BOOKING_NOT_FOUND });
const pageNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: BOOKING_PAGE_NOT_FOUND });
const slotTaken = () => new TRPCError({ code: 'CONFLICT', message: SLOT_TAKEN });
const notOffered = () => new TRPCError({ code: 'BAD_REQUEST', message: SLOT_NOT_OFFERED });
const notYours = () =>
  new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do this" });

function assertManages(scope: WorkspaceScope, ownerId: number) {
  if (ownerId !== scope.user.id && !MANAGERS.includes(scope.role)) throw notYours();
}

/** A link's last part made of the name: plain ASCII letters and digits between hyphens. */
function slugOfName(name: string) {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'meeting';
}

async function freeSlug(db: Database, workspaceId: number, name: string) {
  const base = slugOfName(name);
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.slugTaken(db, workspaceId, slug))) return slug;
  }
}

async function dealColumns(db: Database, workspaceId: number, deal: BookingTypeInput['deal']) {
  if (!deal) return { dealStage: null, dealValue: null };
  const key = await repo.stageKeyOf(db, workspaceId, deal.stageId);
  if (!key) throw new TRPCError({ code: 'NOT_FOUND', message: 'Stage not found' });
  return { dealStage: key, dealValue: deal.value ?? null };
}

async function uniqueSlug<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: SLUG_TAKEN });
    throw error;
  }
}

// Booking types

export async function listTypes(scope: Scope) {
  const rows = await repo.listBookingTypes(scope.db, scope.workspace.id);
  return rows.map((r) => repo.toBookingType(r, scope.config.appUrl));
}

async function typeRow(scope: Scope, id: number) {
  const row = await repo.findBookingType(scope.db, scope.workspace.id, id);
  if (!row) throw typeNotFound();
  return row;
}

export async function readType(scope: Scope, id: number) {
  return repo.toBookingType(await typeRow(scope, id), scope.config.appUrl);
}

export async function createType(scope: Scope, input: BookingTypeInput) {
  const { db, workspace } = scope;
  const { deal, slug, ...values } = input;
  const id = await uniqueSlug(async () =>
    repo.insertBookingType(db, workspace.id, scope.user.id, {
      ...values,
      ...(await dealColumns(db, workspace.id, deal)),
      slug: slug ?? (await freeSlug(db, workspace.id, input.name)),
    }),
  );
  return readType(scope, id);
}

export async function updateType(scope: Scope, id: number, changes: Omit<BookingTypeUpdate, 'id'>) {
  const { db, workspace } = scope;
  const row = await typeRow(scope, id);
  assertManages(scope, row.ownerId);
  const { deal, ...values } = Object.fromEntries(
    Object.entries(changes).filter(([, v]) => v !== undefined),
  ) as Omit<BookingTypeUpdate, 'id'>;
  await uniqueSlug(async () =>
    repo.updateBookingType(db, workspace.id, id, {
      ...values,
      ...(deal !== undefined ? await dealColumns(db, workspace.id, deal) : {}),
    }),
  );
  return readType(scope, id);
}

/** Its bookings stay (meetings that were agreed), without their type. */
export async function deleteType(scope: Scope, id: number) {
  const row = await typeRow(scope, id);
  assertManages(scope, row.ownerId);
  if (!(await repo.deleteBookingType(scope.db, scope.workspace.id, id))) throw typeNotFound();
  return { success: true as const };
}

// Availability

async function defaultZone(db: Database, userId: number) {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

export async function readAvailability(scope: Scope) {
  const row = await repo.findAvailability(scope.db, scope.workspace.id, scope.user.id);
  return repo.toAvailability(row, await defaultZone(scope.db, scope.user.id));
}

export async function saveAvailability(scope: Scope, input: AvailabilityInput) {
  await repo.saveAvailability(scope.db, scope.workspace.id, scope.user.id, input);
  return readAvailability(scope);
}

// Bookings: the shared core

const rulesOf = (t: repo.BookingTypeRow): BookingRules => ({
  durationMinutes: t.durationMinutes,
  bufferBeforeMinutes: t.bufferBeforeMinutes,
  bufferAfterMinutes: t.bufferAfterMinutes,
  minNoticeMinutes: t.minNoticeMinutes,
  maxDaysAhead: t.maxDaysAhead,
  maxPerDay: t.maxPerDay,
});

/** What the owner's other live bookings take, around a window, for the slot engine. */
async function takenAround(
  db: Database,
  workspaceId: number,
  type: repo.BookingTypeRow,
  window: { start: Date; end: Date },
  except?: number,
) {
  const others = await repo.ownerBookingsAround(db, workspaceId, type.ownerId, window, except);
  return {
    busy: others.map((o) =>
      occupiedRange(o.startAt, o.endAt, {
        ...rulesOf(type),
        bufferBeforeMinutes: o.bufferBeforeMinutes,
        bufferAfterMinutes: o.bufferAfterMinutes,
      }),
    ),
    bookedStarts: others.filter((o) => o.typeId === type.id).map((o) => o.startAt),
  };
}

/**
 * Checks in the transaction that `start` is a free slot of the type, with the owner's
 * availability row locked: a start never offered is 400, one taken meanwhile 409. Answers
 * the booking's end and the blocks it occupies.
 */
async function claimSlot(
  trx: Database,
  workspaceId: number,
  type: repo.BookingTypeRow,
  start: Date,
  except?: number,
) {
  const locked = await repo.lockAvailability(trx, workspaceId, type.ownerId);
  if (!locked) throw notOffered();
  const hours = repo.toAvailability(locked, 'UTC');
  const availability = repo.availabilityRules(hours);
  const rules = rulesOf(type);
  const end = new Date(start.getTime() + rules.durationMinutes * 60_000);
  const open = { availability, rules, now: new Date(), busy: [], bookedStarts: [] };
  if (!isFreeSlot(open, start)) throw notOffered();
  const taken = await takenAround(trx, workspaceId, type, { start, end }, except);
  if (!isFreeSlot({ ...open, ...taken }, start)) throw slotTaken();
  return { end, blocks: blockStarts(occupiedRange(start, end, rules)), ownerZone: hours.timezone };
}

/** A block another booking holds (a race the lock did not order: another server's pool). */
async function refusingOverlap<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slotTaken();
    throw error;
  }
}

/** Cancels a live booking: frees its blocks, raises its sequence, tells both sides. */
async function cancelIn(
  services: Services,
  workspaceId: number,
  find: (trx: Database) => Promise<repo.BookingRow | undefined>,
  by: 'owner' | 'visitor',
  reason: string | null,
  check?: (row: repo.BookingRow) => void,
) {
  return services.db.transaction().execute(async (trx) => {
    const row = await find(trx);
    if (!row) throw bookingNotFound();
    check?.(row);
    if (row.status === 'cancelled')
      throw new TRPCError({ code: 'CONFLICT', message: 'This booking is already cancelled' });
    await repo.markCancelled(trx, workspaceId, row.id, by, reason);
    await repo.freeBlocks(trx, workspaceId, row.id);
    const updated = (await repo.findBooking(trx, workspaceId, row.id))!;
    await queueBookingEmails(trx, services.jobs, workspaceId, updated, 'cancelled');
    return updated;
  });
}

/** Moves a live booking to another free slot of its type, blocks and all, in one transaction. */
async function rescheduleIn(
  services: Services,
  workspaceId: number,
  find: (trx: Database) => Promise<repo.BookingRow | undefined>,
  start: Date,
  check?: (row: repo.BookingRow) => void,
) {
  return refusingOverlap(() =>
    services.db.transaction().execute(async (trx) => {
      const row = await find(trx);
      if (!row) throw bookingNotFound();
      check?.(row);
      if (row.status === 'cancelled')
        throw new TRPCError({ code: 'CONFLICT', message: 'A cancelled booking cannot be moved' });
      const type =
        row.typeId === null ? undefined : await repo.findBookingType(trx, workspaceId, row.typeId);
      if (!type)
        throw new TRPCError({
          code: 'CONFLICT',
          message: 'Its booking type was deleted: cancel this booking and book again',
        });
      const { end, blocks } = await claimSlot(trx, workspaceId, type, start, row.id);
      await repo.freeBlocks(trx, workspaceId, row.id);
      await repo.moveBooking(trx, workspaceId, row.id, start, end);
      await repo.insertBlocks(trx, workspaceId, row.ownerId, row.id, blocks);
      const updated = (await repo.findBooking(trx, workspaceId, row.id))!;
      await queueBookingEmails(trx, services.jobs, workspaceId, updated, 'rescheduled');
      return updated;
    }),
  );
}

// Bookings: the workspace side

export async function listBookings(scope: Scope, query: BookingListQuery) {
  const rows = await repo.listBookings(scope.db, scope.workspace.id, query);
  return rows.map(repo.toBooking);
}

export async function cancelBooking(scope: Scope, id: number, reason: string | undefined) {
  const ws = scope.workspace.id;
  const row = await cancelIn(
    scope,
    ws,
    (trx) => repo.findBooking(trx, ws, id, true),
    'owner',
    reason ?? null,
    (b) => assertManages(scope, b.ownerId),
  );
  return repo.toBooking(row);
}

export async function rescheduleBooking(scope: Scope, id: number, start: string) {
  const ws = scope.workspace.id;
  const row = await rescheduleIn(
    scope,
    ws,
    (trx) => repo.findBooking(trx, ws, id, true),
    new Date(start),
    (b) => assertManages(scope, b.ownerId),
  );
  return repo.toBooking(row);
}

// The public booking page

/** `{workspaceId}-{slug}`: an active type of an open workspace whose owner is still a member. */
async function publicType(db: Database, publicSlug: string) {
  const match = /^([1-9]\d{0,9})-(.+)$/.exec(publicSlug);
  if (!match) throw pageNotFound();
  const workspaceId = Number(match[1]);
  if (workspaceId > 2_147_483_647 || !(await repo.workspaceOpen(db, workspaceId)))
    throw pageNotFound();
  const type = await repo.findBookingTypeBySlug(db, workspaceId, match[2]!);
  if (!type || !type.active) throw pageNotFound();
  const member = await db
    .selectFrom('userWorkspaces')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', type.ownerId)
    .where('isActive', '=', true)
    .executeTakeFirst();
  if (!member) throw pageNotFound();
  return { workspaceId, type };
}

/** For the page route: whether `/book/{slug}` shows a type, and whether it may be indexed. */
export async function bookingPageStatus(db: Database, publicSlug: string) {
  try {
    const { type } = await publicType(db, publicSlug);
    return { found: true, allowIndexing: type.allowIndexing };
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'NOT_FOUND')
      return { found: false, allowIndexing: false };
    throw error;
  }
}

function publicTypeOf(type: repo.BookingTypeRow) {
  return {
    slug: repo.publicSlugOf(type.workspaceId, type.slug),
    name: type.name,
    ownerName: type.ownerName,
    durationMinutes: type.durationMinutes,
    location: type.location,
    description: type.description,
    questions: type.questions as { key: string; label: string; required: boolean }[],
    allowIndexing: type.allowIndexing,
  };
}

export async function publicSlots(
  db: Database,
  input: { slug: string; from: string; to: string; timezone: string },
) {
  const { workspaceId, type } = await publicType(db, input.slug);
  const row = await repo.findAvailability(db, workspaceId, type.ownerId);
  const publicType_ = publicTypeOf(type);
  if (!row) return { type: publicType_, timezone: input.timezone, slots: [] };
  const availability = repo.availabilityRules(repo.toAvailability(row, 'UTC'));
  const window = {
    start: new Date(`${input.from}T00:00:00Z`),
    end: new Date(`${input.to}T23:59:59Z`),
  };
  const taken = await takenAround(db, workspaceId, type, window);
  const slots = freeSlots({
    availability,
    rules: rulesOf(type),
    ...taken,
    now: new Date(),
    from: input.from,
    to: input.to,
    timezone: input.timezone,
  });
  return { type: publicType_, timezone: input.timezone, slots };
}

function checkAnswers(type: repo.BookingTypeRow, answers: Record<string, string>) {
  const questions = type.questions as { key: string; label: string; required: boolean }[];
  const known = new Set(questions.map((q) => q.key));
  const unknown = Object.keys(answers).find((key) => !known.has(key));
  if (unknown)
    throw new TRPCError({ code: 'BAD_REQUEST', message: `There is no question "${unknown}"` });
  const missing = questions.find((q) => q.required && !answers[q.key]?.trim());
  if (missing)
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${missing.label} is required` });
}

function toPublicBooking(
  row: repo.BookingRow,
  ownerName: string,
  slug: string | null,
): PublicBooking {
  return {
    uid: row.uid,
    status: row.status as PublicBooking['status'],
    title: row.title,
    ownerName,
    location: row.location,
    start: isoIn(row.startAt, row.visitorTimezone),
    end: isoIn(row.endAt, row.visitorTimezone),
    timezone: row.visitorTimezone,
    name: row.visitorName,
    email: row.visitorEmail,
    slug,
    cancelReason: row.cancelReason,
  };
}

/**
 * A visitor's booking: the slot claimed, the contact found or made by email, a deal when
 * the type makes one, the booking and its blocks, and both emails queued, all or nothing.
 */
export async function bookPublic(services: Services, input: PublicBookingInput) {
  const { workspaceId, type } = await publicType(services.db, input.slug);
  checkAnswers(type, input.answers);
  const start = new Date(input.start);
  const uid = `${randomUUID()}@keel`;
  const token = manageTokenOf(services.config.sessionSecret, workspaceId, uid);
  const row = await refusingOverlap(() =>
    services.db.transaction().execute(async (trx) => {
      const { end, blocks, ownerZone } = await claimSlot(trx, workspaceId, type, start);
      const contact = await upsertContactByEmail(trx, workspaceId, {
        email: input.email,
        fullName: input.name,
        assignedUserId: type.ownerId,
      });
      const dealId =
        type.dealStage === null
          ? null
          : await insertLead(trx, workspaceId, {
              dealName: `${type.name}: ${input.name}`,
              personId: contact.id,
              stage: type.dealStage,
              value: type.dealValue === null ? '0' : String(type.dealValue),
              assignedUserId: type.ownerId,
              // The owner reads the deal: the time in their zone, in words.
              description: `Booked on the booking page for ${whenIn(start, ownerZone)}.`,
            });
      const id = await repo.insertBooking(trx, workspaceId, {
        typeId: type.id,
        ownerId: type.ownerId,
        title: type.name,
        location: type.location,
        startAt: start,
        endAt: end,
        bufferBeforeMinutes: type.bufferBeforeMinutes,
        bufferAfterMinutes: type.bufferAfterMinutes,
        visitorName: input.name,
        visitorEmail: input.email,
        visitorTimezone: input.timezone,
        answers: input.answers,
        uid,
        manageTokenHash: hashToken(token),
        contactId: contact.id,
        dealId,
      });
      await repo.insertBlocks(trx, workspaceId, type.ownerId, id, blocks);
      const booking = (await repo.findBooking(trx, workspaceId, id))!;
      await queueBookingEmails(trx, services.jobs, workspaceId, booking, 'booked');
      return booking;
    }),
  );
  return {
    booking: toPublicBooking(row, type.ownerName, repo.publicSlugOf(workspaceId, type.slug)),
    manageUrl: manageUrl(services.config.appUrl, token),
  };
}

/** A visitor changes a meeting only before it starts; afterwards the owner does. */
function notStarted(row: repo.BookingRow) {
  if (row.status === 'booked' && row.startAt.getTime() <= Date.now())
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'This meeting has already started; contact the organizer to change it',
    });
}

/** The booking a manage token opens, scoped to the workspace the token names. */
function byToken(token: string) {
  const workspaceId = workspaceOfToken(token);
  if (workspaceId === null) throw bookingNotFound();
  const hash = hashToken(token);
  return {
    workspaceId,
    find: (db: Database, lock = false) => repo.findBookingByTokenHash(db, workspaceId, hash, lock),
  };
}

async function publicView(db: Database, workspaceId: number, row: repo.BookingRow) {
  const owner = await repo.userName(db, row.ownerId);
  const type =
    row.typeId === null ? undefined : await repo.findBookingType(db, workspaceId, row.typeId);
  const slug = type?.active ? repo.publicSlugOf(workspaceId, type.slug) : null;
  return toPublicBooking(row, owner.fullName, slug);
}

export async function readPublicBooking(db: Database, token: string) {
  const { workspaceId, find } = byToken(token);
  if (!(await repo.workspaceOpen(db, workspaceId))) throw bookingNotFound();
  const row = await find(db);
  if (!row) throw bookingNotFound();
  return publicView(db, workspaceId, row);
}

/** For the page route: whether a manage link opens a booking (the page reads the rest). */
export async function managePageFound(db: Database, token: string) {
  const workspaceId = workspaceOfToken(token);
  // Past an integer column's range no workspace has that number (PostgreSQL would refuse it).
  if (workspaceId === null || workspaceId > 2_147_483_647) return false;
  const { find } = byToken(token);
  return (await repo.workspaceOpen(db, workspaceId)) && Boolean(await find(db));
}

export async function cancelPublic(services: Services, token: string, reason: string | undefined) {
  const { workspaceId, find } = byToken(token);
  if (!(await repo.workspaceOpen(services.db, workspaceId))) throw bookingNotFound();
  const row = await cancelIn(
    services,
    workspaceId,
    (trx) => find(trx, true),
    'visitor',
    reason ?? null,
    notStarted,
  );
  return publicView(services.db, workspaceId, row);
}

export async function reschedulePublic(services: Services, token: string, start: string) {
  const { workspaceId, find } = byToken(token);
  if (!(await repo.workspaceOpen(services.db, workspaceId))) throw bookingNotFound();
  const row = await rescheduleIn(
    services,
    workspaceId,
    (trx) => find(trx, true),
    new Date(start),
    notStarted,
  );
  return publicView(services.db, workspaceId, row);
}

// Calendar feeds

export async function createFeed(scope: Scope) {
  const token = newFeedToken(scope.workspace.id);
  await repo.replaceFeed(scope.db, scope.workspace.id, scope.user.id, hashToken(token));
  return { url: feedUrl(scope.config.appUrl, token) };
}

export async function feedStatus(scope: Scope) {
  const feed = await repo.findFeed(scope.db, scope.workspace.id, scope.user.id);
  return {
    active: feed !== undefined,
    createdAt: feed ? new Date(feed.createdAt).toISOString() : null,
  };
}

export async function deleteFeed(scope: Scope) {
  await repo.deleteFeed(scope.db, scope.workspace.id, scope.user.id);
  return { success: true as const };
}

export async function feedText(db: Database, token: string) {
  const workspaceId = workspaceOfToken(token);
  const notFound = new TRPCError({ code: 'NOT_FOUND', message: 'Calendar feed not found' });
  if (workspaceId === null) throw notFound;
  const member = await repo.findFeedMember(db, workspaceId, hashToken(token));
  if (!member) throw notFound;
  const owner = await repo.userName(db, member.userId);
  const bookings = await repo.feedBookings(db, workspaceId, member.userId);
  return feedCalendar(`${member.workspaceName}: bookings`, bookings, {
    name: owner.fullName,
    email: owner.email,
  });
}

export type { BookingEvent };
