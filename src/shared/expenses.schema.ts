import { z } from 'zod';
import { CurrencySchema, minorDigits } from './currencies.ts';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { fromMinor, toMinor } from './invoice-math.ts';
import {
  apiRulesOf,
  csvColumnsOf,
  csvRowOf,
  currencyOf,
  dateOf,
  decimalOf,
  type DescribedFields,
  flagOf,
  NOTES_FIELD,
  refOf,
  textOf,
  textOutputOf,
} from './fields.ts';
import { ListQuerySchema } from './list.schema.ts';
import { amountDecimalsMessage, decimalSchema, fitsCurrency } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

/** The largest expense: with the largest markup (1000 %) it still fits an invoice line. */
export const MAX_EXPENSE_AMOUNT = 1_000_000;
export const MAX_MARKUP_PERCENT = 1000;

// Categories

export const ExpenseCategoryInputSchema = z.object({
  name: singleLine('Name', { error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be less than 100 characters'),
});
export const ExpenseCategoryUpdateSchema = ExpenseCategoryInputSchema.extend({ id: IdSchema });

export const ExpenseCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** How many expenses are in it (they become uncategorised when it is deleted). */
  expenseCount: z.number(),
});
export type ExpenseCategory = z.infer<typeof ExpenseCategorySchema>;

// Expenses

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * An expense's fields, in form order, described once: the API's and the form's rules, the
 * form's defaults, its text inputs and the CSV export's columns all come from this list. A
 * new text field is one entry here and its column (a migration and db/schema.ts).
 */
export const EXPENSE_FIELDS = {
  date: dateOf('Date'),
  /** More than 0, with at most as many decimals as the currency has (checked with it). */
  amount: decimalOf(
    'Amount',
    decimalSchema('Amount', { max: MAX_EXPENSE_AMOUNT, decimals: 3 }).refine(
      (v) => Number(v) > 0,
      'Amount must be greater than 0',
    ),
  ),
  /** ISO 4217; the workspace's currency (business profile) when left out. */
  currency: currencyOf(
    'Currency',
    "ISO 4217 code; the workspace's currency (Settings → Business) when left out.",
  ),
  categoryId: refOf('Category'),
  vendor: textOf({
    label: 'Vendor',
    title: 'Vendor',
    max: 200,
    input: 'text',
    placeholder: 'Who was paid',
    // Expenses have no CSV import (yet): no header spellings to map.
    headers: [],
  }),
  /** A project of the workspace; without a client, the expense takes the project's. */
  projectId: refOf('Project'),
  clientId: refOf('Client'),
  billable: flagOf('Billable'),
  /** Added on top when the expense is billed, a percent from 0 to 1000 (billable only). */
  markupPercent: decimalOf(
    'Markup',
    decimalSchema('Markup', { max: MAX_MARKUP_PERCENT, decimals: 2 }).default('0'),
    { title: 'Markup %', fallback: '0' },
  ),
  notes: textOf({ ...NOTES_FIELD, max: 2000, placeholder: '' }),
} as const satisfies DescribedFields;
export type ExpenseField = keyof typeof EXPENSE_FIELDS;

const expenseFields = z.object(apiRulesOf(EXPENSE_FIELDS));

/** One expense, as the form, the API and the CSV export take it. */
export const ExpenseInputSchema = expenseFields.superRefine((value, ctx) => {
  if (value.currency && !fitsCurrency(value.amount, value.currency)) {
    ctx.addIssue({
      code: 'custom',
      path: ['amount'],
      message: amountDecimalsMessage(value.currency),
    });
  }
});
export type ExpenseInput = z.infer<typeof ExpenseInputSchema>;
/** An expense's values as the API stores them, any of them (an update's changes). */
export type ExpenseValues = Partial<ExpenseInput>;

export const ExpenseUpdateSchema = updateSchemaOf(expenseFields).extend({ id: IdSchema });
export type ExpenseUpdate = z.infer<typeof ExpenseUpdateSchema>;

export const ExpenseListQuerySchema = ListQuerySchema.extend({
  from: IsoDateSchema.optional().meta({ description: 'Expenses dated on or after this day.' }),
  to: IsoDateSchema.optional().meta({ description: 'Expenses dated on or before this day.' }),
  categoryId: IdSchema.optional(),
  projectId: IdSchema.optional(),
  clientId: IdSchema.optional(),
  billable: flag
    .optional()
    .meta({ description: 'true: billable expenses only; false: the others.' }),
  billed: flag
    .optional()
    .meta({ description: 'true: only expenses on an invoice; false: only those not billed.' }),
  /** The expenses one invoice billed. */
  invoiceId: IdSchema.optional(),
  currency: CurrencySchema.optional(),
  draft: flag.optional().meta({
    description:
      'true: only drafts (imported e-invoices waiting for review); false: only confirmed expenses.',
  }),
});
export type ExpenseListQuery = z.infer<typeof ExpenseListQuerySchema>;

