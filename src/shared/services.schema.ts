import { z } from 'zod';
import { LINE_DESCRIPTION_FIELD, LINE_NUMBER_FIELDS } from './document-fields.ts';
import {
  apiRulesOf,
  csvColumnsOf,
  csvRowOf,
  currencyOf,
  decimalOf,
  type DescribedFields,
  flagOf,
  ruleOf,
  textOf,
  textOutputOf,
} from './fields.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { amountDecimalsMessage, decimalSchema, fitsCurrency } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

/** The units a service is usually sold by; any other short word is taken too. */
export const SERVICE_UNITS = ['hour', 'day', 'item', 'month', 'project'] as const;
export const MAX_UNIT_LENGTH = 20;

/** What a service is called when it is refused for its name (SPEC-style sentence). */
export const SERVICE_NAME_TAKEN = 'An active service with this name already exists';

const name = singleLine('Name', { error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name must be less than 200 characters');

const unit = singleLine('Unit', { error: 'Unit is required' })
  .trim()
  .min(1, 'Unit is required')
  .max(MAX_UNIT_LENGTH, `Unit must be at most ${MAX_UNIT_LENGTH} characters`)
  .meta({
    description: `${SERVICE_UNITS.join(', ')}, or another short word (at most ${MAX_UNIT_LENGTH} characters).`,
  });

/**
 * A service's fields, in form order, described once: the API's and the form's rules, the
 * form's defaults and the CSV export's columns come from this list.
 */
export const SERVICE_FIELDS = {
  name: ruleOf('Name', name),
  category: textOf({
    label: 'Category',
    title: 'Category',
    max: 100,
    input: 'text',
    placeholder: 'e.g. Design',
    headers: [],
  }),
  unit: ruleOf('Unit', unit.default('item'), { empty: 'item' }),
  /** At least 0, with at most as many decimals as the currency has (checked with it). */
  unitPrice: decimalOf(
    'Unit price',
    decimalSchema('Unit price', {
      max: LINE_NUMBER_FIELDS.unitPrice.max,
      decimals: LINE_NUMBER_FIELDS.unitPrice.decimals,
    }),
  ),
  /** ISO 4217; the workspace's currency (business profile) when left out. */
  currency: currencyOf(
    'Currency',
    "ISO 4217 code; the workspace's currency (Settings → Business) when left out.",
  ),
  /** A percent as invoice lines take it: 0 to 100, at most three decimals. */
  taxRate: decimalOf(
    'Tax rate',
    decimalSchema('Tax rate', {
      max: LINE_NUMBER_FIELDS.taxRate.max,
      decimals: LINE_NUMBER_FIELDS.taxRate.decimals,
    }).default('0'),
    { title: 'Tax %', fallback: '0' },
  ),
  archived: flagOf('Archived'),
  description: textOf({
    label: 'Description',
    title: 'Description',
    max: 2000,
    input: 'textarea',
    placeholder: 'What the client gets',
    headers: [],
  }),
} as const satisfies DescribedFields;
export type ServiceField = keyof typeof SERVICE_FIELDS;

const serviceFields = z.object(apiRulesOf(SERVICE_FIELDS));

/** One service, as the form, the API and the CSV export take it. */
export const ServiceInputSchema = serviceFields.superRefine((value, ctx) => {
  if (value.currency && !fitsCurrency(value.unitPrice, value.currency)) {
    ctx.addIssue({
      code: 'custom',
      path: ['unitPrice'],
      message: amountDecimalsMessage(value.currency),
    });
  }
});
export type ServiceInput = z.infer<typeof ServiceInputSchema>;
/** A service's values as the API stores them, any of them (an update's changes). */
export type ServiceValues = Partial<ServiceInput>;

export const ServiceUpdateSchema = updateSchemaOf(serviceFields).extend({ id: IdSchema });
export type ServiceUpdate = z.infer<typeof ServiceUpdateSchema>;

export const SERVICE_SORT_LABELS = {
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  unitPrice: 'Lowest price',
  '-unitPrice': 'Highest price',
  '-createdAt': 'Newest',
  createdAt: 'Oldest',
} as const;
export type ServiceSort = keyof typeof SERVICE_SORT_LABELS;

const archivedFilter = z
  .union([z.boolean(), z.enum(['true', 'false', 'all'])])
  .transform((v) => (v === 'all' ? ('all' as const) : v === true || v === 'true'))
  .optional()
  .meta({
    description: 'false (the default): active services only; true: archived ones only; all: both.',
  });

export const ServiceListQuerySchema = ListQuerySchema.extend({
  category: z.string().trim().max(100).optional().meta({
    description: 'Services of this category only (exact, case-insensitive).',
  }),
  archived: archivedFilter,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .meta({ description: 'Services priced in this currency only.' }),
  sort: sortParam(SERVICE_SORT_LABELS),
});
export type ServiceListQuery = z.infer<typeof ServiceListQuerySchema>;

/** The list's filters without a page: what the CSV export takes. */
export const ServiceFiltersSchema = ServiceListQuerySchema.omit({ limit: true, offset: true });
export type ServiceFilters = z.infer<typeof ServiceFiltersSchema>;

export const ServiceSchema = z.object({
  id: z.number(),
  name: z.string(),
  ...textOutputOf(SERVICE_FIELDS),
  unit: z.string(),
  /** With the currency's decimals ("1200.00", "5000" in JPY). */
  unitPrice: z.string(),
  currency: z.string(),
  /** Plain ("20", "7.5"). */
  taxRate: z.string(),
  archived: z.boolean(),
  /** How many document lines (invoices, estimates, recurring invoices) name it. */
  usedOn: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Service = z.infer<typeof ServiceSchema>;

export const ServicePageSchema = z.object({
  items: z.array(ServiceSchema),
  total: z.number(),
});
export type ServicePage = z.infer<typeof ServicePageSchema>;

/** The workspace's categories in use, for the list's filter. */
export const ServiceCategoriesSchema = z.array(z.string());

/** Name, Category, Unit, Unit price, Currency, Tax %, Archived, Description. */
export const SERVICE_CSV_COLUMNS = csvColumnsOf(SERVICE_FIELDS, []);

/** One service as a CSV row of SERVICE_CSV_COLUMNS. */
export function serviceCsvRow(s: Service): Record<string, string> {
  return csvRowOf(SERVICE_FIELDS, s, { archived: () => (s.archived ? 'Yes' : 'No') }, {});
}

/** A service as a line's description: its name, and its description on the next lines. */
export function serviceLineDescription(s: { name: string; description: string | null }) {
  const text = s.description ? `${s.name}\n${s.description}` : s.name;
  return text.slice(0, LINE_DESCRIPTION_FIELD.max);
}
