import { z } from 'zod';
import { CurrencySchema } from './currencies.ts';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';

/**
 * Bank statements as Keel reads them, whatever the file's format: the shapes the statement
 * parsers answer (src/server/domains/banking/statements) and the import preview shows, and
 * the CSV mapping the import wizard builds and each bank account keeps for its next file.
 */

export const STATEMENT_FORMATS = ['csv', 'ofx', 'camt053', 'mt940'] as const;
export const StatementFormatSchema = z.enum(STATEMENT_FORMATS);
export type StatementFormat = z.infer<typeof StatementFormatSchema>;

/** A signed exact decimal with the currency's decimals: "-12.50" left the account, "12.50" came in. */
export const SignedAmountSchema = z.string().regex(/^-?\d+(\.\d+)?$/, 'Invalid amount');

/** A balance the file states, on the day it states it for. */
export const StatementBalanceSchema = z.object({
  amount: SignedAmountSchema,
  date: IsoDateSchema.nullable(),
});
export type StatementBalance = z.infer<typeof StatementBalanceSchema>;

/** One money movement read from a statement file, before it is saved. */
export const StatementTransactionSchema = z.object({
  /** The day the bank booked it (CAMT BookgDt, MT940 entry date, OFX DTPOSTED, CSV date). */
  bookingDate: IsoDateSchema,
  /** The day the money counts from, when the file says (CAMT ValDt, MT940 value date, OFX DTAVAIL). */
  valueDate: IsoDateSchema.nullable(),
  /** Sign = direction: negative left the account. With the currency's decimals. */
  amount: SignedAmountSchema,
  currency: z.string().length(3),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  /** The free remittance text (CAMT Ustrd, MT940 :86: purpose, OFX MEMO, CSV description). */
  remittance: z.string().nullable(),
  /** A structured reference (creditor reference, end-to-end id, MT940 customer reference). */
  reference: z.string().nullable(),
  /** The bank's own id of the transaction (OFX FITID, CAMT AcctSvcrRef, MT940 //reference). */
  bankTransactionId: z.string().nullable(),
  /** The bank's transaction type or booking text (OFX TRNTYPE, MT940 NTRF / GVC, CAMT BkTxCd). */
  bankCode: z.string().nullable(),
  /** Where in the file it is: the line its entry starts on (1-based). */
  line: z.number().int().positive(),
});
export type StatementTransaction = z.infer<typeof StatementTransactionSchema>;

/** A line of the file that was not imported, and why: "Line 12: date 31.02.2026 is not a date". */
export const RejectedLineSchema = z.object({
  line: z.number().int().nonnegative(),
  reason: z.string(),
});
export type RejectedLine = z.infer<typeof RejectedLineSchema>;

/** One account's statement inside a file (a CAMT or MT940 file can hold several). */
export const ParsedStatementSchema = z.object({
  /** The IBAN when the file has one, else the account number as the file writes it. */
  accountIdentifier: z.string().nullable(),
  /** The statement's own id (CAMT Stmt/Id, MT940 :28C: number or else :20:), when it has one. */
  statementId: z.string().nullable(),
  currency: z.string().length(3).nullable(),
  openingBalance: StatementBalanceSchema.nullable(),
  closingBalance: StatementBalanceSchema.nullable(),
  /** The period the statement covers, when the file says (CAMT FrToDt, OFX DTSTART/DTEND). */
  periodStart: IsoDateSchema.nullable(),
  periodEnd: IsoDateSchema.nullable(),
  transactions: z.array(StatementTransactionSchema),
});
export type ParsedStatement = z.infer<typeof ParsedStatementSchema>;

export const ParsedStatementFileSchema = z.object({
  format: StatementFormatSchema,
  statements: z.array(ParsedStatementSchema),
  rejected: z.array(RejectedLineSchema),
});
export type ParsedStatementFile = z.infer<typeof ParsedStatementFileSchema>;

/**
 * A CSV column: its heading as the file writes it (when the file has a heading row), or its
 * position from 0. Headings survive a bank adding or moving a column; positions work for
 * files without a heading row.
 */
