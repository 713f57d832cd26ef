import { createHmac, randomBytes } from 'node:crypto';
import { scopedToken } from '../../db/tenancy.ts';

/*
 * The secrets of scheduling's public links: a booking's manage link and a member's calendar
 * feed. Each token names its workspace before a dot (`{workspaceId}.{random}`), so a lookup
 * is always scoped to one workspace, and only the SHA-256 of the whole token is stored.
 *
 * A manage token is an HMAC of the booking's random UID under the server secret: the
 * emails, sent later by a job, write the same link the visitor was shown without the
 * token ever being stored (not in the bookings table, nor in the job's data). A leaked
 * database alone opens no booking.
 */

export { workspaceOfToken } from '../../db/tenancy.ts';

export function manageTokenOf(secret: string, workspaceId: number, uid: string): string {
  const mac = createHmac('sha256', secret).update(`keel:booking-manage:${uid}`).digest('base64url');
  return scopedToken(workspaceId, mac);
}

export function newFeedToken(workspaceId: number): string {
  return scopedToken(workspaceId, randomBytes(32).toString('base64url'));
}

const base = (appUrl: string) => appUrl.replace(/\/+$/, '');

/** The visitor's private page to reschedule or cancel (the public client's route). */
export const manageUrl = (appUrl: string, token: string) => `${base(appUrl)}/book/manage/${token}`;

export const feedUrl = (appUrl: string, token: string) =>
  `${base(appUrl)}/api/calendar-feed/${token}.ics`;
