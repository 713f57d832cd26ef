import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { RateSchema } from './money.ts';
import { updateSchemaOf } from './update.schema.ts';

export const RATE_TARGET_REQUIRED = 'Choose a member, a project, or both';

/**
 * A rate card: the billable and cost rates of a member (on every project), of a project
 * (for everyone), or of a member on one project, in force from `effectiveFrom` until the
 * next card of the same target. A blank member means everyone, a blank project every project.
 */
export const RateFieldsSchema = z.object({
  userId: IdSchema.nullable().optional(),
  projectId: IdSchema.nullable().optional(),
  billableRate: RateSchema,
  costRate: RateSchema,
  effectiveFrom: IsoDateSchema,
});

export const RateInputSchema = RateFieldsSchema.refine(
  (v) => v.userId != null || v.projectId != null,
  { message: RATE_TARGET_REQUIRED, path: ['userId'] },
);
/** Only the fields sent change; the card must still name a member or a project. */
export const RateUpdateSchema = updateSchemaOf(RateFieldsSchema).extend({ id: IdSchema });

export const RateListQuerySchema = z.object({
  userId: IdSchema.optional(),
  projectId: IdSchema.optional(),
});

export const RateCardSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  projectId: z.number().nullable(),
  /** Null: every member. */
  user: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  /** Null: every project. */
  project: z.object({ id: z.number(), name: z.string() }).nullable(),
  billableRate: z.string(),
  costRate: z.string(),
  effectiveFrom: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RateCard = z.infer<typeof RateCardSchema>;

/** The rates an entry of this member on this project on this day is logged at. */
export const ResolvedRatesSchema = z.object({ billableRate: z.string(), costRate: z.string() });
export type ResolvedRates = z.infer<typeof ResolvedRatesSchema>;

/** Re-price the unbilled time from a date, of one member and/or one project, or all. */
export const RepriceInputSchema = z.object({
  from: IsoDateSchema,
  userId: IdSchema.nullable().optional(),
  projectId: IdSchema.nullable().optional(),
});

export const RepriceEntrySchema = z.object({
  id: z.number(),
  date: z.string(),
  hours: z.string(),
  user: z.object({ id: z.number(), fullName: z.string() }),
  project: z.object({ id: z.number(), name: z.string() }),
  rate: z.string(),
  costRate: z.string(),
  newRate: z.string(),
  newCostRate: z.string(),
});

export const RepricePreviewSchema = z.object({
  /** Entries whose stored rates differ from the rates in force on their day. */
  count: z.number(),
  /** Billable amounts (hours × rate) of those entries as stored, and re-priced. */
  amountBefore: z.string(),
  amountAfter: z.string(),
  /** Cost amounts (hours × cost rate), as stored and re-priced. */
  costBefore: z.string(),
  costAfter: z.string(),
  /** The first entries by date (at most REPRICE_SAMPLE_SIZE). */
  sample: z.array(RepriceEntrySchema),
});
export type RepricePreview = z.infer<typeof RepricePreviewSchema>;

export const REPRICE_SAMPLE_SIZE = 20;

export const RepriceResultSchema = z.object({ repriced: z.number() });