export const CsvColumnSchema = z.union([
  z.string().trim().min(1, 'Choose a column'),
  z.number().int().nonnegative(),
]);
export type CsvColumn = z.infer<typeof CsvColumnSchema>;

/** date-fns `parse` patterns the wizard offers; any other pattern date-fns reads works too. */
export const CSV_DATE_FORMATS = [
  'dd.MM.yyyy',
  'dd.MM.yy',
  'dd/MM/yyyy',
  'MM/dd/yyyy',
  'yyyy-MM-dd',
  'dd-MM-yyyy',
  'dd/MM/yy',
  'MM/dd/yy',
  'yyyyMMdd',
] as const;

/**
 * What a direction column's cells say, lower-case: money out or money in. English, German
 * (Soll/Haben, Belastung/Gutschrift), French, Dutch (Af/Bij) and the one-letter codes.
 */
export const DIRECTION_MARKERS = {
  out: ['d', 'dr', 'dbit', 'debit', 'débit', 'out', 's', 'soll', 'belastung', 'af', '-'],
  in: ['c', 'cr', 'crdt', 'credit', 'crédit', 'in', 'h', 'haben', 'gutschrift', 'bij', '+'],
} as const;

/** The mapping's keys that name a column. */
export const CSV_COLUMN_KEYS = [
  'dateColumn',
  'amountColumn',
  'directionColumn',
  'debitColumn',
  'creditColumn',
  'descriptionColumn',
  'counterpartyColumn',
  'counterpartyIbanColumn',
  'referenceColumn',
  'valueDateColumn',
  'currencyColumn',
  'transactionIdColumn',
] as const;

/** How the columns of a bank's CSV export become transactions; saved per bank account. */
export const CsvMappingSchema = z
  .object({
    dateColumn: CsvColumnSchema,
    /** A date-fns `parse` pattern: dd.MM.yyyy, MM/dd/yyyy, yyyy-MM-dd… */
    dateFormat: z.string().trim().min(1, 'Choose a date format').max(40),
    /** One signed amount column… */
    amountColumn: CsvColumnSchema.optional(),
    /**
     * …with, for banks that write every amount without a sign, the column that says which way
     * it went (ING's "Af Bij", "S"/"H", "D"/"C", "Debit"/"Credit": DIRECTION_MARKERS).
     */
    directionColumn: CsvColumnSchema.optional(),
    /** …or a column for money out and one for money in. */
    debitColumn: CsvColumnSchema.optional(),
    creditColumn: CsvColumnSchema.optional(),
    descriptionColumn: CsvColumnSchema.optional(),
    counterpartyColumn: CsvColumnSchema.optional(),
    counterpartyIbanColumn: CsvColumnSchema.optional(),
    referenceColumn: CsvColumnSchema.optional(),
    valueDateColumn: CsvColumnSchema.optional(),
    currencyColumn: CsvColumnSchema.optional(),
    transactionIdColumn: CsvColumnSchema.optional(),
    /** One character; absent: guessed from the file (; , tab |). */
    delimiter: z.string().length(1, 'The delimiter is one character').optional(),
    decimalSeparator: z.enum(['.', ',']),
    hasHeader: z.boolean(),
    /** Lines above the heading (or the first record) that are not part of the table. */
    skipRows: z.number().int().min(0).max(100).optional(),
  })
  .refine(
    (m) =>
      m.amountColumn !== undefined
        ? m.debitColumn === undefined && m.creditColumn === undefined
        : m.debitColumn !== undefined && m.creditColumn !== undefined,
    {
      message: 'Choose an amount column, or a debit column and a credit column',
      path: ['amountColumn'],
    },
  )
  .refine((m) => m.directionColumn === undefined || m.amountColumn !== undefined, {
    message: 'A direction column goes with one amount column',
    path: ['directionColumn'],
  })
  .refine((m) => m.hasHeader || CSV_COLUMN_KEYS.every((key) => typeof m[key] !== 'string'), {
    message: 'A file without a heading row names its columns by position',
    path: ['hasHeader'],
  });
