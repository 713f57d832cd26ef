import Papa from 'papaparse';
import { mustQuote, neutraliseFormulas } from './csv-formulas.ts';

/**
 * Starts every CSV file Keel writes: Excel reads a file as UTF-8 only after this mark
 * (without it `Jürgen` shows as `JÃ¼rgen`); papaparse, and so the import dialogs, drop it.
 */
export const BYTE_ORDER_MARK = '\uFEFF';

/** One CSV record: its cells by column heading. */
export type CsvRow = Record<string, unknown>;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return neutraliseFormulas(typeof value === 'string' ? value : String(value));
}

/**
 * The one CSV writer of every export (server downloads and the admin console's users):
 * `rows` as CRLF-terminated lines in `columns` order, every cell passed through
 * `neutraliseFormulas`. With `header` the text is the start of the file: the byte-order
 * mark, then the heading line. A streamed export asks for it once, in its first call, and
 * then calls again per batch without it, so each call's text ends with its line break.
 */
export function csvLines(columns: readonly string[], rows: readonly CsvRow[], header: boolean) {
  if (rows.length === 0 && !header) return '';
  const text = Papa.unparse(
    {
      fields: columns.map(cellText),
      data: rows.map((row) => columns.map((column) => cellText(row[column]))),
    },
    { header, newline: '\r\n', quotes: (cell: unknown) => mustQuote(String(cell)) },
  );
  // Papa ends a heading without rows with a line break of its own.
  const lines = text.endsWith('\r\n') ? text : `${text}\r\n`;
  return header ? BYTE_ORDER_MARK + lines : lines;
}
