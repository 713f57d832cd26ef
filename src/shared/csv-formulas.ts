/**
 * Spreadsheet formula injection (OWASP "CSV injection"): a cell that starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return is read as a formula when the file is opened.
 * Spreadsheets in locales whose list separator is `;` also split a cell at each `;`, so
 * every segment counts as the start of a cell.
 *
 * The rule, per `;`-separated segment, once any leading apostrophes are set aside:
 * - it starts with one of `= + - @ tab CR`, and
 * - it holds anything besides digits, spaces and `+ - ( ) . /`.
 * Such a segment gets a leading `'`. The second test is the usual refinement of OWASP's:
 * without letters, `=`, `@`, `!`, `|`, `:` or quotes no formula can call a function or
 * reach a cell, another sheet or another program, so phone numbers and signed numbers
 * (`+33 6 12 34 56 78`, `+1 (555) 010-0100`, `-12.5`, `-`) stay exactly as they are. At
 * worst a spreadsheet works out arithmetic on the numbers written there (`-1+2`).
 */
const STARTS_A_FORMULA = /^'*[=+\-@\t\r]/;
/** Digits, spaces and `+ - ( ) . /` only: numbers and phone numbers, never a call. */
const PLAIN_NUMBER = /^'*[0-9 +\-()./]*$/;

/**
 * Whether a segment is one `neutraliseFormulas` prefixes. It depends only on the segment
 * without its leading apostrophes, so a prefixed segment still answers true: that is
 * what lets `restoreFormulas` tell a prefix it must take off from an apostrophe of the
 * text itself.
 */
function needsPrefix(segment: string): boolean {
  return STARTS_A_FORMULA.test(segment) && !PLAIN_NUMBER.test(segment);
}

/**
 * A cell's text made safe to open in a spreadsheet: each `;`-separated segment that the
 * rule above calls a formula gets a leading `'`, which spreadsheets read as "text". A
 * segment already starting with apostrophes before such a formula gets one more, so
 * `restoreFormulas` gives back exactly the original text.
 */
export function neutraliseFormulas(text: string): string {
  if (!text.includes(';')) return needsPrefix(text) ? `'${text}` : text;
  return text
    .split(';')
    .map((segment) => (needsPrefix(segment) ? `'${segment}` : segment))
    .join(';');
}

const restoreSegment = (segment: string) =>
  segment.startsWith("'") && needsPrefix(segment) ? segment.slice(1) : segment;

/**
 * The inverse of `neutraliseFormulas`, for a CSV file read back in (the import dialogs):
 * for every text `s`, `restoreFormulas(neutraliseFormulas(s)) === s`.
 */
export function restoreFormulas(text: string): string {
  if (!text.includes(';')) return restoreSegment(text);
  return text.split(';').map(restoreSegment).join(';');
}

/**
 * Whether a neutralised cell must be quoted: one holding a `;` (so a `;`-locale spreadsheet
 * keeps it whole) or one that was prefixed. Quotes, commas and line breaks are quoted by
 * the CSV writer anyway.
 */
export function mustQuote(cell: string): boolean {
  return cell.includes(';') || cell.startsWith("'");
}
