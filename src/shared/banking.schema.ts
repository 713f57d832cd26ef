import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';

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

// Bank rules. Imported here, at the end, so that this block appends to the file.
import { IdSchema } from './ids.ts';
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
  action: BankRuleActionSchema,
  enabled: z.boolean(),
});
export type BankRule = z.infer<typeof BankRuleSchema>;
