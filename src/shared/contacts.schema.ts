import { z } from 'zod';
import { IsoDateTimeSchema } from './dates.ts';
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

export { IMPORT_BATCH_SIZE, ImportResultSchema, type ImportResult } from './import.schema.ts';

export const TAG_COLORS = ['blue', 'red', 'green', 'purple', 'orange', 'yellow'] as const;
export type TagColor = (typeof TAG_COLORS)[number];

const fullName = singleLine('Full name', { error: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(100, 'Full name must be less than 100 characters');

/**
 * A contact's own text fields, in form order. Everything else about them (API, form and
 * import rules, output, the form's inputs, CSV import headers and export columns) is
 * derived from this list: a new text field on contacts is one entry here and a column.
 */
export const CONTACT_FIELDS = {
  email: EMAIL_FIELD,
  phone: PHONE_FIELD,
  jobTitle: {
    label: 'Job title',
    title: 'Job Title',
    max: 100,
    input: 'text',
    placeholder: 'Head of Operations',
    headers: ['jobtitle', 'title', 'position', 'role', 'job'],
  },
  notes: NOTES_FIELD,
} as const satisfies TextFields;
export type ContactField = keyof typeof CONTACT_FIELDS;

/** A contact as created from the Add Contact dialog, the opportunity dialog or a script. */
export const PersonInputSchema = z.object({
  fullName,
  ...apiShape(CONTACT_FIELDS),
  companyId: IdSchema.nullable().optional(),
  assignedUserId: IdSchema.nullable().optional(),
  status: z.string().trim().min(1).max(30).optional(),
  lastContact: IsoDateTimeSchema.nullable().optional(),
});
export type PersonInput = z.input<typeof PersonInputSchema>;
/** A contact's values as the API stores them (after trimming, '' as null). */
export type PersonValues = Partial<z.output<typeof PersonInputSchema>>;

/** PUT /api/persons/{id}: any subset of the fields (the table's assignee dropdown sends one). */
export const PersonUpdateSchema = updateSchemaOf(PersonInputSchema).extend({ id: IdSchema });

/** The contact form of the drawer and dialog (react-hook-form): strings, '' for none. */
export const ContactFormSchema = z.object({
  fullName,
  ...formShape(CONTACT_FIELDS),
  companyId: z.string(),
  assignedUserId: z.string(),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/** Contacts one bulk action may change: two pages of the largest size. */
export const MAX_BULK_CONTACTS = 1000;

const bulkIds = z
  .array(IdSchema)
  .min(1, 'Choose at least one contact')
  .max(MAX_BULK_CONTACTS, `At most ${MAX_BULK_CONTACTS} contacts at once`)
  .meta({ description: 'The contacts to change; ids of other workspaces change nothing.' });

/** One change to many contacts at once: delete them, tag or untag them, or assign them. */
export const ContactBulkSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('delete'), ids: bulkIds }),
  z.object({ action: z.literal('tag'), ids: bulkIds, tagId: IdSchema }),
  z.object({ action: z.literal('untag'), ids: bulkIds, tagId: IdSchema }),
  z.object({
    action: z.literal('assign'),
    ids: bulkIds,
    assignedUserId: IdSchema.nullable().meta({ description: 'A member, or null for nobody.' }),
  }),
]);
export type ContactBulk = z.infer<typeof ContactBulkSchema>;

export const ContactBulkResultSchema = z.object({
  affected: z.number().meta({ description: "How many of the workspace's contacts changed." }),
});
export type ContactBulkResult = z.infer<typeof ContactBulkResultSchema>;

/** Orders of the contacts list: newest first (the default), oldest first, or by name. */
export const CONTACT_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  fullName: 'Name A–Z',
  '-fullName': 'Name Z–A',
} as const;
export type ContactSort = keyof typeof CONTACT_SORT_LABELS;

export const ContactListQuerySchema = ListQuerySchema.extend({
  withTags: z.boolean().optional(),
  sort: sortParam(CONTACT_SORT_LABELS),
  tagId: IdSchema.optional().meta({ description: 'Only contacts with this tag.' }),
  organizationId: IdSchema.optional().meta({
    description: 'Only contacts of this organization.',
  }),
  assignedUserId: IdSchema.optional().meta({
    description: 'Only contacts assigned to this member (a user id).',
  }),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

export const TagSchema = z.object({ id: z.number(), name: z.string(), color: z.enum(TAG_COLORS) });
export type Tag = z.infer<typeof TagSchema>;

export const PersonSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  ...outputShape(CONTACT_FIELDS),
  companyId: z.number().nullable(),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  assignedUserId: z.number().nullable(),
  status: z.string(),
  lastContact: z.string().nullable(),
  createdAt: z.string(),
  tags: z.array(TagSchema).optional(),
});
export type Person = z.infer<typeof PersonSchema>;

export const PersonPageSchema = pageOf(PersonSchema);

export const TagInputSchema = z.object({
  name: singleLine('Tag name', { error: 'Tag name is required' })
    .trim()
    .min(1, 'Tag name is required')
    .max(50, 'Tag name must be less than 50 characters'),
  color: z.enum(TAG_COLORS, { error: 'Choose one of the six colours' }).default('blue'),
});

export const ContactTagInputSchema = z.object({ id: IdSchema, tagId: IdSchema });

/** Tags one imported row may carry; the rest of its Tags cell is left out and reported. */
export const MAX_IMPORT_TAGS_PER_ROW = 50;

/** One CSV row after the column mapping: every field is text as the file had it. */
export const ImportRowSchema = z.object({
  fullName: z.string().max(1000).optional(),
  ...importShape(CONTACT_FIELDS),
  organization: z.string().max(1000).optional(),
  assignee: z
    .string()
    .max(1000)
    .optional()
    .meta({
      description:
        "An active member of the workspace, by email or full name (the export's Assigned To). " +
        'Anyone else leaves the contact unassigned, reported in `warnings`.',
    }),
  tags: z
    .string()
    .max(5000)
    .optional()
    .meta({
      description:
        'Tag names separated by commas or semicolons (the export writes "VIP, Partner"); ' +
        'missing tags are created.',
    }),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** The names in a Tags cell: split at commas and semicolons, trimmed, each once. */
export function tagNamesOf(cell: string | undefined): string[] {
  const names = (cell ?? '').split(/[,;]/).map((name) => name.trim());
  return [...new Set(names.filter((name) => name !== ''))];
}

export const ImportInputSchema = importInputOf(ImportRowSchema);
