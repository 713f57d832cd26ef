import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';

/** The most weeks `GET /api/resourcing` answers at once (half a year). */
export const MAX_RESOURCING_WEEKS = 26;
export const DEFAULT_RESOURCING_WEEKS = 8;

export const ResourcingQuerySchema = z.object({
  from: IsoDateSchema.optional().meta({
    description: "First week: the Monday on or before this day (default: this week's Monday).",
  }),
  weeks: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_RESOURCING_WEEKS, `At most ${MAX_RESOURCING_WEEKS} weeks`)
    .default(DEFAULT_RESOURCING_WEEKS)
    .meta({ description: `How many weeks (1 to ${MAX_RESOURCING_WEEKS}, default 8).` }),
});

export const ResourcingWeekSchema = z.object({
  /** The week's Monday. */
  weekStart: z.string(),
  /** Hours logged on days of that week. */
  loggedHours: z.string(),
  /** Estimates of open tasks assigned to the member and due that week. */
  plannedHours: z.string(),
  /** Logged plus planned. */
  bookedHours: z.string(),
  /** Booked hours above the member's capacity. */
  overbooked: z.boolean(),
});

export const ResourcingMemberSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
  /** Hours a week the member can work (Team page; default 40). */
  capacityHours: z.string(),
  weeks: z.array(ResourcingWeekSchema),
});

export const ResourcingSchema = z.object({
  /** The first week's Monday. */
  from: z.string(),
  /** The Mondays of the weeks answered, in order. */
  weeks: z.array(z.string()),
  /** This week's Monday in the workspace's time zone: where tasks without a due date count. */
  currentWeek: z.string(),
  members: z.array(ResourcingMemberSchema),
});
export type Resourcing = z.infer<typeof ResourcingSchema>;
export type ResourcingMember = z.infer<typeof ResourcingMemberSchema>;
export type ResourcingWeek = z.infer<typeof ResourcingWeekSchema>;

/** A member's weekly capacity, in hours (0 to 168, two decimals). */
export const CapacityInputSchema = z.object({
  id: IdSchema,
  capacityHours: z.coerce
    .number({ error: 'Capacity must be a number of hours' })
    .min(0, 'Capacity must be at least 0 hours')
    .max(168, 'A week has 168 hours')
    .transform((v) => v.toFixed(2)),
});
export const CapacityResultSchema = z.object({
  success: z.literal(true),
  userId: z.number(),
  capacityHours: z.string(),
});
