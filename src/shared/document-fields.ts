import { z } from 'zod';
import { NOTES_FIELD, tooLong, type TextField } from './fields.ts';
import { IdSchema } from './ids.ts';
import { PERCENT_DIGITS } from './invoice-math.ts';
import { decimalSchema, MAX_CURRENCY_DIGITS } from './money.ts';
import {
  EXEMPT_CATEGORIES,
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  TAX_EXEMPTION_REASON_MAX,
  taxCategoryOf,
  taxCategoryProblem,
  type TaxCategory,
} from './einvoice-fields.ts';
import { singleLine } from './text.schema.ts';

/**
 * The fields of a priced document (invoice, estimate, recurring invoice) and of its lines,
 * described once. From these descriptions come the API's line schema, the forms' schema,
 * the line inputs (label, decimals, bounds) and the forms' defaults, so the server and
 * every form that edits lines agree on them.
 */

/** A decimal field of a line, exact: its text is what was typed, never a float. */
export interface LineNumberField {
  /** As a sentence names it: validation messages ("Unit price"). */
  label: string;
  /** As the line's input titles it, where space is short ("Qty"). */
  title: string;
  /** As the input is named for a screen reader after "Line 2 " ("unit price"). */
  name: string;
  max: number;
  /** Most decimals the API takes (a unit price: the currency's, checked by the server). */
  decimals: number;
  /** What a new line holds. */
  initial: string;
}

export const LINE_DESCRIPTION_FIELD = {
  label: 'Description',
  title: 'Description',
  max: 2000,
  input: 'textarea',
  placeholder: '',
  headers: [],
} as const satisfies TextField;

export const LINE_NUMBER_FIELDS = {
  quantity: {
    label: 'Quantity',
    title: 'Qty',
    name: 'quantity',
    max: 100_000,
    decimals: 2,
    initial: '1',
  },
  unitPrice: {
    label: 'Unit price',
    title: 'Unit price',
    name: 'unit price',
    max: 10_000_000,
    decimals: MAX_CURRENCY_DIGITS,
    initial: '',
  },
  taxRate: {
    label: 'Tax rate',
    title: 'Tax %',
    name: 'tax rate',
    max: 100,
    decimals: PERCENT_DIGITS,
    initial: '0',
  },
} as const satisfies Record<string, LineNumberField>;
export type LineNumberName = keyof typeof LINE_NUMBER_FIELDS;
export const LINE_NUMBER_NAMES = Object.keys(LINE_NUMBER_FIELDS) as LineNumberName[];

const required = (label: string) => `${label} is required`;

/** A line's unit ("hour", "day", …): a short word, as a service's unit is. */
export const LINE_UNIT_FIELD = {
  label: 'Unit',
  name: 'unit',
  placeholder: 'unit',
  max: 20,
} as const;

/**
 * A line's unit as the API takes it: trimmed, at most 20 characters; empty (or null) is none.
 * Left out, a line naming a service takes the service's unit.
 */
export const LineUnitSchema = singleLine(LINE_UNIT_FIELD.label)
  .trim()
  .max(LINE_UNIT_FIELD.max, `Unit must be at most ${LINE_UNIT_FIELD.max} characters`)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null))
  .meta({
    description:
      'The unit the quantity counts ("hour", "day", "item"…), at most 20 characters; empty or null for none. Left out, a line naming a service takes the service\'s unit.',
  });

/** A line's UN/ECE Rec. 20 unit code; left out or null, derived from its unit. */
export const LineUnitCodeSchema = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(
    (v) => v === '' || /^[A-Z0-9]{2,3}$/.test(v),
    'Unit code must be a UN/ECE Recommendation 20 code such as HUR, DAY or C62',
  )
  .nullable()
  .transform((v) => v || null)
  .optional()
  .meta({
    description:
      'The UN/ECE Recommendation 20 code of the unit (HUR, DAY, MON, C62…). Left out or null: derived from `unit` (hour → HUR, day → DAY, none → C62); answered with the derived code.',
  });

const TAX_CATEGORY_MESSAGE = `Tax category must be one of ${TAX_CATEGORIES.join(', ')}`;

/** A line's UNCL 5305 tax category; left out or null, derived from its rate. */
export const LineTaxCategorySchema = z
  .enum(TAX_CATEGORIES, { error: TAX_CATEGORY_MESSAGE })
  .nullable()
  .optional()
  .meta({
    description:
      'The UNCL 5305 tax category: S standard rate, Z zero rated, E exempt, AE reverse charge, K intra-EU supply, G export outside the EU, O outside the scope of VAT. S needs a tax rate above 0, every other category a rate of 0. Left out or null: S when the rate is above 0, else Z; answered with the derived category.',
  });

/** Why a line charges no tax (exempt, reverse charge…); printed on e-invoices. */
export const LineTaxExemptionReasonSchema = singleLine('Tax exemption reason')
  .trim()
  .max(
    TAX_EXEMPTION_REASON_MAX,
    `Tax exemption reason must be at most ${TAX_EXEMPTION_REASON_MAX} characters`,
  )
  .nullable()
  .transform((v) => v || null)
  .optional()
  .meta({
    description:
      'Why the line charges no tax, e.g. "Reverse charge: Art. 196 VAT Directive", at most 300 characters; only for the categories E, AE, K, G and O.',
  });

