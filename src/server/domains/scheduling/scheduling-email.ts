import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { Database } from '../../db/create-db.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { AppQueue, AppServices } from '../../trpc/context.ts';
import type { BookingRow } from './scheduling.repository.ts';
import * as repo from './scheduling.repository.ts';
import { manageTokenOf, manageUrl } from './scheduling-links.ts';
import { isoIn } from './slots.ts';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/*
 * A booking's emails: the visitor and the owner each get the news with an iCalendar
 * invitation. One UID per booking for its whole life; every change raises SEQUENCE, so a
 * calendar replaces the event on a reschedule (METHOD:REQUEST) and removes it on a cancel
 * (METHOD:CANCEL). Sent by a job queued in the booking's transaction: no email for a
 * booking that rolled back, none lost for one that committed.
 */

export const BOOKING_EMAIL_QUEUE = 'booking-emails';

export type BookingEvent = 'booked' | 'rescheduled' | 'cancelled';

export interface BookingEmailJob {
  workspaceId: number;
  bookingId: number;
  event: BookingEvent;
  /** What the booking was when this change was made: a later change sends its own. */
  sequence: number;
  start: string;
  end: string;
}

/** Queues the emails of a change, in the caller's transaction. */
export async function queueBookingEmails(
  trx: Database,
  jobs: Jobs,
  workspaceId: number,
  booking: { id: number; sequence: number; startAt: Date; endAt: Date },
  event: BookingEvent,
) {
  const data: BookingEmailJob = {
    workspaceId,
    bookingId: booking.id,
    event,
    sequence: booking.sequence,
    start: booking.startAt.toISOString(),
    end: booking.endAt.toISOString(),
  };
  await jobs.send(BOOKING_EMAIL_QUEUE, data, { db: trx });
}

export interface InvitationFacts {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
}

/** An iCalendar invitation (UTC instants: right in every zone a calendar shows it in). */
export function invitation(facts: InvitationFacts): string {
  const calendar = ical({
    prodId: { company: 'Keel', product: 'Scheduling', language: 'EN' },
    method: facts.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: facts.uid,
    sequence: facts.sequence,
    start: facts.start,
    end: facts.end,
    summary: facts.summary,
    location: facts.location,
    description: facts.description,
    organizer: facts.organizer,
    attendees: [
      {
        name: facts.attendee.name,
        email: facts.attendee.email,
        role: ICalAttendeeRole.REQ,
        status:
          facts.method === 'CANCEL' ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
      },
    ],
    status: facts.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}

/** A member's private feed: their bookings, cancelled ones marked so calendars drop them. */
export function feedCalendar(
  name: string,
  bookings: BookingRow[],
  owner: { name: string; email: string },
): string {
  const calendar = ical({
    name,
    prodId: { company: 'Keel', product: 'Scheduling', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
  });
  for (const b of bookings) {
    calendar.createEvent({
      id: b.uid,
      sequence: b.sequence,
      start: b.startAt,
      end: b.endAt,
      summary: `${b.title}: ${b.visitorName}`,
      location: b.location,
      description: `${b.visitorName} <${b.visitorEmail}>`,
      organizer: owner,
      status: b.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** `Wednesday 2 December 2026, 09:00 (Europe/Berlin)`. */
export const whenIn = (instant: Date, zone: string) =>
  `${format(new TZDate(instant.getTime(), zone), 'EEEE d MMMM yyyy, HH:mm')} (${zone})`;

const SUBJECTS: Record<BookingEvent, string> = {
  booked: 'Booked',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
};

/** Sends the visitor's and the owner's email of one change. */
export async function deliverBookingEmails(
  services: Pick<AppServices, 'db' | 'mailer' | 'config'>,
  job: BookingEmailJob,
) {
  const { db, mailer, config } = services;
  const booking = await repo.findBooking(db, job.workspaceId, job.bookingId);
  if (!booking) return; // Deleted with its workspace or owner: nobody to tell.
  const owner = await repo.userName(db, booking.ownerId);
  const ownerAvailability = await repo.findAvailability(db, job.workspaceId, booking.ownerId);
  const ownerZone = ownerAvailability?.timezone ?? booking.visitorTimezone;
  const start = new Date(job.start);
  const end = new Date(job.end);
  const cancelled = job.event === 'cancelled';
  const ics = invitation({
    uid: booking.uid,
    sequence: job.sequence,
    method: cancelled ? 'CANCEL' : 'REQUEST',
    start,
    end,
    summary: `${booking.title}: ${owner.fullName} and ${booking.visitorName}`,
    location: booking.location,
    description: booking.location ? `Where: ${booking.location}` : booking.title,
    organizer: { name: owner.fullName, email: owner.email },
    attendee: { name: booking.visitorName, email: booking.visitorEmail },
  });
  const attachment = {
    filename: cancelled ? 'cancel.ics' : 'invite.ics',
    content: new TextEncoder().encode(ics),
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'REQUEST'}`,
  };
  const link = manageUrl(
    config.appUrl,
    manageTokenOf(config.sessionSecret, job.workspaceId, booking.uid),
  );
  const subject = `${SUBJECTS[job.event]}: ${booking.title} with`;
  const reason = cancelled && booking.cancelReason ? [`Reason: ${booking.cancelReason}`, ''] : [];

  await mailer.send({
    to: booking.visitorEmail,
    subject: `${subject} ${owner.fullName}`,
    replyTo: owner.email,
    messageId: `<booking-${booking.uid}-${job.sequence}-visitor@keel>`,
    text: [
      `Hello ${booking.visitorName},`,
      '',
      cancelled
        ? `Your ${booking.title} with ${owner.fullName} on ${whenIn(start, booking.visitorTimezone)} is cancelled.`
        : `Your ${booking.title} with ${owner.fullName} is on ${whenIn(start, booking.visitorTimezone)}, until ${isoIn(end, booking.visitorTimezone).slice(11, 16)}.`,
      ...(booking.location ? [`Where: ${booking.location}`] : []),
      '',
      ...reason,
      ...(cancelled ? [] : ['To reschedule or cancel:', link]),
    ].join('\n'),
    attachments: [attachment],
  });
  await mailer.send({
    to: owner.email,
    subject: `${subject} ${booking.visitorName}`,
    replyTo: booking.visitorEmail,
    messageId: `<booking-${booking.uid}-${job.sequence}-owner@keel>`,
    text: [
      cancelled
        ? `${booking.title} with ${booking.visitorName} <${booking.visitorEmail}> on ${whenIn(start, ownerZone)} is cancelled.`
        : `${booking.visitorName} <${booking.visitorEmail}> ${job.event === 'booked' ? 'booked' : 'moved'} ${booking.title} to ${whenIn(start, ownerZone)}.`,
      ...reason,
      ...Object.entries(booking.answers as Record<string, string>).map(([k, v]) => `${k}: ${v}`),
    ].join('\n'),
    attachments: [attachment],
  });
}

/** Retried with backoff while the mail server refuses; the Message-IDs keep a retry from doubling. */
export const bookingEmailQueue: AppQueue<BookingEmailJob> = {
  name: BOOKING_EMAIL_QUEUE,
  retryLimit: 4,
  retryDelaySeconds: 30,
  async handle(services, data) {
    await deliverBookingEmails(services, data);
  },
};
