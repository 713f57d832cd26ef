import { z } from 'zod';
import { TimezoneSchema } from './business.schema.ts';
import { IdSchema } from './ids.ts';
import { decimalSchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

/*
 * Scheduling (issue 44): booking types, a member's weekly availability, bookings, and the
 * public booking page's calls. Times of day are wall-clock "HH:mm" in the owner's zone;
 * instants travel as ISO 8601 strings.
 */

export const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The refusal of a slot someone else took first (409), as the public page shows it. */
export const SLOT_TAKEN = 'This time was just taken. Please choose another time.';
export const SLOT_NOT_OFFERED = 'This time is not available. Please choose another time.';
export const BOOKING_TYPE_NOT_FOUND = 'Booking type not found';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const BOOKING_PAGE_NOT_FOUND = 'This booking page does not exist';
export const SLUG_TAKEN = 'Another booking type of the workspace has this link';

/** Most days one slots request may cover: a month's view with a few days around it. */
export const MAX_SLOT_RANGE_DAYS = 62;

const timeOfDay = z
  .string()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Times look like 09:00 (24:00 ends a day)');

export const TimeIntervalSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((i) => i.end > i.start, {
    message: 'An interval must end after it starts',
    path: ['end'],
  });

/** A day's intervals: at most 12, each ending before the next starts. */
const intervals = z
  .array(TimeIntervalSchema)
  .max(12, 'At most 12 intervals a day')
  .superRefine((list, ctx) => {
    const sorted = [...list].sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.start < sorted[i - 1]!.end) {
        ctx.addIssue({ code: 'custom', message: 'Intervals of a day must not overlap' });
        return;
      }
    }
  });

const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates look like 2026-05-04')
  .refine((d) => {
    const date = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(d);
  }, 'Not a calendar date');

const weeklyShape = Object.fromEntries(WEEKDAY_KEYS.map((day) => [day, intervals.default([])])) as {
  [K in (typeof WEEKDAY_KEYS)[number]]: z.ZodDefault<typeof intervals>;
};

export const AvailabilityInputSchema = z.object({
  timezone: TimezoneSchema,
  weekly: z.object(weeklyShape).prefault({}),
  overrides: z
    .array(z.object({ date: calendarDate, intervals }))
    .max(400, 'At most 400 date overrides')
    .superRefine((list, ctx) => {
      const dates = list.map((o) => o.date);
      if (new Set(dates).size !== dates.length)
        ctx.addIssue({ code: 'custom', message: 'A date may have one override' });
    })
    .default([]),
});
export type AvailabilityInput = z.infer<typeof AvailabilityInputSchema>;

