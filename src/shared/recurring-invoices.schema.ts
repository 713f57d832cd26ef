import { addMonths, addQuarters, addWeeks, addYears, format, parseISO } from 'date-fns';
import { z } from 'zod';
import { CurrencySchema } from './currencies.ts';
import { IsoDateSchema } from './dates.ts';
import { IdSchema, requiredId } from './ids.ts';
import {
  DiscountOutputSchema,
  DiscountSchema,
  DocumentClientSchema,
  DraftNotesSchema,
  InvoiceLineSchema,
  INVOICE_STATUSES,
  MAX_INVOICE_LINES,
} from './invoices.schema.ts';
import { TemplateLineInputSchema, type DocumentLine } from './document-fields.ts';
import { ListQuerySchema } from './list.schema.ts';

export const RECURRING_FREQUENCIES = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export const FREQUENCY_LABELS: Record<RecurringFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** `ended`: the schedule is over (its last period is invoiced, or its end date passed). */
export const RECURRING_STATUSES = ['active', 'paused', 'ended'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];

/**
 * The most periods one run of the schedule invoices for a template. After a longer
 * downtime the most recent ones are invoiced and the older ones skipped (never invoiced by
 * Keel); either way the workspace owners get an email saying what was done.
 */
export const MAX_CATCH_UP_PERIODS = 12;

/** The most periods a schedule may run for (`endAfterCount`). */
export const MAX_RECURRING_COUNT = 1000;

/**
 * The start of period `index` (0 for the first) of a schedule: the start date plus
 * `index` weeks, months, quarters or years, always counted from the start date, so a
 * schedule from 31 January runs 28 (or 29) February, 31 March, 30 April, 31 May…
 */
export function periodStart(
  startDate: string,
  frequency: RecurringFrequency,
  index: number,
): string {
  const start = parseISO(startDate);
  const add = { weekly: addWeeks, monthly: addMonths, quarterly: addQuarters, yearly: addYears }[
    frequency
  ];
  return format(add(start, index), 'yyyy-MM-dd');
}

export interface Schedule {
  startDate: string;
  frequency: RecurringFrequency;
  endAfterCount: number | null;
  endDate: string | null;
}

/**
 * The start of period `index` when `invoiced` periods have been invoiced so far, or null
 * when the schedule has ended: its number of invoices is reached (periods skipped do not
 * count), or the period would start after its end date.
 */
export function scheduledPeriod(
  schedule: Schedule,
  index: number,
  invoiced: number,
): string | null {
  if (schedule.endAfterCount !== null && invoiced >= schedule.endAfterCount) return null;
  const start = periodStart(schedule.startDate, schedule.frequency, index);
  if (schedule.endDate !== null && start > schedule.endDate) return null;
  return start;
}

/** A template's lines: an invoice's line without an id (saving replaces them all). */
export const RecurringLineInputSchema = TemplateLineInputSchema;
/** A template's line as stored, once its service is read. */
export type RecurringLineInput = Omit<DocumentLine, 'id'>;

const countSchema = z
  .number({ error: 'The number of invoices must be a whole number' })
  .int('The number of invoices must be a whole number')
  .min(1, 'The number of invoices must be at least 1')
  .max(MAX_RECURRING_COUNT, `The number of invoices must be at most ${MAX_RECURRING_COUNT}`);

const templateFields = {
  /** ISO 4217; the client's currency, else the workspace's, when left out. */
  currency: CurrencySchema.optional(),
  lines: z
    .array(RecurringLineInputSchema)
    .min(1, 'Add at least one line')
    .max(MAX_INVOICE_LINES, `An invoice holds at most ${MAX_INVOICE_LINES} lines`),
  discount: DiscountSchema.nullable().optional(),
  notes: DraftNotesSchema,
  /** Days from each invoice's date to its due date; null: the client's terms, else the workspace's. */
  paymentTermsDays: z
    .number({ error: 'Payment terms must be a number of days' })
    .int('Payment terms must be a whole number of days')
    .min(0, 'Payment terms must be between 0 and 365 days')
    .max(365, 'Payment terms must be between 0 and 365 days')
    .nullable()
    .optional(),
  frequency: z.enum(RECURRING_FREQUENCIES, {
    error: 'Frequency must be weekly, monthly, quarterly or yearly',
  }),
  /** The date of the first invoice (today or later); the others follow at the frequency. */
  startDate: IsoDateSchema,
  /** Ends after this many invoices (periods)… */
  endAfterCount: countSchema.nullable().optional(),
  /** …or with the last period starting on or before this date; neither: never ends. */
  endDate: IsoDateSchema.nullable().optional(),
  /** Issue each invoice and email it to the client; false leaves each as a draft. */
  autoSend: z.boolean({ error: 'Auto-send must be true or false' }),
};