export type CsvMapping = z.infer<typeof CsvMappingSchema>;

// Bank accounts, imports and transactions as the API answers them (issue 43).

/** A signed amount from a form or a script (a number or a string), handed on as exact text. */
const SignedAmountInputSchema = z
  .union([z.number(), z.string()], { error: 'Enter an amount like -1200.50' })
  .transform((v) => String(v).trim().replace(/^\+/, ''))
  .pipe(
    z
      .string()
      .regex(/^-?\d{1,15}(\.\d{1,3})?$/, 'Enter an amount like -1200.50, with at most 3 decimals'),
  );

const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

export const BankAccountInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  currency: CurrencySchema,
  /** The IBAN (spaces dropped, upper-cased) or the account number as the bank writes it. */
  identifier: optionalTrimmed(64).transform((v) =>
    v && /^[A-Za-z]{2}\d{2}[A-Za-z0-9 ]+$/.test(v) ? v.replace(/\s+/g, '').toUpperCase() : v,
  ),
  openingBalance: SignedAmountInputSchema.default('0'),
  openingDate: IsoDateSchema.nullable().optional(),
  archived: z.boolean().optional(),
});
export type BankAccountInput = z.infer<typeof BankAccountInputSchema>;

export const BankAccountUpdateSchema = BankAccountInputSchema.partial().extend({
  id: IdSchema,
  openingBalance: SignedAmountInputSchema.optional(),
  /** The saved CSV mapping; null forgets it. */
  csvMapping: CsvMappingSchema.nullable().optional(),
});
export type BankAccountUpdate = z.infer<typeof BankAccountUpdateSchema>;

export const BankAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  currency: z.string(),
  /** The full IBAN or account number, for editing. */
  identifier: z.string().nullable(),
  /** As shown in lists: `DE89 •••• •••• 3000`, or `•••• 3000` for an account number. */
  maskedIdentifier: z.string().nullable(),
  openingBalance: z.string(),
  openingDate: z.string().nullable(),
  archived: z.boolean(),
  /** The opening balance plus every transaction, exactly, with the currency's decimals. */
  balance: z.string(),
  /** The latest day a statement of this account closed on (or its latest transaction's day). */
  lastStatementDate: z.string().nullable(),
  transactionCount: z.number(),
  unmatchedCount: z.number(),
  /** The CSV mapping saved by the last CSV import (or set here), reused by the next. */
  csvMapping: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

/** What an import saved (or, previewed, would save). */
export const BankImportResultSchema = z.object({
  preview: z.boolean(),
  format: StatementFormatSchema.nullable(),
  /** The import's id; null for a preview or a CSV without a mapping. */
  importId: z.number().nullable(),
  imported: z.number(),
  duplicates: z.number(),
  rejected: z.array(RejectedLineSchema),
  /** The new transactions (a preview's would-be rows, at most 500 of them). */
  transactions: z.array(
    StatementTransactionSchema.extend({ duplicate: z.boolean(), dedupeKey: z.string() }),
  ),
  /** Money in and out of the new transactions, exactly. */
  totalIn: z.string(),
  totalOut: z.string(),
  statementClosingBalance: StatementBalanceSchema.nullable(),
  /** CSV only: the mapping used, or the guess when none was given nor saved. */
  csvMapping: z.record(z.string(), z.unknown()).nullable(),
  /** CSV only, with a guess: what the guess could not find (`date`, `amount`). */
  csvMappingMissing: z.array(z.string()),
  /** CSV only: the file's heading and first rows, for the wizard. */
  csvPreview: z
    .object({
      delimiter: z.string(),
      skipRows: z.number(),
      headerRow: z.array(z.string()),
      sampleRows: z.array(z.array(z.string())),
    })
    .nullable(),
  /** CSV without a mapping (given or saved): the guess is answered and nothing imported. */
  needsMapping: z.boolean(),
});
export type BankImportResult = z.infer<typeof BankImportResultSchema>;

