import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ListQuerySchema } from './list.schema.ts';
import { DealTagsSchema } from './pipeline.schema.ts';
import { decimalSchema } from './money.ts';
import { singleLine } from './text.schema.ts';

/** What a visitor can be asked, one type per kind of control on the public page. */
export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'select',
  'multiselect',
  'date',
  'checkbox',
  'consent',
  'hidden',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Where an answer goes when a submission makes or updates the contact. */
export const FORM_MAP_TARGETS = [
  'contact.fullName',
  'contact.email',
  'contact.phone',
  'organization.name',
] as const;
export type FormMapTarget = (typeof FORM_MAP_TARGETS)[number];

/** Which field types may fill each target: an email goes only where an email fits. */
export const MAP_TARGET_TYPES: Record<FormMapTarget, readonly FormFieldType[]> = {
  'contact.fullName': ['text', 'hidden'],
  'contact.email': ['email'],
  'contact.phone': ['phone', 'text'],
  'organization.name': ['text', 'hidden'],
};

export const MAX_FORM_FIELDS = 50;
export const MAX_FIELD_OPTIONS = 50;
/** The longest answer each type takes; a long text (textarea) is the only long one. */
export const ANSWER_MAX_LENGTH: Record<FormFieldType, number> = {
  text: 500,
  textarea: 5000,
  email: 254,
  phone: 50,
  number: 50,
  select: 200,
  multiselect: 200,
  date: 10,
  checkbox: 5,
  consent: 5,
  hidden: 500,
};

