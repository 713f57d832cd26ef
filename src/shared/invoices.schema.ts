import { z } from 'zod';
import { optionalLine, TAX_CATEGORIES } from './einvoice-fields.ts';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { CurrencySchema } from './currencies.ts';
import {
  DocumentLineInputSchema,
  DocumentNotesSchema,
  type DocumentLine,
} from './document-fields.ts';
import { CurrencyAmountSchema, decimalSchema } from './money.ts';
import { singleLine } from './text.schema.ts';

export const INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** SPEC §4: the only moves an invoice can make, and the button that makes each. */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, { to: InvoiceStatus; action: string }[]> = {
  draft: [{ to: 'sent', action: 'Send Invoice' }],
  sent: [
    { to: 'viewed', action: 'Mark Viewed' },
    { to: 'paid', action: 'Mark Paid' },
  ],
  viewed: [{ to: 'paid', action: 'Mark Paid' }],
  // Keel lets an overdue invoice be paid; the original showed no action.
  overdue: [{ to: 'paid', action: 'Mark Paid' }],
  paid: [],
  void: [],
};

/** The most lines one invoice holds. */
export const MAX_INVOICE_LINES = 500;
/** The largest invoice total, within the numeric(15, 3) columns with room for every sum. */
export const MAX_INVOICE_TOTAL = 999_999_999_999;

/**
 * One line of an invoice (or estimate): described in document-fields.ts. Quantity to 2
 * decimals; the unit price to the currency's minor unit (checked against the invoice's
 * currency by the server).
 */
export const InvoiceLineInputSchema = DocumentLineInputSchema;
/** A line as stored, once its service is read (see DocumentLine). */
export type InvoiceLineInput = DocumentLine;

/** Off the subtotal, before tax: a percent, or an amount in the invoice's currency. */
export const DiscountSchema = z
  .object({
    type: z.enum(['percent', 'amount'], { error: 'Discount type must be percent or amount' }),
    value: decimalSchema('Discount', { max: MAX_INVOICE_TOTAL, decimals: 3 }),
  })
  .refine((d) => d.type !== 'percent' || Number(d.value) <= 100, {
    message: 'A discount percent must be at most 100',
    path: ['value'],
  });
export type Discount = z.infer<typeof DiscountSchema>;

/** A draft's lines (invoice or estimate, named in the message). */
export const draftLinesSchema = (noun: 'invoice' | 'estimate') =>
  z
    .array(InvoiceLineInputSchema)
    .max(MAX_INVOICE_LINES, `An ${noun} holds at most ${MAX_INVOICE_LINES} lines`);

/** The service period's order, or null: its end may not come before its start. */
export function servicePeriodProblem(start: string | null, end: string | null): string | null {
  return start && end && end < start ? 'The service period must not end before it starts' : null;
}

/** A draft's notes. Left out stays left out (an update keeps the notes); emptied is none. */
export const DraftNotesSchema = DocumentNotesSchema;

/** How unbilled time becomes lines: one per entry, or one per project and rate. */
export const TIME_GROUPINGS = ['entry', 'project'] as const;

const draftFields = {
  projectId: IdSchema.nullable().optional(),
  /** ISO 4217; the client's currency, else the workspace's, when left out. */
  currency: CurrencySchema.optional(),
  issueDate: IsoDateSchema.nullable().optional(),
  dueDate: IsoDateSchema.nullable().optional(),
  lines: draftLinesSchema('invoice').optional(),
  discount: DiscountSchema.nullable().optional(),
  notes: DraftNotesSchema,
  // EN 16931 references (issue 41): editable on drafts, frozen once issued.
  buyerReference: optionalLine('Buyer reference', 200).meta({
    description:
      "The buyer's reference for this invoice (BT-10), e.g. a German Leitweg-ID; empty or null for none.",
  }),
  purchaseOrderReference: optionalLine('Purchase order reference', 200).meta({
    description: "The buyer's purchase order this invoice bills (BT-13); empty or null for none.",
  }),
  servicePeriodStart: IsoDateSchema.nullable().optional().meta({
    description: 'The first day of the period the invoice bills (BT-73), YYYY-MM-DD.',
  }),
  servicePeriodEnd: IsoDateSchema.nullable().optional().meta({
    description:
      'The last day of the period the invoice bills (BT-74), YYYY-MM-DD; not before its start.',
  }),
  /**
   * Unbilled time entries of the client's projects (any of them) to bill: they become lines.
   * Time is in the workspace's currency, so the invoice must be too.
   */
  timeEntryIds: z.array(IdSchema).max(5000).optional(),
  timeGrouping: z.enum(TIME_GROUPINGS).optional(),
  /** The tax rate of the lines made from time, a percent (0 when left out). */
  timeTaxRate: decimalSchema('Tax rate', { max: 100, decimals: 3 }).optional(),
  /**
   * Billable, unbilled expenses of the invoice's client, in its currency: one line each
   * (amount × (1 + markup / 100)), billed once.
   */
  expenseIds: z.array(IdSchema).max(5000).optional(),
};

