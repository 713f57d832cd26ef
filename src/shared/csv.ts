import Papa from 'papaparse';
import { mustQuote, neutraliseFormulas } from './csv-formulas.ts';

/** One CSV record: its cells by column heading. */
export type CsvRow = Record<string, unknown>;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return neutraliseFormulas(typeof value === 'string' ? value : String(value));
}

/**
 * The one CSV writer of every export (server downloads and the admin console's users):
 * `rows` as CRLF-terminated lines in `columns` order, the heading line first when asked,
 * every cell passed through `neutraliseFormulas`. Called once per batch of a streamed
 * export, so each call's text ends with its line break.
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
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