const label = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`);

export const FormFieldSchema = z
  .object({
    key: z
      .string({ error: 'Field key is required' })
      .regex(
        /^[A-Za-z][A-Za-z0-9_]{0,39}$/,
        'Field key must start with a letter and hold only letters, digits and underscores (at most 40)',
      )
      .meta({
        description:
          'The answer’s name in a submission (`answers.{key}`) and, for a hidden field, the query-string parameter that fills it (e.g. `utm_source`).',
      }),
    type: z.enum(FORM_FIELD_TYPES, { error: 'Unknown field type' }),
    /** For a consent field, the label is the text the visitor agrees to. */
    label: label('Label', 2000),
    required: z.boolean().optional(),
    helpText: z.string().trim().max(500, 'Help text must be at most 500 characters').optional(),
    options: z
      .array(label('Option', 200))
      .min(1, 'Give at least one option')
      .max(MAX_FIELD_OPTIONS, `At most ${MAX_FIELD_OPTIONS} options`)
      .optional()
      .meta({ description: 'The choices of a `select` or `multiselect` field (only theirs).' }),
    mapTo: z.enum(FORM_MAP_TARGETS, { error: 'Unknown mapping' }).optional(),
  })
  .strict();
export type FormField = z.infer<typeof FormFieldSchema>;

/** The deal a submission opens, when the form has one. */
export const FormDealInputSchema = z
  .object({
    stageId: IdSchema,
    value: decimalSchema('Deal value', { max: 99_999_999.99, decimals: 2 }).optional(),
    assigneeId: IdSchema.nullable().optional(),
    tags: DealTagsSchema.optional(),
  })
  .strict();
export type FormDealInput = z.infer<typeof FormDealInputSchema>;

export const FormAutoresponderSchema = z
  .object({
    subject: singleLine('Subject')
      .trim()
      .min(1, 'Subject is required')
      .max(200, 'Subject must be at most 200 characters'),
    body: label('Message', 10_000).meta({
      description: 'Plain text; `{{name}}` is replaced by the contact’s name.',
    }),
  })
  .strict();
export type FormAutoresponder = z.infer<typeof FormAutoresponderSchema>;

const redirectUrl = z
  .string()
  .trim()
  .max(2000, 'Redirect URL must be at most 2000 characters')
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Redirect URL must be an http or https address');

export const FORM_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;

/** A form's settings as written, before the rules that look at several fields at once. */
const formShape = z.object({
  name: singleLine('Name', { error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be at most 200 characters'),
  slug: z
    .string()
    .trim()
    .regex(FORM_SLUG_PATTERN, 'Slug may hold lowercase letters, digits and hyphens (at most 80)')
    .optional()
    .meta({ description: 'Unique in the workspace; made from the name when left out.' }),
  published: z.boolean().default(false),
  fields: z
    .array(FormFieldSchema)
    .max(MAX_FORM_FIELDS, `A form has at most ${MAX_FORM_FIELDS} fields`)
    .default([]),
  deal: FormDealInputSchema.nullable().optional(),
  submitLabel: z.string().trim().max(100, 'Button text must be at most 100 characters').optional(),
  thankYouMessage: z
    .string()
    .trim()
    .max(2000, 'Thank-you message must be at most 2000 characters')
    .optional(),
  redirectUrl: redirectUrl.optional(),
  autoresponder: FormAutoresponderSchema.nullable().optional(),
  allowIndexing: z.boolean().default(false).meta({
    description: 'Lets search engines index the public page (`noindex` unless true).',
  }),
});

export const EMAIL_MAPPING_REQUIRED =
  'A published form needs an email field mapped to the contact’s email';

/**
 * The rules across fields: keys unique, options only (and always) on choices, each target
 * filled by a fitting type and at most once, and an email for the contact before publishing.
 */
export function checkForm(
  value: { fields: FormField[]; published: boolean },
  ctx: z.RefinementCtx,
) {
  const keys = new Set<string>();
  const targets = new Set<string>();
  value.fields.forEach((field, index) => {
    const at = (key: string) => ['fields', index, key];
    const lower = field.key.toLowerCase();
    if (keys.has(lower)) {
      ctx.addIssue({ code: 'custom', path: at('key'), message: 'Field keys must be unique' });
    }
    keys.add(lower);
    const choices = field.type === 'select' || field.type === 'multiselect';
    if (choices && !field.options?.length) {
      ctx.addIssue({ code: 'custom', path: at('options'), message: 'Give at least one option' });
    }
    if (!choices && field.options !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: at('options'),
        message: 'Only choice fields have options',
      });
    }
    if (choices && field.options && new Set(field.options).size !== field.options.length) {
      ctx.addIssue({ code: 'custom', path: at('options'), message: 'Options must be unique' });
    }
    if (field.mapTo) {
      if (!MAP_TARGET_TYPES[field.mapTo].includes(field.type)) {
        ctx.addIssue({
          code: 'custom',
          path: at('mapTo'),
          message: `A ${field.type} field cannot fill ${field.mapTo}`,
        });
      }
      if (targets.has(field.mapTo)) {
        ctx.addIssue({
          code: 'custom',
          path: at('mapTo'),
          message: `Only one field may fill ${field.mapTo}`,
        });
      }
      targets.add(field.mapTo);
    }
  });
  if (value.published && !targets.has('contact.email')) {
    ctx.addIssue({ code: 'custom', path: ['fields'], message: EMAIL_MAPPING_REQUIRED });
  }
}

/** A new form, or a whole form as an update leaves it (the service checks the merge). */
export const FormInputSchema = formShape.superRefine(checkForm);
export type FormInput = z.infer<typeof FormInputSchema>;

/** An update: only the settings sent change; the result meets every rule of a new form. */
export const FormUpdateSchema = z.object({
  id: IdSchema,
  name: formShape.shape.name.optional(),
  slug: formShape.shape.slug,
  published: z.boolean().optional(),
  fields: formShape.shape.fields.unwrap().optional(),
  deal: formShape.shape.deal,
  submitLabel: z.string().trim().max(100).nullable().optional(),
  thankYouMessage: z.string().trim().max(2000).nullable().optional(),
  redirectUrl: redirectUrl.nullable().optional(),
  autoresponder: formShape.shape.autoresponder,
  allowIndexing: z.boolean().optional(),
});
export type FormUpdate = z.infer<typeof FormUpdateSchema>;

/** Output ids are plain integers (the input's id union gives the API lint two identical types). */
const FieldOutputSchema = FormFieldSchema.extend({ required: z.boolean() });

export const FormSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  published: z.boolean(),
  fields: z.array(FieldOutputSchema),
  deal: z
    .object({
      stageId: z.number(),
      value: z.string().nullable(),
      assigneeId: z.number().nullable(),
      tags: z.array(z.string()),
    })
    .nullable(),
  submitLabel: z.string().nullable(),
  thankYouMessage: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  autoresponder: FormAutoresponderSchema.nullable(),
  allowIndexing: z.boolean(),
  publicSlug: z.string().meta({ description: '`{workspaceId}-{slug}`: the public page’s name.' }),
  publicUrl: z.string().meta({ description: 'The public page, `{APP_URL}/f/{publicSlug}`.' }),
  submissionCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Form = z.infer<typeof FormSchema>;

export const FormListQuerySchema = ListQuerySchema;

/** One answer as stored: text, a yes/no, or the choices of a multiple choice. */
export const AnswerValueSchema = z.union([z.string(), z.boolean(), z.array(z.string())]);

export const FormSubmissionSchema = z.object({
  id: z.number(),
  formId: z.number(),
  formName: z.string(),
  answers: z.record(z.string(), AnswerValueSchema),
  pageUrl: z.string().nullable(),
  consentText: z.string().nullable(),
  personId: z.number().nullable(),
  personName: z.string().nullable(),
  organizationId: z.number().nullable(),
  leadId: z.number().nullable(),
  submittedAt: z.string(),
});
export type FormSubmission = z.infer<typeof FormSubmissionSchema>;

export const FormSubmissionListQuerySchema = ListQuerySchema.extend({ id: IdSchema });
export type FormSubmissionListQuery = z.infer<typeof FormSubmissionListQuerySchema>;

export const ContactSubmissionsQuerySchema = ListQuerySchema.extend({ personId: IdSchema });
export type ContactSubmissionsQuery = z.infer<typeof ContactSubmissionsQuerySchema>;

export const FormSubmissionExportQuerySchema = z.object({
  id: IdSchema,
  search: ListQuerySchema.shape.search,
});

// The public side.

export const PublicSlugInputSchema = z.object({
  slug: z.string().max(200).meta({ description: '`{workspaceId}-{slug}`, e.g. `7-contact-us`.' }),
});

export const PublicFormSchema = z.object({
  name: z.string(),
  publicSlug: z.string(),
  fields: z.array(FieldOutputSchema.omit({ mapTo: true })),
  submitLabel: z.string().nullable(),
  thankYouMessage: z.string().nullable(),
  redirectUrl: z.string().nullable(),
  allowIndexing: z.boolean(),
  token: z.string().meta({
    description:
      'Send it back as `_token`: signed by the server with the form and the time it was issued; a submission is taken from 3 seconds to 24 hours after.',
  }),
});
export type PublicForm = z.infer<typeof PublicFormSchema>;

export const PublicSubmissionInputSchema = z.object({
  slug: PublicSlugInputSchema.shape.slug,
  answers: z.record(z.string().max(40), z.unknown()).default({}),
  _token: z.string().max(500).optional(),
  _hp: z.string().max(500).optional().meta({ description: 'The honeypot: must be empty.' }),
  pageUrl: z.string().max(2000).optional().meta({
    description: 'The page the form was on; the Referer header when left out.',
  }),
});
export type PublicSubmissionInput = z.infer<typeof PublicSubmissionInputSchema>;

export const PublicSubmissionResultSchema = z.object({
  message: z.string().optional(),
  redirectUrl: z.string().optional(),
});

/** The public page's address of a form: the workspace id first, so it routes to one workspace. */
export function publicSlugOf(workspaceId: number, slug: string) {
  return `${workspaceId}-${slug}`;
}

/** The workspace id and slug of a public address, or null when it names none. */
export function parsePublicSlug(value: string): { workspaceId: number; slug: string } | null {
  const match = /^([1-9][0-9]{0,9})-(.+)$/.exec(value);
  if (!match) return null;
  const workspaceId = Number(match[1]);
  if (workspaceId > 2_147_483_647 || !FORM_SLUG_PATTERN.test(match[2]!)) return null;
  return { workspaceId, slug: match[2]! };
}

export const DEFAULT_THANK_YOU = 'Thank you! We received your message.';
