import { isValid, parse as parseDate } from 'date-fns';
import Papa from 'papaparse';
import {
  DIRECTION_MARKERS,
  type CsvColumn,
  type CsvMapping,
  type ParsedStatement,
  type RejectedLine,
  type StatementTransaction,
} from '../../../../shared/banking.schema.ts';
import {
  LineError,
  StatementFileError,
  cleanText,
  currencyCode,
  ibanOrNull,
  isoDate,
  reasonOf,
  signedAmount,
} from './common.ts';

/**
 * CSV exports of online banking, read with a mapping (CsvMappingSchema) that the import
 * wizard proposes (guessCsvMapping) and the user confirms. Records are read by papaparse
 * (RFC 4180 quoting, a cell may hold line breaks); each keeps the file line it starts on.
 */

export interface CsvRecord {
  cells: string[];
  /** The line of the file the record starts on, 1-based. */
  line: number;
}

export const CSV_DELIMITERS = [';', ',', '\t', '|'];

/** The lines above the table, dropped before reading it. */
function dropLines(text: string, count: number): { rest: string; dropped: number } {
  let offset = 0;
  let dropped = 0;
  while (dropped < count) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return { rest: '', dropped: dropped + 1 };
    offset = next + 1;
    dropped++;
  }
  return { rest: text.slice(offset), dropped };
}

/**
 * The file's records after `skipRows` lines, each with its line. Without a delimiter, the one
 * of ; , tab | that splits the most lines into the same number of cells.
 */
export function readCsvRecords(
  text: string,
  options: { delimiter?: string; skipRows?: number } = {},
): { delimiter: string; records: CsvRecord[] } {
  const body = text.replace(/^\uFEFF/, '');
  const { rest, dropped } = dropLines(body, options.skipRows ?? 0);
  const delimiter = options.delimiter ?? guessDelimiter(rest);
  const records: CsvRecord[] = [];
  let line = dropped + 1;
  let cursor = 0;
  Papa.parse<string[]>(rest, {
    delimiter,
    skipEmptyLines: false,
    step: (result) => {
      const end = result.meta.cursor;
      const cells = result.data;
      if (cells.some((c) => c.trim() !== '')) records.push({ cells, line });
      line += countNewlines(rest, cursor, end);
      cursor = end;
    },
  });
  return { delimiter, records };
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++;
  return count;
}

/** How often `delimiter` occurs outside quoted cells in each physical line. */
export function delimiterCounts(lines: string[], delimiter: string): number[] {
  let quoted = false;
  return lines.map((line) => {
    let count = 0;
    for (const char of line) {
      if (char === '"') quoted = !quoted;
      else if (char === delimiter && !quoted) count++;
    }
    return count;
  });
}

/**
 * The delimiter that splits the most lines into the same number of cells, outside quotes
 * ("1.190,00" in a ;-separated file has a comma that is no delimiter).
 */
function guessDelimiter(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 50);
  let best = ';';
  let bestScore = -1;
  for (const delimiter of CSV_DELIMITERS) {
    const counts = new Map<number, number>();
    for (const n of delimiterCounts(lines, delimiter)) {
      if (n > 0) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    for (const [n, lineCount] of counts) {
      const score = lineCount * 1000 + n;
      if (score > bestScore) {
        best = delimiter;
        bestScore = score;
      }
    }
  }
  return best;
}

/** Where a column is in the records: its position, or its heading's position. */
function columnIndex(column: CsvColumn, header: string[] | null, label: string): number {
  if (typeof column === 'number') return column;
  const wanted = column.trim().toLowerCase();
  const index = header?.findIndex((h) => h.trim().toLowerCase() === wanted) ?? -1;
  if (index < 0) throw new StatementFileError(`The file has no column “${column}” (${label})`);
  return index;
}

const REFERENCE_DAY = new Date(2000, 0, 1);

/** A date cell read with the mapping's date-fns pattern, as YYYY-MM-DD. */
export function csvDate(text: string, pattern: string): string | null {
  const value = text.trim();
  if (!value) return null;
  const date = parseDate(value, pattern, REFERENCE_DAY);
  if (!isValid(date)) return null;
  return isoDate(date.getFullYear(), date.getMonth() + 1, date.getDate());
}

/**
 * An amount cell as a sign and decimal digits: "1.234,56", "-12,50", "12,50-", "(12.50)",
 * "+1 234.56 EUR", "€ 12.50". The thousands separator is whichever of . , ' and spaces is
 * not the decimal separator.
 */
