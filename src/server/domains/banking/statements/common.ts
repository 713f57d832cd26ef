import { isValidIBAN } from 'ibantools';
import { CURRENCIES, minorDigits } from '../../../../shared/currencies.ts';
import { normalizeAmount } from '../../../../shared/invoice-math.ts';

/**
 * What the statement parsers share: reading the file's bytes as text, the error that refuses
 * a whole file, and the exact amounts, dates and IBANs every format ends up with.
 */

/**
 * The whole file cannot be read as a statement (not a known format, broken XML, no
 * statement inside). One bad line is never this: it goes to `rejected` instead.
 */
export class StatementFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementFileError';
  }
}

/** A line that cannot become a transaction; the parser records it and reads on. */
export class LineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LineError';
  }
}

/**
 * The file as text. UTF-8 (with or without its byte-order mark) when the bytes are valid
 * UTF-8, UTF-16 when a byte-order mark says so, else Windows-1252: what German and French
 * banks' CSV and MT940 exports still use (OFX 1.x says CHARSET:1252).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Line numbers (1-based) of offsets in `text`, for entries found by offset. */
export function lineCounter(text: string): (offset: number) => number {
  const starts: number[] = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
}

/** An ISO 4217 code Keel knows, upper-case, or a line error naming what the file wrote. */
export function currencyCode(value: string | null | undefined): string {
  const code = (value ?? '').trim().toUpperCase();
  if (!code) throw new LineError('The currency is missing');
  if (!Object.hasOwn(CURRENCIES, code)) throw new LineError(`Unknown currency ${code}`);
  return code;
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * A non-negative decimal as the file wrote it ("1234.5", "1234,50" in MT940 and CAMT-like
 * formats) with `negative` applied, given the currency's decimals exactly: "-1234.50". A
 * decimal the currency cannot hold ("12.345" EUR) is refused, never rounded.
 */
export function signedAmount(digitsText: string, negative: boolean, currency: string): string {
  const text = digitsText.trim();
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw new LineError(`Amount ${text || '(empty)'} is not a number`);
  const digits = minorDigits(currency);
  let amount: string;
  try {
    amount = normalizeAmount(`${match[1]}${match[2] ? `.${match[2]}` : ''}`, digits);
  } catch {
    throw new LineError(`Amount ${text} has more decimals than ${currency} has`);
  }
  return negative && !/^0(\.0+)?$/.test(amount) ? `-${amount}` : amount;
}

/** Whether a signed decimal string is below zero. */
export function isNegative(amount: string): boolean {
  return amount.startsWith('-');
}

/** YYYY-MM-DD from its parts, when they name a real day from 1900 on; else null. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 9999) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The calendar day an ISO date or date-time names as written ("2026-01-05T23:30:00-05:00"
 * is the 5th): a booking date is the bank's day, never moved into another time zone.
 */
export function isoDatePrefix(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec((value ?? '').trim());
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** An IBAN without its spaces, upper-case, when it is a valid one (check digits included). */
export function ibanOrNull(value: string | null | undefined): string | null {
  const compact = (value ?? '').replace(/\s+/g, '').toUpperCase();
  return compact && isValidIBAN(compact) ? compact : null;
}

/** Text with its runs of white space (line breaks included) as single spaces; null when empty. */
export function cleanText(value: string | null | undefined): string | null {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** The reason a line was refused, from what a parser threw. */
export function reasonOf(error: unknown): string {
  if (error instanceof LineError) return error.message;
  throw error;
}
