import { z } from 'zod';
import { TagInputSchema } from './contacts.schema.ts';
import { IsoDateSchema, IsoDateTimeSchema } from './dates.ts';
import { IdSchema, requiredId } from './ids.ts';
import { ListQuerySchema, optionalText } from './list.schema.ts';
import { MoneySchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

export const StageSchema = z.object({
  id: z.number(),
  key: z.string(),
  label: z.string(),
  color: z.string(),
  sortOrder: z.number(),
  isSystemStage: z.boolean(),
  createdAt: z.string(),
});
export type Stage = z.infer<typeof StageSchema>;

const label = singleLine('Stage name', { error: 'Stage name is required' })
  .trim()
  .min(1, 'Stage name is required')
  .max(50, 'Stage name must be less than 50 characters');

const color = z
  .string()
  .trim()
  .regex(/^[a-z]{3,20}$/, 'Invalid colour')
  .optional();

/** POST /api/stages {key, label}: the key is derived from the label when not given. */
export const StageCreateSchema = z.object({
  label,
  key: z.string().trim().max(60).optional(),
  color,
});

export const StageUpdateSchema = z.object({
  id: IdSchema,
  label: singleLine('Stage label', { error: 'Stage label is required' })
    .trim()
    .min(1, 'Stage label is required')
    .max(50, 'Stage name must be less than 50 characters'),
  color,
});

/** The full new order: every stage id of the workspace, once. */
export const StageReorderSchema = z.object({
  ids: z.array(IdSchema).min(1).max(200),
});

const dealName = singleLine('Deal name', { error: 'Deal name is required' })
  .trim()
  .min(1, 'Deal name is required')
  .max(200, 'Deal name must be less than 200 characters');

/** Deals carry at most this many tags: a card shows a few, a filter needs no more. */
export const MAX_DEAL_TAGS = 20;

/**
 * A deal's tags by name, the workspace's tags that contacts carry too: a name finds the tag
 * spelled the same (else differing only in case), and a missing one is created.
 */
export const DealTagsSchema = z
  .array(TagInputSchema.shape.name)
  .max(MAX_DEAL_TAGS, `A deal has at most ${MAX_DEAL_TAGS} tags`)
  .meta({ description: 'Tag names; missing tags are created in the workspace.' });

export const LeadInputSchema = z.object({
  dealName,
  // SPEC §5: an opportunity has a primary contact, as the form requires.
  personId: requiredId('Person assignment is required'),
  companyId: IdSchema.nullable().optional(),
  assignedUserId: IdSchema.nullable().optional(),
  stage: z.string().trim().min(1, 'Stage is required').max(60).optional(),
  value: MoneySchema.optional(),
  description: optionalText(5000, 'Description must be less than 5000 characters'),
  probability: z.coerce
    .number({ error: 'Probability must be a number' })
    .int('Probability must be a whole number')
    .min(0, 'Number must be greater than or equal to 0')
    .max(100, 'Number must be less than or equal to 100')
    .optional(),
  closeDate: IsoDateSchema.nullable().optional(),
  lastContact: IsoDateTimeSchema.nullable().optional(),
  tags: DealTagsSchema.optional(),
});
export type LeadInput = z.input<typeof LeadInputSchema>;

/** PUT /api/leads/{id}: `{stage}` alone (a drag) or any of the fields. */
export const LeadUpdateSchema = updateSchemaOf(LeadInputSchema).extend({ id: IdSchema });

export const LeadListQuerySchema = ListQuerySchema;

export const LeadSchema = z.object({
  id: z.number(),
  dealName: z.string(),
  stage: z.string(),
  value: z.string(),
  description: z.string().nullable(),
  probability: z.number(),
  closeDate: z.string().nullable(),
  lastContact: z.string().nullable(),
  createdAt: z.string(),
  personId: z.number().nullable(),
  companyId: z.number().nullable(),
  assignedUserId: z.number().nullable(),
  person: z.object({ fullName: z.string(), email: z.string().nullable() }).nullable(),
  company: z.object({ name: z.string() }).nullable(),
  owner: z.object({ fullName: z.string(), isActive: z.boolean() }).nullable(),
  tags: z.array(z.string()).meta({ description: 'Its tags’ names, in alphabetical order.' }),
});
export type Lead = z.infer<typeof LeadSchema>;

/** 'This stage contains 3 opportunity(ies). Move them first.' (SPEC §5). */
export function stageNotEmptyMessage(count: number): string {
  return `This stage contains ${count} opportunity(ies). Move them first.`;
}