export function csvAmount(
  text: string,
  decimalSeparator: '.' | ',',
): { negative: boolean; digits: string } | null {
  let value = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  value = value.replace(/^[A-Z]{3}|[A-Z]{3}$/i, '').replace(/[€$£¥]/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (/^[+-]/.test(value)) {
    negative = value.startsWith('-') !== negative;
    value = value.slice(1);
  } else if (/[+-]$/.test(value)) {
    negative = value.endsWith('-') !== negative;
    value = value.slice(0, -1);
  }
  const thousands = decimalSeparator === ',' ? '.' : ',';
  const pattern =
    decimalSeparator === ','
      ? /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/
      : /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;
  const m = pattern.exec(value);
  if (!m) return null;
  return { negative, digits: `${m[1]!.split(thousands).join('')}${m[2] ? `.${m[2]}` : ''}` };
}

function isZero(digits: string): boolean {
  return /^0*(\.0*)?$/.test(digits);
}

/**
 * The transactions of a CSV file, by `mapping`. A CSV file rarely names its currency: the
 * currency column when mapped, else `currency` (the bank account's).
 */
export function parseCsv(
  text: string,
  mapping: CsvMapping,
  currency?: string,
): { statements: ParsedStatement[]; rejected: RejectedLine[] } {
  const { records } = readCsvRecords(text, {
    delimiter: mapping.delimiter,
    skipRows: mapping.skipRows,
  });
  const header = mapping.hasHeader ? (records.shift()?.cells ?? null) : null;
  if (mapping.hasHeader && !header) throw new StatementFileError('The CSV file is empty');
  const at = (column: CsvColumn | undefined, label: string) =>
    column === undefined ? undefined : columnIndex(column, header, label);
  const columns = {
    date: at(mapping.dateColumn, 'date')!,
    valueDate: at(mapping.valueDateColumn, 'value date'),
    amount: at(mapping.amountColumn, 'amount'),
    direction: at(mapping.directionColumn, 'direction'),
    debit: at(mapping.debitColumn, 'debit'),
    credit: at(mapping.creditColumn, 'credit'),
    description: at(mapping.descriptionColumn, 'description'),
    counterparty: at(mapping.counterpartyColumn, 'counterparty'),
    counterpartyIban: at(mapping.counterpartyIbanColumn, 'counterparty IBAN'),
    reference: at(mapping.referenceColumn, 'reference'),
    currency: at(mapping.currencyColumn, 'currency'),
    transactionId: at(mapping.transactionIdColumn, 'transaction id'),
  };
  if (columns.currency === undefined && !currency)
    throw new StatementFileError(
      'The CSV file has no currency column: choose the account’s currency',
    );
  if (columns.amount === undefined && (columns.debit === undefined || columns.credit === undefined))
    throw new StatementFileError('Choose an amount column, or a debit column and a credit column');

  const transactions: StatementTransaction[] = [];
  const rejected: RejectedLine[] = [];
  for (const { cells, line } of records) {
    try {
      const cell = (index: number | undefined) =>
        index === undefined ? '' : (cells[index] ?? '').trim();
      const dateText = cell(columns.date);
      const bookingDate = csvDate(dateText, mapping.dateFormat);
      if (!bookingDate)
        throw new LineError(`Date ${dateText || '(empty)'} does not match ${mapping.dateFormat}`);
      const valueText = cell(columns.valueDate);
      const valueDate = valueText ? csvDate(valueText, mapping.dateFormat) : null;
      if (valueText && !valueDate)
        throw new LineError(`Value date ${valueText} does not match ${mapping.dateFormat}`);
      const txCurrency = currencyCode(cell(columns.currency) || currency);
      const amount = amountOf(cell, columns, mapping.decimalSeparator, txCurrency);
      transactions.push({
        bookingDate,
        valueDate,
        amount,
        currency: txCurrency,
        counterpartyName: cleanText(cell(columns.counterparty)),
        counterpartyIban: ibanOrNull(cell(columns.counterpartyIban)),
        remittance: cleanText(cell(columns.description)),
        reference: cleanText(cell(columns.reference)),
        bankTransactionId: cleanText(cell(columns.transactionId)),
        bankCode: null,
        line,
      });
    } catch (error) {
      rejected.push({ line, reason: reasonOf(error) });
    }
  }
  const currencies = new Set(transactions.map((t) => t.currency));
  return {
    statements: [
      {
        accountIdentifier: null,
        statementId: null,
        currency: currencies.size === 1 ? [...currencies][0]! : (currency ?? null),
        openingBalance: null,
        closingBalance: null,
        periodStart: null,
        periodEnd: null,
        transactions,
      },
    ],
    rejected,
  };
}

/** Which way a direction cell says the money went. */
export function directionOf(text: string): 'in' | 'out' {
  const marker = text.trim().toLowerCase();
  if ((DIRECTION_MARKERS.out as readonly string[]).includes(marker)) return 'out';
  if ((DIRECTION_MARKERS.in as readonly string[]).includes(marker)) return 'in';
  throw new LineError(`Direction ${text.trim() || '(empty)'} is neither money in nor money out`);
}

function amountOf(
  cell: (index: number | undefined) => string,
  columns: { amount?: number; direction?: number; debit?: number; credit?: number },
  decimalSeparator: '.' | ',',
  currency: string,
): string {
  const read = (label: string, text: string) => {
    const amount = csvAmount(text, decimalSeparator);
    if (!amount)
      throw new LineError(
        `${label} ${text} is not an amount with a decimal ${decimalSeparator === ',' ? 'comma' : 'point'}`,
      );
    return amount;
  };
  if (columns.amount !== undefined) {
    const text = cell(columns.amount);
    if (!text) throw new LineError('The amount is empty');
    const { negative, digits } = read('Amount', text);
    if (columns.direction === undefined) return signedAmount(digits, negative, currency);
    const direction = directionOf(cell(columns.direction));
    // An amount already written with a minus and marked as money in is a refund the other way.
    return signedAmount(digits, (direction === 'out') !== negative, currency);
  }
  const debitText = cell(columns.debit);
  const creditText = cell(columns.credit);
  const debit = debitText ? read('Debit', debitText) : null;
  const credit = creditText ? read('Credit', creditText) : null;
  const debitGiven = debit && !isZero(debit.digits);
  const creditGiven = credit && !isZero(credit.digits);
  if (debitGiven && creditGiven) throw new LineError('Both debit and credit are filled in');
  // Money out is money out, whether the bank writes its debits with a minus or without.
  if (debitGiven) return signedAmount(debit.digits, true, currency);
  if (creditGiven) return signedAmount(credit.digits, credit.negative, currency);
  if (debit || credit) return signedAmount('0', false, currency);
  throw new LineError('Neither debit nor credit is filled in');
}
