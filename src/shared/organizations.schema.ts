import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, optionalEmail, optionalText, pageOf } from './list.schema.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

const name = singleLine('Organization name', { error: 'Organization name is required' })
  .trim()
  .min(1, 'Organization name is required')
  .max(200, 'Organization name must be less than 200 characters');

export const OrganizationInputSchema = z.object({
  name,
  email: optionalEmail,
  phone: optionalText(50, 'Phone must be less than 50 characters'),
  website: optionalText(500, 'Website must be less than 500 characters'),
  address: optionalText(500, 'Address must be less than 500 characters'),
  industry: optionalText(100, 'Industry must be less than 100 characters'),
  status: z.string().trim().min(1).max(30).optional(),
  notes: optionalText(5000, 'Notes must be less than 5000 characters'),
});

export const OrganizationUpdateSchema = updateSchemaOf(OrganizationInputSchema).extend({
  id: IdSchema,
});

/** Quick-create from the contact form (SPEC §5): name required, email valid or empty. */
export const OrganizationQuickFormSchema = z.object({
  name,
  email: z.union([z.literal(''), z.string().trim().pipe(z.email('Invalid email'))]),
  phone: z.string().trim().max(50, 'Phone must be less than 50 characters'),
});

/** Orders of the organizations list: by name (the default) or by how many people each has. */
export const ORGANIZATION_SORTS = ['name', '-name', '-peopleCount', 'peopleCount'] as const;
export type OrganizationSort = (typeof ORGANIZATION_SORTS)[number];

export const OrganizationListQuerySchema = ListQuerySchema.extend({
  sort: z.enum(ORGANIZATION_SORTS).optional().meta({
    description:
      'Order: name (A to Z whatever the case, the default), -name, -peopleCount (most people first) or peopleCount.',
  }),
});
export type OrganizationListQuery = z.infer<typeof OrganizationListQuerySchema>;

export const OrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  industry: z.string().nullable(),
  status: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  peopleCount: z.number(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationPageSchema = pageOf(OrganizationSchema);

export const CompanyOptionSchema = z.object({ id: z.number(), name: z.string() });

/** '1 person', 'N people' (SPEC §2 Organizations). */
export function peopleLabel(count: number): string {
  return `${count} ${count === 1 ? 'person' : 'people'}`;
}