const intervalsOut = z.array(z.object({ start: z.string(), end: z.string() }));
export const AvailabilitySchema = z.object({
  timezone: z.string(),
  weekly: z.object(
    Object.fromEntries(WEEKDAY_KEYS.map((day) => [day, intervalsOut])) as {
      [K in (typeof WEEKDAY_KEYS)[number]]: typeof intervalsOut;
    },
  ),
  overrides: z.array(z.object({ date: z.string(), intervals: intervalsOut })),
  /** Null until the member saves their hours (then no slot is offered). */
  updatedAt: z.string().nullable(),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export const BookingQuestionSchema = z.object({
  key: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'A question key looks like company_size'),
  label: singleLine('Question').trim().min(1, 'A question needs a label').max(200),
  required: z.boolean().default(false),
});

const minutes = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} must be at least 0`)
    .max(max, `${label} must be at most ${max}`);

const bookingTypeFields = z.object({
  name: singleLine('Name', { error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be less than 200 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A link looks like intro-call')
    .max(80)
    .optional()
    .meta({ description: 'Made from the name when left out; unique in the workspace.' }),
  durationMinutes: minutes('Duration', 720).min(5, 'Duration must be at least 5 minutes'),
  bufferBeforeMinutes: minutes('Buffer before', 720).default(0),
  bufferAfterMinutes: minutes('Buffer after', 720).default(0),
  minNoticeMinutes: minutes('Minimum notice', 525_600).default(0),
  maxDaysAhead: z
    .number()
    .int()
    .min(0, 'How far ahead must be at least 0 days')
    .max(730, 'How far ahead must be at most 730 days')
    .default(60),
  maxPerDay: z
    .number()
    .int()
    .min(1, 'Maximum per day must be at least 1')
    .max(100)
    .nullable()
    .default(null),
  location: z.string().trim().max(500).nullable().default(null),
  description: z.string().trim().max(5000).nullable().default(null),
  questions: z
    .array(BookingQuestionSchema)
    .max(20, 'At most 20 questions')
    .refine((qs) => new Set(qs.map((q) => q.key)).size === qs.length, 'Question keys must differ')
    .default([]),
  /** A deal for each booking, in this stage of the pipeline, assigned to the type's owner. */
  deal: z
    .object({
      stageId: IdSchema,
      value: decimalSchema('Deal value', { max: 99_999_999.99, decimals: 2 }).optional(),
    })
    .nullable()
    .default(null),
  active: z.boolean().default(true),
  allowIndexing: z.boolean().default(false),
});

export const BookingTypeInputSchema = bookingTypeFields;
export type BookingTypeInput = z.infer<typeof BookingTypeInputSchema>;
export const BookingTypeUpdateSchema = updateSchemaOf(bookingTypeFields).extend({ id: IdSchema });
export type BookingTypeUpdate = z.infer<typeof BookingTypeUpdateSchema>;

export const BookingTypeSchema = z.object({
  id: z.number(),
  ownerId: z.number(),
  ownerName: z.string(),
  name: z.string(),
  slug: z.string(),
  /** `{workspaceId}-{slug}`: the public page is `/book/{publicSlug}`. */
  publicSlug: z.string(),
  bookingUrl: z.string(),
  durationMinutes: z.number(),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  minNoticeMinutes: z.number(),
  maxDaysAhead: z.number(),
  maxPerDay: z.number().nullable(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  questions: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
  deal: z.object({ stageId: z.number(), value: z.string().nullable() }).nullable(),
  active: z.boolean(),
  allowIndexing: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingType = z.infer<typeof BookingTypeSchema>;

export const BOOKING_STATUSES = ['booked', 'cancelled'] as const;

export const BookingSchema = z.object({
  id: z.number(),
  typeId: z.number().nullable(),
  ownerId: z.number(),
  title: z.string(),
  location: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  visitorTimezone: z.string(),
  answers: z.record(z.string(), z.string()),
  status: z.enum(BOOKING_STATUSES),
  cancelReason: z.string().nullable(),
  cancelledBy: z.enum(['owner', 'visitor']).nullable(),
  cancelledAt: z.string().nullable(),
  uid: z.string(),
  sequence: z.number(),
  contactId: z.number().nullable(),
  dealId: z.number().nullable(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;

export const BookingListQuerySchema = z
  .object({
    from: calendarDate.optional().meta({ description: 'From this date (UTC), included.' }),
    to: calendarDate.optional().meta({ description: 'To this date (UTC), included.' }),
    status: z.enum(BOOKING_STATUSES).optional(),
    contactId: IdSchema.optional().meta({ description: "Only this contact's bookings." }),
    dealId: IdSchema.optional().meta({ description: "Only this deal's bookings." }),
    order: z.enum(['asc', 'desc']).optional().meta({
      description:
        'By start time: `asc` (the default) soonest first, `desc` latest first. At most 1,000 bookings are answered, so past bookings are asked latest first.',
    }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The end date must not be before the start date',
    path: ['to'],
  });
export type BookingListQuery = z.infer<typeof BookingListQuerySchema>;

const instant = z.iso.datetime({
  offset: true,
  error: 'A time looks like 2026-05-04T09:00:00+02:00',
});

export const CancelBookingSchema = z.object({
  id: IdSchema,
  reason: z.string().trim().max(1000).optional(),
});
export const RescheduleBookingSchema = z.object({ id: IdSchema, start: instant });

// The public side.

/** `{workspaceId}-{slug}`, as the public page's address carries it. */
const publicSlug = z
  .string()
  .regex(/^[1-9]\d{0,9}-[a-z0-9]+(-[a-z0-9]+)*$/, BOOKING_PAGE_NOT_FOUND)
  .max(100, BOOKING_PAGE_NOT_FOUND);

export const PublicSlotsQuerySchema = z
  .object({
    slug: publicSlug,
    from: calendarDate,
    to: calendarDate,
    timezone: TimezoneSchema,
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'The end date must not be before the start date',
      });
    else if (days >= MAX_SLOT_RANGE_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${MAX_SLOT_RANGE_DAYS} days at once`,
      });
  });