/**
 * What is wrong with a line's tax category, rate and exemption reason, or null: standard
 * rate needs a rate above 0 and every other category 0; a reason only for E, AE, K, G, O.
 */
export function lineTaxProblem(line: {
  taxRate: string;
  taxCategory?: string | null;
  taxExemptionReason?: string | null;
}): string | null {
  const category = taxCategoryOf(line.taxCategory, line.taxRate);
  if (line.taxCategory) {
    const problem = taxCategoryProblem(category, line.taxRate);
    if (problem) return problem;
  }
  if (line.taxExemptionReason && !EXEMPT_CATEGORIES.includes(category))
    return `${TAX_CATEGORY_LABELS[category]} takes no exemption reason`;
  return null;
}

/** The API's rule for a line's decimal field. */
const apiNumber = (field: LineNumberField) =>
  decimalSchema(field.label, { max: field.max, decimals: field.decimals });

/**
 * One line of a document as the API takes it, before the server has read the service it
 * may name. `id` names an existing line of a draft being edited: a line sent without it is
 * new, a line left out is removed (and the time it billed becomes unbilled again).
 * `serviceId` copies a service of the catalogue into the line (its name and description,
 * unit price and tax rate), each value the line gives itself winning; without a service the
 * line gives its description and unit price, and a tax rate left out is 0.
 */
const documentLineFields = {
  id: IdSchema.optional(),
  serviceId: IdSchema.nullable().optional().meta({
    description:
      'A service of the catalogue to copy into the line: its name and description, unit, unit price and tax rate, unless the line gives its own. Later edits of the service do not change the line. Null: a line of its own (as answered for a line typed by hand).',
  }),
  description: z
    .string({ error: required(LINE_DESCRIPTION_FIELD.label) })
    .trim()
    .min(1, required(LINE_DESCRIPTION_FIELD.label))
    .max(LINE_DESCRIPTION_FIELD.max, tooLong(LINE_DESCRIPTION_FIELD))
    .optional(),
  quantity: apiNumber(LINE_NUMBER_FIELDS.quantity),
  unit: LineUnitSchema,
  unitCode: LineUnitCodeSchema,
  unitPrice: apiNumber(LINE_NUMBER_FIELDS.unitPrice).optional(),
  taxRate: apiNumber(LINE_NUMBER_FIELDS.taxRate).optional(),
  taxCategory: LineTaxCategorySchema,
  taxExemptionReason: LineTaxExemptionReasonSchema,
};

/** Without a service, a line gives its own description and unit price. */
function ownValuesRequired(
  line: { serviceId?: number | null; description?: string; unitPrice?: string },
  ctx: z.RefinementCtx,
) {
  if (line.serviceId != null) return;
  if (line.description === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['description'],
      message: required(LINE_DESCRIPTION_FIELD.label),
    });
  if (line.unitPrice === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['unitPrice'],
      message: required(LINE_NUMBER_FIELDS.unitPrice.label),
    });
}

export const DocumentLineInputSchema = z.object(documentLineFields).superRefine(ownValuesRequired);
/** A line as the API takes it: its own values, a service's, or both. */
export type DocumentLineApiInput = z.output<typeof DocumentLineInputSchema>;

/** A recurring invoice's line: the same without an id (saving replaces them all). */
export const TemplateLineInputSchema = z
  .object(documentLineFields)
  .omit({ id: true })
  .superRefine(ownValuesRequired);

/** A line once its service is read (the server's resolveLines): every value it stores. */
export interface DocumentLine {
  id?: number;
  /** The service it was copied from; null (or left out) for a line typed by hand. */
  serviceId?: number | null;
  description: string;
  quantity: string;
  /** What the quantity counts; null for none. */
  unit: string | null;
  unitPrice: string;
  taxRate: string;
  /** UN/ECE Rec. 20; null or left out: derived from the unit. */
  unitCode?: string | null;
  /** UNCL 5305; null or left out: derived from the rate. */
  taxCategory?: TaxCategory | null;
  taxExemptionReason?: string | null;
}

/** A document's notes as the API takes them: left out stays left out; emptied is none. */
export const DocumentNotesSchema = z
  .string()
  .trim()
  .max(NOTES_FIELD.max, tooLong(NOTES_FIELD))
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/**
 * A line's decimal in a form: a Mantine NumberInput holds a number, or a string while empty
 * or half typed. Empty says it is required; otherwise the API's rule, so the form answers
 * the exact decimal text the API takes.
 */
const formNumber = (field: LineNumberField) =>
  z
    .union([z.number(), z.string()])
    .refine((v) => String(v).trim() !== '', { message: required(field.label), abort: true })
    .pipe(apiNumber(field));