export const BANK_TRANSACTION_STATUSES = ['unmatched', 'matched', 'ignored'] as const;
export const BankTransactionStatusSchema = z.enum(BANK_TRANSACTION_STATUSES);

const BANK_TRANSACTION_SORTS = {
  '-date': 'newest first',
  date: 'oldest first',
  '-amount': 'largest first',
  amount: 'smallest first',
} as const;
export const BankTransactionSortSchema = sortParam(BANK_TRANSACTION_SORTS);

export const BankTransactionListQuerySchema = ListQuerySchema.extend({
  accountId: IdSchema.optional(),
  from: IsoDateSchema.optional().meta({ description: 'Booked on or after this day.' }),
  to: IsoDateSchema.optional().meta({ description: 'Booked on or before this day.' }),
  status: BankTransactionStatusSchema.optional(),
  direction: z
    .enum(['in', 'out'])
    .optional()
    .meta({ description: 'in: money received (amount > 0); out: money spent (amount < 0).' }),
  q: z
    .string()
    .trim()
    .max(200, 'Search must be less than 200 characters')
    .optional()
    .meta({ description: 'Looks in the counterparty, the remittance text and the reference.' }),
  sort: BankTransactionSortSchema,
});
export type BankTransactionListQuery = z.infer<typeof BankTransactionListQuerySchema>;

export const BankTransactionFiltersSchema = BankTransactionListQuerySchema.omit({
  limit: true,
  offset: true,
});
export type BankTransactionFilters = z.infer<typeof BankTransactionFiltersSchema>;

export const BankTransactionSchema = z.object({
  id: z.number(),
  accountId: z.number(),
  accountName: z.string(),
  importId: z.number().nullable(),
  bookingDate: z.string(),
  valueDate: z.string().nullable(),
  /** Signed, with the currency's decimals: negative left the account. */
  amount: z.string(),
  currency: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  remittance: z.string().nullable(),
  reference: z.string().nullable(),
  bankTransactionId: z.string().nullable(),
  bankCode: z.string().nullable(),
  status: BankTransactionStatusSchema,
  invoicePaymentId: z.number().nullable(),
  /** The invoice the payment it is matched to was recorded on; null otherwise. */
  invoice: z.object({ id: z.number(), number: z.string().nullable() }).nullable(),
  expenseId: z.number().nullable(),
  categoryId: z.number().nullable(),
  ruleId: z.number().nullable(),
  matchedAt: z.string().nullable(),
  matchedBy: z.number().nullable(),
  /**
   * The account's balance after this transaction (opening balance plus every transaction up
   * to it, by booking date then id); only when the list is filtered on one account.
   */
  runningBalance: z.string().nullable(),
  createdAt: z.string(),
});
export type BankTransaction = z.infer<typeof BankTransactionSchema>;

/** The sum of a filtered list in one currency: money in, money out, and both together. */
export const BankCurrencyTotalSchema = z.object({
  currency: z.string(),
  in: z.string(),
  out: z.string(),
  net: z.string(),
  count: z.number(),
});
export type BankCurrencyTotal = z.infer<typeof BankCurrencyTotalSchema>;

export const BankTransactionPageSchema = z.object({
  items: z.array(BankTransactionSchema),
  total: z.number(),
  totals: z.array(BankCurrencyTotalSchema),
  /** As the `X-Total-Amounts` header writes it: `EUR 120.00; USD -35.50` (net per currency). */
  totalAmounts: z.string(),
  /** Money in per currency, as `X-Total-In` writes it: `EUR 1200.00; USD 35.50`. */
  totalIn: z.string(),
  /** Money out per currency (positive), as `X-Total-Out` writes it. */
  totalOut: z.string(),
});
export type BankTransactionPage = z.infer<typeof BankTransactionPageSchema>;

export const ReconciliationQuerySchema = z.object({
  id: IdSchema,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be written YYYY-MM')
    .meta({ description: 'The calendar month, YYYY-MM.' }),
});

