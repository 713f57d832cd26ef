import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import {
  AvailabilityInputSchema,
  AvailabilitySchema,
  BookingListQuerySchema,
  BookingSchema,
  BookingTypeInputSchema,
  BookingTypeSchema,
  BookingTypeUpdateSchema,
  CalendarFeedSchema,
  CalendarFeedStatusSchema,
  CalendarFeedTokenSchema,
  CancelBookingSchema,
  ManageTokenInputSchema,
  PublicBookingCreatedSchema,
  PublicBookingInputSchema,
  PublicBookingSchema,
  PublicCancelSchema,
  PublicRescheduleSchema,
  PublicSlotsQuerySchema,
  PublicSlotsSchema,
  RescheduleBookingSchema,
} from '../../../shared/scheduling.schema.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { hitRateLimit, tooManyAttempts } from '../../plugins/rate-limit.ts';
import { publicProcedure, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowProcedures } from '../../trpc/row-procedures.ts';
import * as scheduling from './scheduling.service.ts';

/**
 * A call of a public booking page or manage link, with no Keel account and no session:
 * counted per client address before anything is looked up (PORTAL_RATE_LIMIT, the public
 * pages' shared limit), and never indexed (the page itself decides, from allowIndexing).
 */
const bookingPageProcedure = publicProcedure
  .use(async ({ ctx, next }) => {
    void ctx.reply.header('x-robots-tag', 'noindex, nofollow');
    void ctx.reply.header('cache-control', 'no-store');
    const hit = await hitRateLimit(ctx.db, {
      key: `booking:${ctx.req.ip}`,
      limit: ctx.config.portalRateLimit,
      windowSeconds: 60,
    });
    if (!hit.allowed) throw tooManyAttempts(ctx.reply, hit.retryAfterSeconds);
    return next();
  })
  .meta({ rateLimited: true });

export const bookingTypesRouter = router({
  list: workspaceProcedure
    .output(z.array(BookingTypeSchema))
    .query(({ ctx }) => scheduling.listTypes(ctx)),
  get: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .output(BookingTypeSchema)
    .query(({ ctx, input }) => scheduling.readType(ctx, input.id)),
  // Every member offers their own times; managers may change anyone's (the service checks).
  ...rowProcedures(
    workspaceProcedure,
    { input: BookingTypeInputSchema, update: BookingTypeUpdateSchema, output: BookingTypeSchema },
    { create: scheduling.createType, update: scheduling.updateType, remove: scheduling.deleteType },
  ),
});

export const schedulingRouter = router({
  availability: workspaceProcedure
    .output(AvailabilitySchema)
    .query(({ ctx }) => scheduling.readAvailability(ctx)),
  saveAvailability: workspaceProcedure
    .input(AvailabilityInputSchema)
    .output(AvailabilitySchema)
    .mutation(({ ctx, input }) => scheduling.saveAvailability(ctx, input)),
  bookings: workspaceProcedure
    .input(BookingListQuerySchema.prefault({}))
    .output(z.array(BookingSchema))
    .query(({ ctx, input }) => scheduling.listBookings(ctx, input)),
  cancelBooking: workspaceProcedure
    .input(CancelBookingSchema)
    .output(BookingSchema)
    .mutation(({ ctx, input }) => scheduling.cancelBooking(ctx, input.id, input.reason)),
  rescheduleBooking: workspaceProcedure
    .input(RescheduleBookingSchema)
    .output(BookingSchema)
    .mutation(({ ctx, input }) => scheduling.rescheduleBooking(ctx, input.id, input.start)),
  feedStatus: workspaceProcedure
    .output(CalendarFeedStatusSchema)
    .query(({ ctx }) => scheduling.feedStatus(ctx)),
  createFeed: workspaceProcedure
    .output(CalendarFeedSchema)
    .mutation(({ ctx }) => scheduling.createFeed(ctx)),
  deleteFeed: workspaceProcedure
    .output(SuccessSchema)
    .mutation(({ ctx }) => scheduling.deleteFeed(ctx)),
  /** The feed's secret is its only credential (calendar applications send no cookie). */
  feed: bookingPageProcedure
    .input(CalendarFeedTokenSchema)
    .output(z.string())
    .query(({ ctx, input }) => scheduling.feedText(ctx.db, input.token)),

  // The public side.
  publicSlots: bookingPageProcedure
    .input(PublicSlotsQuerySchema)
    .output(PublicSlotsSchema)
    .query(({ ctx, input }) => scheduling.publicSlots(ctx.db, input)),
  publicBook: bookingPageProcedure
    .input(PublicBookingInputSchema)
    .output(PublicBookingCreatedSchema)
    .mutation(({ ctx, input }) => scheduling.bookPublic(ctx, input)),
  publicBooking: bookingPageProcedure
    .input(ManageTokenInputSchema)
    .output(PublicBookingSchema)
    .query(({ ctx, input }) => scheduling.readPublicBooking(ctx.db, input.token)),
  publicCancel: bookingPageProcedure
    .input(PublicCancelSchema)
    .output(PublicBookingSchema)
    .mutation(({ ctx, input }) => scheduling.cancelPublic(ctx, input.token, input.reason)),
  publicReschedule: bookingPageProcedure
    .input(PublicRescheduleSchema)
    .output(PublicBookingSchema)
    .mutation(({ ctx, input }) => scheduling.reschedulePublic(ctx, input.token, input.start)),
});
