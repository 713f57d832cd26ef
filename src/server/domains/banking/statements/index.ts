import type {
  CsvMapping,
  ParsedStatementFile,
  StatementFormat,
  StatementTransaction,
} from '../../../../shared/banking.schema.ts';
import { parseCamt053 } from './camt053.ts';
import { StatementFileError, decodeText } from './common.ts';
import { parseCsv } from './csv.ts';
import { detectFormat } from './detect.ts';
import { parseMt940 } from './mt940.ts';
import { parseOfx } from './ofx.ts';

/**
 * Bank statement files in, transactions out: pure code, no database. The import endpoint
 * (and its preview) calls `parseStatementFile`, keys the transactions with
 * `keyTransactions(accountId, …)` and saves those whose key the account does not have yet.
 *
 * - A file that is no statement at all throws StatementFileError (answer 422 with its message).
 * - A line that cannot be read is left out and listed in `rejected` as `{ line, reason }`;
 *   the rest of the file is still read.
 * - Amounts are exact decimal strings with the currency's decimals, negative for money out.
 * - Dates are the bank's calendar days (YYYY-MM-DD), never shifted by a time zone.
 */

export { detectFormat, UNKNOWN_FORMAT } from './detect.ts';
export { StatementFileError } from './common.ts';
export { parseCamt053 } from './camt053.ts';
export { parseMt940 } from './mt940.ts';
export { parseOfx } from './ofx.ts';
export { parseCsv, readCsvRecords } from './csv.ts';
export {
  guessCsvMapping,
  readCsvPreview,
  type CsvMappingGuess,
  type CsvPreview,
} from './csv-guess.ts';
export { dedupeKey, fingerprint, keyTransactions, type KeyedTransaction } from './fingerprint.ts';

export interface ParseStatementOptions {
  /** The uploaded file's name: only decides what the content leaves open. */
  fileName?: string;
  /** The format, when the caller knows it already; else detected. */
  format?: StatementFormat;
  /** Required for CSV files. */
  csvMapping?: CsvMapping;
  /** The bank account's currency: what a CSV file without a currency column is in. */
  currency?: string;
}

/** A statement file of any of the four formats, read into the one shape. */
export function parseStatementFile(
  bytes: Uint8Array,
  options: ParseStatementOptions = {},
): ParsedStatementFile {
  const format = options.format ?? detectFormat(bytes, options.fileName);
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  switch (format) {
    case 'camt053':
      return { format, ...parseCamt053(text) };
    case 'mt940':
      return { format, ...parseMt940(text) };
    case 'ofx':
      return { format, ...parseOfx(text) };
    case 'csv':
      if (!options.csvMapping)
        throw new StatementFileError('A CSV file needs a mapping of its columns');
      return { format, ...parseCsv(text, options.csvMapping, options.currency) };
  }
}

/** Every transaction of the file, statement after statement, in file order. */
export function allTransactions(file: ParsedStatementFile): StatementTransaction[] {
  return file.statements.flatMap((s) => s.transactions);
}