const SlotSchema = z.object({ start: z.string(), end: z.string() });

export const PublicBookingTypeSchema = z.object({
  slug: z.string(),
  name: z.string(),
  ownerName: z.string(),
  durationMinutes: z.number(),
  location: z.string().nullable(),
  description: z.string().nullable(),
  questions: z.array(z.object({ key: z.string(), label: z.string(), required: z.boolean() })),
  /** False (the default): the page answers noindex. */
  allowIndexing: z.boolean(),
});

export const PublicSlotsSchema = z.object({
  type: PublicBookingTypeSchema,
  timezone: z.string(),
  slots: z.array(SlotSchema),
});
export type PublicSlots = z.infer<typeof PublicSlotsSchema>;

const visitorName = singleLine('Name', { error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name must be less than 200 characters');

export const PublicBookingInputSchema = z.object({
  slug: publicSlug,
  start: instant,
  name: visitorName,
  email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')),
  timezone: TimezoneSchema,
  answers: z
    .record(z.string().max(40), z.string().max(2000, 'An answer must be at most 2000 characters'))
    .default({}),
});
export type PublicBookingInput = z.infer<typeof PublicBookingInputSchema>;

/** A booking as its visitor sees it through the manage link: never another booking. */
export const PublicBookingSchema = z.object({
  uid: z.string(),
  status: z.enum(BOOKING_STATUSES),
  title: z.string(),
  ownerName: z.string(),
  location: z.string().nullable(),
  /** In the visitor's zone. */
  start: z.string(),
  end: z.string(),
  timezone: z.string(),
  name: z.string(),
  email: z.string(),
  /** The booking page, to pick another time (null when the type is gone or inactive). */
  slug: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export type PublicBooking = z.infer<typeof PublicBookingSchema>;

export const PublicBookingCreatedSchema = z.object({
  booking: PublicBookingSchema,
  /** The private page to reschedule or cancel; shown this once and emailed. */
  manageUrl: z.string(),
});

const manageToken = z.string().regex(/^[1-9]\d{0,9}\.[A-Za-z0-9_-]{20,100}$/, BOOKING_NOT_FOUND);
export const ManageTokenInputSchema = z.object({ token: manageToken });
export const PublicCancelSchema = z.object({
  token: manageToken,
  reason: z.string().trim().max(1000).optional(),
});
export const PublicRescheduleSchema = z.object({ token: manageToken, start: instant });

export const CalendarFeedSchema = z.object({
  /** The private feed address: a new one ends the old. */
  url: z.string(),
});
/** Whether the caller has a live feed: its URL holds a secret kept only as a hash, so it is not answered again. */
export const CalendarFeedStatusSchema = z.object({
  active: z.boolean(),
  /** When the live URL was made (ISO 8601), or null. */
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>;
export const CalendarFeedTokenSchema = z.object({
  token: z.string().regex(/^[1-9]\d{0,9}\.[A-Za-z0-9_-]{20,100}$/, 'Calendar feed not found'),
});
