import { defineRestRoutes, type Responder } from '../../plugins/rest-adapter.ts';

/** A calendar feed as `text/calendar`, for calendar applications to subscribe to. */
const asCalendar: Responder = {
  send(result: string, reply) {
    reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="bookings.ics"')
      .header('cache-control', 'private, no-store');
    return result;
  },
  document: () => ({
    content: {
      'text/calendar': {
        schema: { type: 'string', description: 'An iCalendar (RFC 5545) file of VEVENTs.' },
      },
    },
  }),
};

const TYPE = 'the booking type is not of this workspace';
const BOOKING = 'the booking is not of this workspace';
const NOT_YOURS =
  "the type or booking is another member's (owners, administrators and partners change anyone's)";
const TAKEN =
  'the time was just taken (another booking of the same person, buffers included, or the daily maximum reached): "This time was just taken"';
const PAGE = 'no active booking type of an open workspace has this link';
const MANAGE = 'the manage link opens no booking';

export const schedulingRestRoutes = defineRestRoutes(
  {
    name: 'Scheduling',
    description:
      "Booking types (a duration, buffers, minimum notice, how far ahead, a daily maximum, questions, optionally a deal per booking), each member's weekly availability in their time zone with date overrides, and bookings. A public booking page `/book/{workspaceId}-{slug}` offers the free slots in the visitor's time zone; a booking makes or updates the contact by email, a deal when the type says so, and emails both sides an iCalendar invitation with a private link to reschedule or cancel (same UID, higher SEQUENCE). Two bookings of one person never overlap, buffers included: the database refuses the second (409), however close together they come. A member may subscribe to their bookings through a private feed URL. Public paths take no session, are rate limited per address and answer `X-Robots-Tag: noindex`.",
  },
  [
    {
      method: 'GET',
      path: '/api/booking-types',
      procedure: 'bookingTypes.list',
      summary: 'List booking types',
      description: 'Every booking type of the workspace, by name, with its public link.',
    },
    {
      method: 'POST',
      path: '/api/booking-types',
      procedure: 'bookingTypes.create',
      summary: 'Add a booking type',
      description:
        'Owned by the caller: its slots come from their availability. The slug is made from the name when left out; `deal.stageId` makes a deal for each booking.',
      status: 201,
      refusals: {
        404: 'the deal stage is not of this workspace',
        409: 'another type has this slug',
      },
    },
    {
      method: 'GET',
      path: '/api/booking-types/{id}',
      procedure: 'bookingTypes.get',
      summary: 'Read a booking type',
      refusals: { 404: TYPE },
    },
    {
      method: 'PUT',
      path: '/api/booking-types/{id}',
      procedure: 'bookingTypes.update',
      summary: 'Update a booking type',
      description: 'Only the fields sent change; bookings already made keep their times.',
      refusals: { 403: NOT_YOURS, 404: TYPE, 409: 'another type has this slug' },
    },
    {
      method: 'DELETE',
      path: '/api/booking-types/{id}',
      procedure: 'bookingTypes.delete',
      summary: 'Delete a booking type',
      description: 'Its page stops answering; its bookings stay, without a type.',
      refusals: { 403: NOT_YOURS, 404: TYPE },
    },
    {
      method: 'GET',
      path: '/api/availability',
      procedure: 'scheduling.availability',
      summary: "Read the caller's availability",
      description:
        'Weekly hours per weekday (`mon`…`sun`, wall-clock `HH:mm` in `timezone`), and date overrides (an empty list is a day off; intervals replace the day). `updatedAt` is null until saved: no slot is offered before.',
    },
    {
      method: 'PUT',
      path: '/api/availability',
      procedure: 'scheduling.saveAvailability',
      summary: "Set the caller's availability",
      description: 'Replaces it whole. Bookings already made stay.',
    },
    {
      method: 'GET',
      path: '/api/bookings',
      procedure: 'scheduling.bookings',
      summary: 'List bookings',
      description:
        'The bookings of the workspace whose time meets `from`…`to` (UTC dates, both included), by start; at most 1,000.',
    },
    {
      method: 'POST',
      path: '/api/bookings/{id}/cancel',
      procedure: 'scheduling.cancelBooking',
      summary: 'Cancel a booking',
      description:
        'Frees its time and emails both sides a cancellation (METHOD:CANCEL, same UID, higher SEQUENCE) with the reason.',
      refusals: { 403: NOT_YOURS, 404: BOOKING, 409: 'the booking is already cancelled' },
    },
    {
      method: 'POST',
      path: '/api/bookings/{id}/reschedule',
      procedure: 'scheduling.rescheduleBooking',
      summary: 'Move a booking',
      description:
        'To another free slot of its type (`start`, ISO 8601 with an offset), in one transaction; both sides get the updated invitation.',
      refusals: { 403: NOT_YOURS, 404: BOOKING, 409: `${TAKEN}; or the booking is cancelled` },
    },
    {
      method: 'GET',
      path: '/api/calendar-feed',
      procedure: 'scheduling.feedStatus',
      summary: "Whether the caller's private calendar feed is on",
      description:
        'Answers `{active, createdAt}`: the URL itself was shown once, when it was made, and is not kept.',
    },
    {
      method: 'POST',
      path: '/api/calendar-feed',
      procedure: 'scheduling.createFeed',
      summary: "Make the caller's private calendar feed URL",
      description:
        'The URL holds its secret: shown this once, only its hash is kept. A new one ends the old.',
    },
    {
      method: 'DELETE',
      path: '/api/calendar-feed',
      procedure: 'scheduling.deleteFeed',
      summary: "Revoke the caller's calendar feed",
    },
    {
      method: 'GET',
      path: '/api/calendar-feed/{token}.ics',
      procedure: 'scheduling.feed',
      summary: "A member's bookings as an iCalendar feed",
      description:
        'From 30 days back to a year ahead; cancelled ones marked CANCELLED. The token is the only credential.',
      respond: asCalendar,
      refusals: { 404: 'the feed is unknown or revoked, or its member left the workspace' },
    },
    {
      method: 'GET',
      path: '/api/public/booking/{slug}',
      procedure: 'scheduling.publicSlots',
      summary: 'Read a booking page and its free slots',
      description:
        "`slug` is `{workspaceId}-{slug}`. The type and its free slots whose start falls on the visitor's dates `from`…`to` (at most 62 days) in `timezone`, as ISO instants with that zone's offset. Never other bookings.",
      refusals: { 404: PAGE },
    },
    {
      method: 'POST',
      path: '/api/public/booking/{slug}/bookings',
      procedure: 'scheduling.publicBook',
      summary: 'Book a slot',
      description:
        "`start` must be one of the page's free slots. Makes or updates the contact by email, a deal when the type says so, and emails both sides the invitation. Answers the booking and its private manage link.",
      status: 201,
      refusals: { 404: PAGE, 409: TAKEN },
    },
    {
      method: 'GET',
      path: '/api/public/bookings/{token}',
      procedure: 'scheduling.publicBooking',
      summary: 'Read a booking through its manage link',
      refusals: { 404: MANAGE },
    },
    {
      method: 'POST',
      path: '/api/public/bookings/{token}/cancel',
      procedure: 'scheduling.publicCancel',
      summary: 'Cancel a booking through its manage link',
      refusals: { 404: MANAGE, 409: 'the booking is already cancelled' },
    },
    {
      method: 'POST',
      path: '/api/public/bookings/{token}/reschedule',
      procedure: 'scheduling.publicReschedule',
      summary: 'Move a booking through its manage link',
      refusals: { 404: MANAGE, 409: `${TAKEN}; or the booking is cancelled` },
    },
  ],
);