export const ReconciliationSchema = z.object({
  accountId: z.number(),
  currency: z.string(),
  month: z.string(),
  /** The balance before the month's first day. */
  opening: z.string(),
  in: z.string(),
  /** Money out, as a positive amount. */
  out: z.string(),
  closing: z.string(),
  transactionCount: z.number(),
  /** The closing balance a statement imported for this month states (its latest), if any. */
  statementClosingBalance: z.string().nullable(),
  statementClosingDate: z.string().nullable(),
  /** Keel's balance on the statement's closing day minus the statement's; null without one. */
  difference: z.string().nullable(),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

/** The export's columns. */
export const BANK_TRANSACTION_CSV_COLUMNS = [
  'Account',
  'Booking Date',
  'Value Date',
  'Amount',
  'Currency',
  'Counterparty',
  'Counterparty IBAN',
  'Remittance',
  'Reference',
  'Bank Transaction ID',
  'Status',
] as const;

/** One transaction as a CSV row of BANK_TRANSACTION_CSV_COLUMNS. */
export function bankTransactionCsvRow(t: BankTransaction): Record<string, string> {
  return {
    Account: t.accountName,
    'Booking Date': t.bookingDate,
    'Value Date': t.valueDate ?? '',
    Amount: t.amount,
    Currency: t.currency,
    Counterparty: t.counterpartyName ?? '',
    'Counterparty IBAN': t.counterpartyIban ?? '',
    Remittance: t.remittance ?? '',
    Reference: t.reference ?? '',
    'Bank Transaction ID': t.bankTransactionId ?? '',
    Status: t.status,
  };
}

/**
 * `DE89370400440532013000` → `DE89 •••• •••• 3000`; an account number → `•••• 3000`. Short
 * identifiers (4 characters or fewer) are shown as they are.
 */
export function maskIdentifier(identifier: string | null): string | null {
  if (!identifier) return null;
  const compact = identifier.replace(/\s+/g, '');
  if (compact.length <= 4) return compact;
  const last4 = compact.slice(-4);
  if (/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact) && compact.length >= 15)
    return `${compact.slice(0, 4)} •••• •••• ${last4}`;
  return `•••• ${last4}`;
}

// Bank rules. Imported here, at the end, so that this block appends to the file.
import { compareAmounts } from './invoice-math.ts';
import { decimalSchema, MAX_AMOUNT } from './money.ts';
import { singleLine } from './text.schema.ts';

/** Which text of a transaction a rule looks in; `any` is all three. */
export const BANK_RULE_FIELDS = ['counterparty', 'reference', 'remittance', 'any'] as const;
export const BankRuleFieldSchema = z.enum(BANK_RULE_FIELDS);
export type BankRuleField = z.infer<typeof BankRuleFieldSchema>;

/** Money in (amount > 0) or money out (amount < 0). */
export const BankDirectionSchema = z.enum(['in', 'out']);
export type BankDirection = z.infer<typeof BankDirectionSchema>;

/** A bound of a rule's amount range: the amount without its sign, up to three decimals. */
const ruleAmount = (label: string) =>
  decimalSchema(label, { max: MAX_AMOUNT, decimals: 3 }).nullable().optional();

/**
 * When a rule applies. All that is given must hold: the text is in the field (any case, any
 * accents: "cafe" finds "CAFÉ"; a counterparty's IBAN is found with or without its spaces),
 * the amount is within the range, the money goes the direction.
 *
 * The range is by absolute value: 10.00 to 100.00 holds for 50.00 in and for 50.00 out, as
 * a person reads "the amount is between 10 and 100"; `direction` tells in from out. Both
 * bounds are included.
 */
export const BankRuleConditionsSchema = z
  .object({
    field: BankRuleFieldSchema,
    contains: singleLine('Text', { error: 'Enter the text to look for' })
      .trim()
      .min(1, 'Enter the text to look for')
      .max(200, 'Text must be less than 200 characters'),
    amountMin: ruleAmount('Minimum amount'),
    amountMax: ruleAmount('Maximum amount'),
    direction: BankDirectionSchema.nullable().optional(),
  })
  .refine(
    (c) =>
      c.amountMin == null || c.amountMax == null || compareAmounts(c.amountMin, c.amountMax) <= 0,
    { message: 'The minimum amount must not be more than the maximum', path: ['amountMax'] },
  );
export type BankRuleConditions = z.infer<typeof BankRuleConditionsSchema>;

/** What a rule does: put the line in an expense category, or mark it ignored. */
export const BankRuleActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('categorise'), categoryId: IdSchema }),
  z.object({ type: z.literal('ignore') }),
]);
export type BankRuleAction = z.infer<typeof BankRuleActionSchema>;