/** The list's filters without a page: what the CSV export takes. */
export const ExpenseFiltersSchema = ExpenseListQuerySchema.omit({ limit: true, offset: true });
export type ExpenseFilters = z.infer<typeof ExpenseFiltersSchema>;

export const ExpenseSchema = z.object({
  id: z.number(),
  date: z.string(),
  /** With the currency's decimals ("12.50", "1200" in JPY). */
  amount: z.string(),
  currency: z.string(),
  categoryId: z.number().nullable(),
  category: z.object({ id: z.number(), name: z.string() }).nullable(),
  ...textOutputOf(EXPENSE_FIELDS),
  projectId: z.number().nullable(),
  project: z.object({ id: z.number(), name: z.string() }).nullable(),
  clientId: z.number().nullable(),
  client: z.object({ id: z.number(), name: z.string() }).nullable(),
  billable: z.boolean(),
  /** Two decimals ("10.00"). */
  markupPercent: z.string(),
  /** What billing it puts on an invoice: amount × (1 + markup / 100), to the currency's unit. */
  billableAmount: z.string(),
  /** The receipt's URL (readable by members of the workspace), its type and size. */
  receipt: z.object({ url: z.string(), contentType: z.string(), size: z.number() }).nullable(),
  /** The invoice whose line billed it; null while unbilled. */
  invoiceId: z.number().nullable(),
  invoice: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
  invoiceLineId: z.number().nullable(),
  /**
   * An imported e-invoice waiting for review: counted in no total, report or billing until
   * confirmed (`POST /api/expenses/{id}/confirm`).
   */
  draft: z.boolean(),
  /** The seller's VAT identifier, from an imported e-invoice (EN 16931 BT-31). */
  vendorTaxId: z.string().nullable(),
  /** The supplier's own invoice number, from an imported e-invoice (BT-1). */
  supplierInvoiceNumber: z.string().nullable(),
  /** The VAT the supplier charged, from an imported e-invoice (BT-110); null otherwise. */
  taxAmount: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof ExpenseSchema>;

/** The sum of a filtered list in one currency (different currencies are never added). */
export const CurrencyTotalSchema = z.object({
  currency: z.string(),
  amount: z.string(),
  count: z.number(),
});
export type CurrencyTotal = z.infer<typeof CurrencyTotalSchema>;

export const ExpensePageSchema = z.object({
  items: z.array(ExpenseSchema),
  total: z.number(),
  /** Per currency, in code order. */
  totals: z.array(CurrencyTotalSchema),
  /** The same, as the `X-Total-Amounts` header writes it: `EUR 120.00; USD 35.50`. */
  totalAmounts: z.string(),
});
export type ExpensePage = z.infer<typeof ExpensePageSchema>;

/**
 * What an expense bills: amount × (1 + markup / 100), rounded half-up to the currency's
 * minor unit, exactly (integers, never floats). The markup has at most two decimals.
 */
export function billableAmountOf(amount: string, markupPercent: string, currency: string): string {
  const digits = minorDigits(currency);
  const minor = toMinor(amount, digits);
  const markup = toMinor(markupPercent, 2); // hundredths of a percent
  const scaled = minor * (10_000n + markup);
  return fromMinor((scaled * 2n + 10_000n) / 20_000n, digits);
}

/** `EUR 120.00; USD 35.50` (the totals header, written as the payments list writes it). */
export const totalAmountsText = (totals: CurrencyTotal[]) =>
  totals.map((t) => `${t.currency} ${t.amount}`).join('; ');

/** The export's columns computed from several fields, before the long text. */
const EXPENSE_CSV_EXTRA = ['Billable Amount', 'Invoice', 'Receipt'] as const;

/** Date, Amount, …, Billable Amount, Invoice, Receipt, Notes. */
export const EXPENSE_CSV_COLUMNS = csvColumnsOf(EXPENSE_FIELDS, EXPENSE_CSV_EXTRA);

/** One expense as a CSV row of EXPENSE_CSV_COLUMNS. */
export function expenseCsvRow(e: Expense): Record<string, string> {
  return csvRowOf(
    EXPENSE_FIELDS,
    e,
    {
      categoryId: () => e.category?.name ?? '',
      projectId: () => e.project?.name ?? '',
      clientId: () => e.client?.name ?? '',
      billable: () => (e.billable ? 'Yes' : 'No'),
      markupPercent: () => (e.billable ? e.markupPercent : ''),
    },
    {
      'Billable Amount': e.billable ? e.billableAmount : '',
      Invoice: e.invoice ? (e.invoice.number ?? 'Draft') : '',
      Receipt: e.receipt ? 'Yes' : 'No',
    } satisfies Record<(typeof EXPENSE_CSV_EXTRA)[number], string>,
  );
}