export const InvoiceInputSchema = z.object({
  clientId: IdSchema,
  ...draftFields,
  /**
   * A number of your own (an invoice made elsewhere); left empty, the invoice is numbered
   * from the workspace sequence when it is issued.
   */
  invoiceNumber: z
    .string()
    .trim()
    .max(50, 'Invoice number must be less than 50 characters')
    .pipe(singleLine('Invoice number'))
    .optional(),
  /**
   * Without lines, time or expenses: one line of this amount ('Services'), exactly as
   * written, with at most the currency's decimals (400 otherwise).
   */
  amount: CurrencyAmountSchema.optional(),
  /** `sent` issues it at once. */
  status: z.enum(['draft', 'sent']).default('draft'),
});
export type InvoiceInput = z.infer<typeof InvoiceInputSchema>;

/**
 * `PUT /api/invoices/{id}`: a draft's fields (409 once issued), and/or one of the SPEC's
 * status moves (sent issues the draft, paid records a payment of the balance).
 */
export const InvoiceUpdateSchema = z.object({
  id: IdSchema,
  status: z
    .enum(['sent', 'viewed', 'paid'], { error: 'Status must be sent, viewed or paid' })
    .optional(),
  clientId: IdSchema.optional(),
  ...draftFields,
});
export type InvoiceUpdate = z.infer<typeof InvoiceUpdateSchema>;

export const InvoiceVoidSchema = z.object({
  id: IdSchema,
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(500, 'Reason must be less than 500 characters'),
});

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'check', 'other'] as const;
export const PAYMENT_METHOD_LABELS: Record<(typeof PAYMENT_METHODS)[number], string> = {
  bank_transfer: 'Bank transfer',
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  other: 'Other',
};

export const PaymentInputSchema = z.object({
  id: IdSchema,
  amount: decimalSchema('Amount', { max: MAX_INVOICE_TOTAL, decimals: 3 }).refine(
    (v) => Number(v) > 0,
    'Amount must be greater than 0',
  ),
  date: IsoDateSchema,
  method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }).default('bank_transfer'),
  note: z
    .string()
    .trim()
    .max(500, 'Note must be less than 500 characters')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export const PaymentDeleteSchema = z.object({ id: IdSchema, paymentId: IdSchema });
/** Orders of the invoices list, the default first. */
export const INVOICE_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  dueDate: 'Due soonest',
  '-amount': 'Largest amount',
  amount: 'Smallest amount',
} as const;
export type InvoiceSort = keyof typeof INVOICE_SORT_LABELS;

export const InvoiceListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(INVOICE_SORT_LABELS),
  status: z.enum(INVOICE_STATUSES).optional(),
});

/** A document's discount as answered: percent or amount, the value normalized. */
export const DiscountOutputSchema = z
  .object({ type: z.enum(['percent', 'amount']), value: z.string() })
  .nullable();
/** What a printable document (invoice, estimate) shows of its client. */
export const DocumentClientSchema = z.object({
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
});
/** One tax of a document: the rate, the base it applies to, and the amount. */
export const TaxLineSchema = z.object({ rate: z.string(), base: z.string(), amount: z.string() });