/** The action as answered: the category id is a number (IdSchema also reads its spelling). */
const BankRuleActionAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('categorise'), categoryId: z.number().int() }),
  z.object({ type: z.literal('ignore') }),
]);

/** A bank rule as the form and the API take it; `position` left out puts it last. */
export const BankRuleInputSchema = z.object({
  name: singleLine('Name', { error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be less than 100 characters'),
  /** Rules are tried from the lowest position up; the first that applies wins. */
  position: z.number().int().min(0).max(100_000).optional(),
  conditions: BankRuleConditionsSchema,
  action: BankRuleActionSchema,
  enabled: z.boolean().default(true),
});
export type BankRuleInput = z.infer<typeof BankRuleInputSchema>;

/** A saved bank rule. */
export const BankRuleSchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number().int(),
  conditions: BankRuleConditionsSchema,
  action: BankRuleActionAnswerSchema,
  enabled: z.boolean(),
});
export type BankRule = z.infer<typeof BankRuleSchema>;

// Matching (issue 43, part 3): suggestions, match, unmatch, ignore, expense, auto-match.

/** Why and how sure: an open invoice the incoming money may pay, or an expense it paid. */
export const MatchSuggestionSchema = z.object({
  kind: z.enum(['invoice', 'expense']),
  invoiceId: z.number().optional(),
  invoiceNumber: z.string().nullable().optional(),
  expenseId: z.number().optional(),
  currency: z.string(),
  transactionCurrency: z.string(),
  /** What confirming records: the payment's amount, or the expense's. */
  amount: z.string(),
  /** 0 to 100. */
  score: z.number().int(),
  reasons: z.array(z.string()),
  signals: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type MatchSuggestionAnswer = z.infer<typeof MatchSuggestionSchema>;

const matchAmount = decimalSchema('Amount', { max: MAX_AMOUNT, decimals: 3 });

/** `{invoiceId, amount?}`: the money pays an invoice; `{expenseId}`: it paid an expense. */
export const BankMatchInputSchema = z.union([
  z.object({ id: IdSchema, invoiceId: IdSchema, amount: matchAmount.optional() }).strict(),
  z.object({ id: IdSchema, expenseId: IdSchema }).strict(),
]);
export type BankMatchInput = z.infer<typeof BankMatchInputSchema>;

export const BankTransactionExpenseInputSchema = z.object({
  id: IdSchema,
  categoryId: IdSchema.nullable().optional(),
  vendor: z.string().trim().max(200).nullable().optional(),
  description: z.string().trim().max(2000).nullable().optional(),
});
export type BankTransactionExpenseInput = z.infer<typeof BankTransactionExpenseInputSchema>;

export const AutoMatchResultSchema = z.object({
  /** Transactions Auto-match confirmed. */
  matched: z.number().int(),
  /** The account's transactions still unmatched. */
  left: z.number().int(),
});
export type AutoMatchResult = z.infer<typeof AutoMatchResultSchema>;

/** PUT of a rule: the whole rule again; without `position` it keeps its place. */
/** `PUT /api/bank-rules/{id}`: `position` or `enabled` left out keeps the saved one. */
export const BankRuleUpdateSchema = BankRuleInputSchema.extend({
  id: IdSchema,
  enabled: z.boolean().optional(),
});
export type BankRuleUpdate = z.infer<typeof BankRuleUpdateSchema>;

export const BankRulesAppliedSchema = z.object({
  /** Unmatched transactions a rule changed (ignored, or put in a category). */
  applied: z.number().int(),
});
