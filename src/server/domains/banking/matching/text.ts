/**
 * Text as the matchers compare it: bank files write names in capitals, without accents,
 * truncated to 27 or 35 characters, with legal forms and odd spacing. These turn both sides
 * into the same plain form, deterministically (no locale, no randomness, no floats).
 */

/** Lower case, accents gone ("Café Müller" → "cafe muller"), whitespace runs as one space. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** An IBAN without spaces, upper-case: "de89 3704 0044" → "DE8937040044". */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/g, '').toUpperCase();
}

/**
 * Words that say nothing about who someone is: legal forms and fillers. "ACME GMBH" and
 * "Acme Ltd" are the same counterparty for a matcher.
 */
const NOISE_WORDS = new Set([
  'ab',
  'ag',
  'and',
  'as',
  'bv',
  'co',
  'company',
  'corp',
  'corporation',
  'et',
  'gbr',
  'gmbh',
  'inc',
  'kg',
  'limited',
  'llc',
  'llp',
  'ltd',
  'mbh',
  'nv',
  'oy',
  'plc',
  'sa',
  'sarl',
  'sas',
  'spa',
  'srl',
  'the',
  'ug',
  'und',
]);

/** The words of a name that identify it: folded, split on anything not a letter or digit. */
export function nameTokens(name: string | null | undefined): string[] {
  if (!name) return [];
  const tokens = foldText(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length >= 2 && !NOISE_WORDS.has(token));
  return [...new Set(tokens)];
}

/** The same word, or one cut short by the bank ("consulti" for "consulting"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

/** How two names resemble each other, by their words. */
export type NameSimilarity = 'same' | 'similar' | 'none';

/**
 * Token overlap of two names: `same` when every word of the shorter name is in the longer
 * one ("Adobe" and "ADOBE SYSTEMS SOFTWARE IRELAND LTD", "Smith John" and "John Smith"),
 * `similar` when at least half of them are ("Jane Smith" and "John Smith"), else `none`.
 * Counted in whole words, so the answer never depends on rounding.
 */
export function nameSimilarity(
  a: string | null | undefined,
  b: string | null | undefined,
): NameSimilarity {
  const left = nameTokens(a);
  const right = nameTokens(b);
  if (left.length === 0 || right.length === 0) return 'none';
  const [fewer, more] = left.length <= right.length ? [left, right] : [right, left];
  const shared = fewer.filter((word) => more.some((other) => sameWord(word, other))).length;
  if (shared === fewer.length) return 'same';
  return shared * 2 >= fewer.length ? 'similar' : 'none';
}

/** Whether every word of `name` is in `text` (a vendor's name in a card payment's text). */
export function nameInText(name: string | null | undefined, text: string | null | undefined) {
  const words = nameTokens(name);
  if (words.length === 0 || !text) return false;
  const textWords = nameTokens(text);
  return words.every((word) => textWords.some((other) => sameWord(word, other)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A pattern that finds a document number in free text however the payer wrote it: any case,
 * with or without spaces, dashes, dots or slashes between its parts ("INV-0042", "inv 0042",
 * "INV0042", "Inv.0042"), as a whole word: "INV-1" is not found in "INV-10", nor in "INV-1.50".
 * Null for a number without a letter or digit.
 */
export function documentNumberPattern(number: string): RegExp | null {
  const parts = foldText(number).match(/\p{L}+|\p{N}+/gu);
  if (!parts) return null;
  const body = parts.map(escapeRegExp).join('[\\s\\-\\u2010-\\u2015_./:#]*');
  // Not glued to another letter or digit, nor to a decimal part ("1042" in "1042.00").
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?<!\\p{N}[.,])${body}(?![\\p{L}\\p{N}])(?![.,]\\p{N})`,
    'u',
  );
}

/** Whether `text` names the document `number` (see documentNumberPattern). */
export function containsDocumentNumber(text: string | null | undefined, number: string): boolean {
  if (!text) return false;
  const pattern = documentNumberPattern(number);
  return pattern !== null && pattern.test(foldText(text));
}

/** Whole calendar days from `a` to `b` (both YYYY-MM-DD), never shifted by a time zone. */
export function daysBetween(a: string, b: string): number {
  const day = (iso: string) => {
    const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
    return Date.UTC(year, month - 1, date) / 86_400_000;
  };
  return day(b) - day(a);
}