export const InvoiceSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  projectId: z.number().nullable(),
  /** Null for a draft: numbers are given when an invoice is issued. */
  invoiceNumber: z.string().nullable(),
  /** The total, with as many decimals as the currency has. */
  amount: z.string(),
  currency: z.string(),
  issueDate: z.string().nullable(),
  subtotal: z.string(),
  discount: DiscountOutputSchema,
  discountTotal: z.string(),
  taxTotal: z.string(),
  total: z.string(),
  paidTotal: z.string(),
  /** What is left to pay: total − payments (0 for a draft or a void invoice). */
  balance: z.string(),
  notes: z.string().nullable(),
  /** The buyer's reference for this invoice (e.g. a Leitweg-ID); null for none. */
  buyerReference: z.string().nullable(),
  /** The buyer's purchase order; null for none. */
  purchaseOrderReference: z.string().nullable(),
  /** The period billed, YYYY-MM-DD each; null for none. */
  servicePeriodStart: z.string().nullable(),
  servicePeriodEnd: z.string().nullable(),
  issuedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** When the client first opened it in the client portal (or it was marked viewed). */
  viewedAt: z.string().nullable(),
  /**
   * When an email of it was first accepted by the mail server (the invoice email, or a
   * reminder); null while it was only issued. `status` says `sent` for both, as it always
   * has: an issued invoice not emailed reads "Issued" in the app.
   */
  emailedAt: z.string().nullable(),
  /** `overdue` when sent or viewed and past its due date. */
  status: z.enum(INVOICE_STATUSES),
  dueDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  createdAt: z.string(),
  /** The recurring invoice it was made from, if any (GET /api/recurring-invoices/{id}). */
  recurringInvoiceId: z.number().nullable(),
  /** The estimate it was converted from, if any (GET /api/estimates/{id}). */
  estimate: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
  /** What the printable invoice shows of its client. */
  client: DocumentClientSchema,
  project: z.object({ name: z.string() }).nullable(),
  timeEntryCount: z.number(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

const optionalField = () => z.string().nullable().optional();

/**
 * A document's seller or buyer, as frozen when it is issued (sent). The structured fields
 * (issue 41) are present only when set, and absent from parties frozen before them.
 */
export const PartySchema = z.object({
  name: z.string(),
  contactName: z.string().nullable(),
  address: z.string().nullable(),
  /** The VAT identifier. */
  taxId: z.string().nullable(),
  email: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  countryCode: optionalField(),
  street: optionalField(),
  city: optionalField(),
  postalCode: optionalField(),
  /** The seller's company registration id. */
  registrationId: optionalField(),
  electronicAddress: optionalField(),
  /** The EAS code of the electronic address. */
  electronicAddressScheme: optionalField(),
  /** The buyer's reference (e.g. a Leitweg-ID). */
  buyerReference: optionalField(),
  /** The seller's account. */
  iban: optionalField(),
  bic: optionalField(),
});

/** The entries of `values` that are set (not null, undefined or empty). */
export function setFields<T extends Record<string, string | null | undefined>>(
  values: T,
): Partial<{ [K in keyof T]: string }> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v)) as Partial<{
    [K in keyof T]: string;
  }>;
}
export type Party = z.infer<typeof PartySchema>;

export const InvoiceLineSchema = z.object({
  id: z.number(),
  /** The service the line was copied from; null for a line typed by hand. */
  serviceId: z.number().nullable(),
  description: z.string(),
  quantity: z.string(),
  /** What the quantity counts ("hour", "day"…); null for none. */
  unit: z.string().nullable(),
  /** UN/ECE Rec. 20 code: the one stored, else derived from the unit (hour → HUR; none → C62). */
  unitCode: z.string(),
  unitPrice: z.string(),
  taxRate: z.string(),
  /** UNCL 5305 tax category: the one stored, else S when the rate is above 0, Z otherwise. */
  taxCategory: z.enum(TAX_CATEGORIES),
  /** Why the line charges no tax (E, AE, K, G, O); null for none. */
  taxExemptionReason: z.string().nullable(),
  /** quantity × unit price, rounded to the currency. */
  amount: z.string(),
  /** This line's share of the invoice discount. */
  discount: z.string(),
  timeEntryCount: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const PaymentSchema = z.object({
  id: z.number(),
  amount: z.string(),
  date: z.string(),
  method: z.enum(PAYMENT_METHODS),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** `GET /api/invoices/{id}`: the invoice with its lines, taxes, payments and both parties. */
export const InvoiceDetailSchema = InvoiceSchema.extend({
  lines: z.array(InvoiceLineSchema),
  taxes: z.array(TaxLineSchema),
  payments: z.array(PaymentSchema),
  /** Frozen when issued; for a draft, what it would say today. */
  seller: PartySchema,
  buyer: PartySchema,
  paymentInstructions: z.string().nullable(),
  footer: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;
