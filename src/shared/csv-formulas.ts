/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell that starts with one of
 * these characters is run as a formula when the file is opened. Spreadsheets in locales
 * whose list separator is `;` also split a cell at each `;`, so every segment counts as the
 * start of a cell.
 */
const NEEDS_PREFIX = /^'*[=+\-@\t\r]/;
/** A segment that `neutraliseFormulas` prefixed: its apostrophe comes off on re-import. */
const PREFIXED = /^'+[=+\-@\t\r]/;

/**
 * A cell's text made safe to open in a spreadsheet: each `;`-separated segment that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, which spreadsheets
 * read as "text" and hide. A segment already starting with apostrophes before such a
 * character gets one more, so `restoreFormulas` gives back exactly the original text.
 */
export function neutraliseFormulas(text: string): string {
  if (!NEEDS_PREFIX.test(text) && !text.includes(';')) return text;
  return text
    .split(';')
    .map((segment) => (NEEDS_PREFIX.test(segment) ? `'${segment}` : segment))
    .join(';');
}

/** The inverse of `neutraliseFormulas`, for a CSV file read back in (contacts import). */
export function restoreFormulas(text: string): string {
  if (!PREFIXED.test(text) && !text.includes(';')) return text;
  return text
    .split(';')
    .map((segment) => (PREFIXED.test(segment) ? segment.slice(1) : segment))
    .join(';');
}

/**
 * Whether a neutralised cell must be quoted: one holding a `;` (so a `;`-locale spreadsheet
 * keeps it whole) or one that was prefixed. Quotes, commas and line breaks are quoted by
 * the CSV writer anyway.
 */
export function mustQuote(cell: string): boolean {
  return cell.includes(';') || cell.startsWith("'");
}