/** A line in a form: the API's rules, with the shapes of the inputs. */
export const DocumentLineFormSchema = z.object({
  id: z.number().optional(),
  /** Set when a service was picked for the line in this edit: the server records it. */
  serviceId: z.number().optional(),
  description: documentLineFields.description.unwrap(),
  quantity: formNumber(LINE_NUMBER_FIELDS.quantity),
  /** Empty for none (the API stores null). */
  unit: z
    .string()
    .trim()
    .max(LINE_UNIT_FIELD.max, `Unit must be at most ${LINE_UNIT_FIELD.max} characters`)
    .optional(),
  unitPrice: formNumber(LINE_NUMBER_FIELDS.unitPrice),
  taxRate: formNumber(LINE_NUMBER_FIELDS.taxRate),
  /** Empty: derived from the rate (standard above 0, else zero rated). */
  taxCategory: z.union([z.enum(TAX_CATEGORIES), z.literal('')]).optional(),
  /** Sent only for the categories that take one (E, AE, K, G, O). */
  taxExemptionReason: z
    .string()
    .trim()
    .max(
      TAX_EXEMPTION_REASON_MAX,
      `Tax exemption reason must be at most ${TAX_EXEMPTION_REASON_MAX} characters`,
    )
    .optional(),
});
export type DocumentLineFormInput = z.input<typeof DocumentLineFormSchema>;

export const DISCOUNT_CHOICES = ['none', 'percent', 'amount'] as const;

/**
 * What every form that bills lines edits (a draft invoice or estimate, a recurring
 * invoice's template): the currency, the lines, a discount before tax, and notes. The
 * server checks every rule again (decimals against the currency, the discount against the
 * subtotal) and its message shows in the toast.
 */
export const documentFormFields = {
  currency: z.string({ error: 'Currency is required' }).min(1, 'Currency is required'),
  lines: z.array(DocumentLineFormSchema),
  discountType: z.enum(DISCOUNT_CHOICES),
  discountValue: z.union([z.number(), z.string()]),
  notes: z.string().trim().max(NOTES_FIELD.max, tooLong(NOTES_FIELD)),
};
export const DocumentFormSchema = z.object(documentFormFields);
export type DocumentFormInput = z.input<typeof DocumentFormSchema>;
export type DocumentFormOutput = z.output<typeof DocumentFormSchema>;

/** A new line in a form, from the descriptions' initial values. */
export function newFormLine(): DocumentLineFormInput {
  return {
    description: '',
    quantity: LINE_NUMBER_FIELDS.quantity.initial,
    unit: '',
    unitPrice: LINE_NUMBER_FIELDS.unitPrice.initial,
    taxRate: LINE_NUMBER_FIELDS.taxRate.initial,
    taxCategory: '',
    taxExemptionReason: '',
  };
}

/** A new document's form: one new line, no discount, no notes. */
export function documentFormDefaults(currency: string): DocumentFormInput {
  return { currency, lines: [newFormLine()], discountType: 'none', discountValue: '', notes: '' };
}

/** A stored line as the API answers it (a recurring template's lines have no id). */
interface AnsweredLine {
  id?: number;
  description: string;
  quantity: string;
  unit?: string | null;
  unitPrice: string;
  taxRate: string;
  taxCategory?: string | null;
  taxExemptionReason?: string | null;
}

/** A decimal as an input shows it: "1.50" → "1.5", "20.000" → "20" (text, never a float). */
const plain = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

/** A stored document as its form's values. */
export function documentFormValues(document: {
  currency: string;
  lines: readonly AnsweredLine[];
  discount: { type: 'percent' | 'amount'; value: string } | null;
  notes: string | null;
}): DocumentFormInput {
  return {
    currency: document.currency,
    lines: document.lines.map((line) => ({
      ...(line.id !== undefined ? { id: line.id } : {}),
      description: line.description,
      quantity: plain(line.quantity),
      unit: line.unit ?? '',
      unitPrice: line.unitPrice,
      taxRate: plain(line.taxRate),
      // The category the rate implies stays implied: changing the rate later changes it too.
      taxCategory:
        !line.taxCategory || line.taxCategory === taxCategoryOf(null, line.taxRate)
          ? ''
          : (line.taxCategory as TaxCategory),
      taxExemptionReason: line.taxExemptionReason ?? '',
    })),
    discountType: document.discount?.type ?? 'none',
    discountValue: document.discount?.value ?? '',
    notes: document.notes ?? '',
  };
}

/** A form's values as the API takes them (exact decimal strings). */
export function documentInput(values: DocumentFormOutput) {
  return {
    currency: values.currency,
    lines: values.lines.map(({ id, unit, taxCategory, taxExemptionReason, ...line }) => {
      const category = taxCategoryOf(taxCategory, line.taxRate);
      return {
        ...(id !== undefined ? { id } : {}),
        ...line,
        unit: unit || null,
        taxCategory: taxCategory || null,
        taxExemptionReason: (EXEMPT_CATEGORIES.includes(category) && taxExemptionReason) || null,
      };
    }),
    discount:
      values.discountType === 'none' || String(values.discountValue).trim() === ''
        ? null
        : { type: values.discountType, value: String(values.discountValue) },
    notes: values.notes === '' ? null : values.notes,
  };
}
