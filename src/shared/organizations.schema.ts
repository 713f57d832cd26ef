import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { importInputOf } from './import.schema.ts';
import {
  apiShape,
  EMAIL_FIELD,
  formShape,
  importShape,
  NOTES_FIELD,
  outputShape,
  PHONE_FIELD,
  type TextFields,
} from './fields.ts';
import { ListQuerySchema, pageOf, sortParam } from './list.schema.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

const name = singleLine('Organization name', { error: 'Organization name is required' })
  .trim()
  .min(1, 'Organization name is required')
  .max(200, 'Organization name must be less than 200 characters');

/** An organization's own text fields, described once (see CONTACT_FIELDS). */
export const ORGANIZATION_FIELDS = {
  email: { ...EMAIL_FIELD, placeholder: 'hello@acme.com' },
  phone: PHONE_FIELD,
  website: {
    label: 'Website',
    title: 'Website',
    max: 500,
    input: 'url',
    placeholder: 'https://company.com',
    headers: ['website', 'web', 'url', 'site', 'homepage'],
  },
  industry: {
    label: 'Industry',
    title: 'Industry',
    max: 100,
    input: 'text',
    placeholder: 'Software',
    headers: ['industry', 'sector'],
  },
  address: {
    label: 'Address',
    title: 'Address',
    max: 500,
    input: 'textarea',
    placeholder: 'Street, city, postcode, country',
    headers: ['address', 'postaladdress', 'billingaddress'],
  },
  notes: NOTES_FIELD,
} as const satisfies TextFields;

export const OrganizationInputSchema = z.object({
  name,
  ...apiShape(ORGANIZATION_FIELDS),
  status: z.string().trim().min(1).max(30).optional(),
});
/** An organization's values as the API stores them. */
export type OrganizationValues = Partial<z.output<typeof OrganizationInputSchema>>;

export const OrganizationUpdateSchema = updateSchemaOf(OrganizationInputSchema).extend({
  id: IdSchema,
});

/** Quick-create from the contact form (SPEC §5): name required, email valid or empty. */
export const OrganizationQuickFormSchema = z.object({
  name,
  ...formShape({ email: ORGANIZATION_FIELDS.email, phone: ORGANIZATION_FIELDS.phone }),
});

/** Orders of the organizations list: by name (the default) or by how many people each has. */
export const ORGANIZATION_SORT_LABELS = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  '-peopleCount': 'Most people',
  peopleCount: 'Fewest people',
} as const;
export type OrganizationSort = keyof typeof ORGANIZATION_SORT_LABELS;

export const OrganizationListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(ORGANIZATION_SORT_LABELS),
});
export type OrganizationListQuery = z.infer<typeof OrganizationListQuerySchema>;

export const OrganizationSchema = z.object({
  id: z.number(),
  name: z.string(),
  ...outputShape(ORGANIZATION_FIELDS),
  status: z.string(),
  createdAt: z.string(),
  peopleCount: z.number(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const OrganizationPageSchema = pageOf(OrganizationSchema);

/**
 * One CSV row of an organizations import after the column mapping: text as the file had
 * it, which the import then holds to `OrganizationInputSchema`, the form's own rules.
 */
export const OrganizationImportRowSchema = z.object({
  name: z.string().max(1000).optional(),
  ...importShape(ORGANIZATION_FIELDS),
});
export type OrganizationImportRow = z.infer<typeof OrganizationImportRowSchema>;

export const OrganizationImportInputSchema = importInputOf(OrganizationImportRowSchema);

export const CompanyOptionSchema = z.object({ id: z.number(), name: z.string() });

/** '1 person', 'N people' (SPEC §2 Organizations). */
export function peopleLabel(count: number): string {
  return `${count} ${count === 1 ? 'person' : 'people'}`;
}
