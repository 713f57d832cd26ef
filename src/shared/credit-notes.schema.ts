import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { PartySchema } from './invoices.schema.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { CurrencyAmountSchema, decimalSchema } from './money.ts';

/*
 * Credit notes (issue 41, item 5): an issued invoice is corrected by crediting it, in full,
 * by lines or by an amount. A credit note has its own gap-free sequence (CN-0001), frozen
 * parties, and states what is credited in positive amounts.
 */

export const CREDIT_NOTE_MODES = ['full', 'lines', 'amount'] as const;
export type CreditNoteMode = (typeof CREDIT_NOTE_MODES)[number];

const ReasonSchema = z
  .string({ error: 'A reason is required' })
  .trim()
  .min(1, 'A reason is required')
  .max(500, 'Reason must be less than 500 characters');

/** One invoice line to credit: a quantity of it, or an amount (before tax) of it. */
export const CreditNoteLineInputSchema = z
  .object({
    invoiceLineId: IdSchema,
    quantity: decimalSchema('Quantity', { max: 9_999_999, decimals: 2 }).optional(),
    amount: CurrencyAmountSchema.optional().meta({
      description: "An amount of the line before tax, in the invoice's currency.",
    }),
  })
  .refine((l) => (l.quantity === undefined) !== (l.amount === undefined), {
    message: 'Give a quantity or an amount for each line, not both',
  });
export type CreditNoteLineInput = z.infer<typeof CreditNoteLineInputSchema>;

/**
 * `POST /api/invoices/{id}/credit-notes`: neither `lines` nor `amount` credits everything
 * that remains; `lines` some of the invoice's lines; `amount` an amount, tax included,
 * split over the invoice's tax rates in proportion to their amounts.
 */
export const CreditNoteInputSchema = z
  .object({
    id: IdSchema,
    reason: ReasonSchema,
    lines: z
      .array(CreditNoteLineInputSchema)
      .min(1, 'Choose at least one line to credit')
      .max(500, 'At most 500 lines')
      .optional(),
    amount: CurrencyAmountSchema.optional().meta({
      description: "The amount to credit, tax included, in the invoice's currency.",
    }),
  })
  .refine((i) => i.lines === undefined || i.amount === undefined, {
    message: 'Credit by lines or by an amount, not both',
    path: ['amount'],
  });
export type CreditNoteInput = z.infer<typeof CreditNoteInputSchema>;

export const CreditNoteLineSchema = z.object({
  id: z.number(),
  /** The invoice line it credits; null for a credit by amount (one line per tax rate). */
  invoiceLineId: z.number().nullable(),
  /** quantity: part of the line's quantity; amount: an amount of it; rate: an amount at a tax rate. */
  credits: z.enum(['quantity', 'amount', 'rate']),
  description: z.string(),
  quantity: z.string(),
  unit: z.string().nullable(),
  unitPrice: z.string(),
  taxRate: z.string(),
  /** What is credited before tax (after the invoice's discount share). */
  amount: z.string(),
  unitCode: z.string().nullable(),
  taxCategory: z.string().nullable(),
  taxExemptionReason: z.string().nullable(),
});
export type CreditNoteLine = z.infer<typeof CreditNoteLineSchema>;

export const CreditNoteTaxSchema = z.object({
  rate: z.string(),
  base: z.string(),
  amount: z.string(),
});
export type CreditNoteTax = z.infer<typeof CreditNoteTaxSchema>;

export const CreditNoteSchema = z.object({
  id: z.number(),
  creditNoteNumber: z.string(),
  invoiceId: z.number(),
  /** The invoice it credits, as the credit note names it. */
  invoice: z.object({ number: z.string().nullable(), issueDate: z.string().nullable() }),
  clientId: z.number(),
  client: z.object({ name: z.string(), company: z.string().nullable() }),
  projectId: z.number().nullable(),
  issueDate: z.string(),
  currency: z.string(),
  reason: z.string(),
  mode: z.enum(CREDIT_NOTE_MODES),
  /** Before tax. */
  subtotal: z.string(),
  taxTotal: z.string(),
  /** What is credited, tax included: positive. */
  total: z.string(),
  /** When its email was first accepted by the mail server. */
  emailedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditNote = z.infer<typeof CreditNoteSchema>;

export const CreditNoteDetailSchema = CreditNoteSchema.extend({
  lines: z.array(CreditNoteLineSchema),
  taxes: z.array(CreditNoteTaxSchema),
  seller: PartySchema,
  buyer: PartySchema,
});
export type CreditNoteDetail = z.infer<typeof CreditNoteDetailSchema>;

export const CREDIT_NOTE_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  '-total': 'Largest amount',
  total: 'Smallest amount',
  number: 'By number',
} as const;
export type CreditNoteSort = keyof typeof CREDIT_NOTE_SORT_LABELS;

export const CreditNoteListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(CREDIT_NOTE_SORT_LABELS),
  clientId: IdSchema.optional(),
  invoiceId: IdSchema.optional(),
});
export type CreditNoteListQuery = z.infer<typeof CreditNoteListQuerySchema>;

/** What of an issued invoice can still be credited: in all, and line by line. */
export const CreditableSchema = z.object({
  invoiceId: z.number(),
  currency: z.string(),
  total: z.string(),
  credited: z.string(),
  /** Total − earlier credit notes: the most a new credit note may credit. */
  remaining: z.string(),
  lines: z.array(
    z.object({
      invoiceLineId: z.number(),
      description: z.string(),
      unit: z.string().nullable(),
      taxRate: z.string(),
      quantity: z.string(),
      /** The quantity not yet credited by quantity. */
      remainingQuantity: z.string(),
      /** The line's amount before tax, after its discount share. */
      amount: z.string(),
      /** …less what was credited of it. */
      remainingAmount: z.string(),
    }),
  ),
});
export type Creditable = z.infer<typeof CreditableSchema>;

export const CreditNoteSendSchema = z.object({
  id: IdSchema,
  message: z
    .string()
    .trim()
    .max(10_000, 'Message must be at most 10,000 characters')
    .optional()
    .meta({ description: "The email's text; the workspace's credit note template when left out." }),
});