const ONE_END = 'Choose one end: after a number of invoices or on a date';
const END_AFTER_START = 'The end date must be on or after the start date';

export const RecurringInvoiceInputSchema = z
  .object({
    clientId: requiredId('Client is required'),
    ...templateFields,
    autoSend: templateFields.autoSend.default(false),
  })
  .refine((v) => v.endAfterCount == null || v.endDate == null, {
    message: ONE_END,
    path: ['endDate'],
  })
  .refine((v) => v.endDate == null || v.endDate >= v.startDate, {
    message: END_AFTER_START,
    path: ['endDate'],
  });
export type RecurringInvoiceInput = z.infer<typeof RecurringInvoiceInputSchema>;

/**
 * `PUT /api/recurring-invoices/{id}`: only the fields sent change (lines, when sent,
 * replace them all). `status` pauses or resumes: resuming goes on from the first period
 * that starts today or later (the periods of the pause are not invoiced).
 */
export const RecurringInvoiceUpdateSchema = z
  .object({
    id: IdSchema,
    clientId: IdSchema.optional(),
    currency: templateFields.currency,
    lines: templateFields.lines.optional(),
    discount: templateFields.discount,
    notes: templateFields.notes,
    paymentTermsDays: templateFields.paymentTermsDays,
    frequency: templateFields.frequency.optional(),
    startDate: templateFields.startDate.optional(),
    endAfterCount: templateFields.endAfterCount,
    endDate: templateFields.endDate,
    autoSend: templateFields.autoSend.optional(),
    status: z.enum(['active', 'paused'], { error: 'Status must be active or paused' }).optional(),
  })
  .refine((v) => v.endAfterCount == null || v.endDate == null, {
    message: ONE_END,
    path: ['endDate'],
  });
export type RecurringInvoiceUpdate = z.infer<typeof RecurringInvoiceUpdateSchema>;

export const RecurringInvoiceListQuerySchema = ListQuerySchema.extend({
  status: z.enum(RECURRING_STATUSES).optional(),
  clientId: IdSchema.optional(),
});

export const RecurringInvoiceSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  client: DocumentClientSchema,
  currency: z.string(),
  discount: DiscountOutputSchema,
  notes: z.string().nullable(),
  paymentTermsDays: z.number().nullable(),
  frequency: z.enum(RECURRING_FREQUENCIES),
  startDate: z.string(),
  endAfterCount: z.number().nullable(),
  endDate: z.string().nullable(),
  autoSend: z.boolean(),
  status: z.enum(RECURRING_STATUSES),
  /** The date of the next invoice (the start of its period); null once ended. */
  nextIssueDate: z.string().nullable(),
  /** Its first period is behind it: the start date and frequency are fixed. */
  started: z.boolean(),
  /** Invoices made from this template (deleted drafts are not counted). */
  invoiceCount: z.number(),
  /** What each invoice comes to, with as many decimals as the currency has. */
  subtotal: z.string(),
  total: z.string(),
  /**
   * The latest invoice the template was to issue and email by itself that stayed a draft
   * (its first reason: the EN 16931 rule with e-invoicing on, else why it could not be
   * sent); null once a later automatic send went through.
   */
  lastFailure: z
    .object({
      at: z.string(),
      /** The draft it left (null once that draft is deleted). */
      invoiceId: z.number().nullable(),
      rule: z.string().nullable(),
      message: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RecurringInvoice = z.infer<typeof RecurringInvoiceSchema>;

/** `GET /api/recurring-invoices/{id}`: the template with its lines, invoices and next dates. */
export const RecurringInvoiceDetailSchema = RecurringInvoiceSchema.extend({
  /** The lines each invoice gets, as an invoice answers its lines (without what is computed). */
  lines: z.array(
    InvoiceLineSchema.pick({
      serviceId: true,
      description: true,
      quantity: true,
      unit: true,
      unitCode: true,
      unitPrice: true,
      taxRate: true,
      taxCategory: true,
      taxExemptionReason: true,
    }),
  ),
  /** The invoices made from it, the latest period first. */
  invoices: z.array(
    z.object({
      id: z.number(),
      invoiceNumber: z.string().nullable(),
      status: z.enum(INVOICE_STATUSES),
      periodStart: z.string(),
      issueDate: z.string().nullable(),
      dueDate: z.string().nullable(),
      total: z.string(),
      /** When an email of it was first accepted by the mail server (as on an invoice). */
      emailedAt: z.string().nullable(),
    }),
  ),
  /** The dates of the next invoices (up to five), while the template is active. */
  upcoming: z.array(z.string()),
});
export type RecurringInvoiceDetail = z.infer<typeof RecurringInvoiceDetailSchema>;
