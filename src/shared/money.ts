import { z } from 'zod';
import { CURRENCIES, minorDigits } from './currencies.ts';
import { compareAmounts, normalizeAmount, toMinor } from './invoice-math.ts';

/** The largest amount numeric(10, 2) holds. */
export const MAX_AMOUNT = 99_999_999.99;

/**
 * A number or a string from a form or a script, as the decimal text it stands for. A number
 * becomes its shortest round-trip form (12.345 → "12.345", not the binary 12.3449999…),
 * which is what was typed or written in the JSON; 1e21 becomes "1e+21" and fails the format.
 */
const decimalText = (error: string) =>
  z.union([z.number(), z.string()], { error }).transform((v) => String(v).trim());

/** At most `max`, exactly: a float comparison would let "100.0000000000000001" pass 100. */
const atMost = (max: number) => (value: string) => compareAmounts(value, String(max)) <= 0;

/** Whether `amount` (no sign) has no non-zero decimal beyond `digits` ("12.500" fits 2). */
function fitsDigits(amount: string, digits: number): boolean {
  try {
    toMinor(amount, digits);
    return true;
  } catch {
    return false;
  }
}

/**
 * The most decimals a currency has (KWD, BHD, …: 3). An amount of a document with a currency
 * is taken with this many and checked against its own currency's (fitsCurrency) by the server.
 */
export const MAX_CURRENCY_DIGITS = 3;

/**
 * A non-negative amount with at most `decimals` decimals and at most MAX_AMOUNT, as a number
 * or a decimal string, handed on exactly as written (trimmed, without a sign).
 */
function amountSchema(decimals: number) {
  return (
    decimalText('Enter an amount like 1200.50')
      // A stage of its own: the checks after it need a decimal to compare. Thirty digits
      // are far beyond any amount and keep a megabyte of digits away from BigInt.
      .pipe(z.string().regex(/^-?\d{1,30}(\.\d{1,30})?$/, 'Enter an amount like 1200.50'))
      .pipe(
        z
          .string()
          .refine((v) => compareAmounts(v, '0') >= 0, {
            message: 'Number must be greater than or equal to 0',
            abort: true,
          })
          .refine((v) => fitsDigits(v.replace(/^-/, ''), decimals), {
            message: `Enter an amount with at most ${decimals} decimals, like 1200.50`,
            abort: true,
          })
          .refine(atMost(MAX_AMOUNT), 'Amount must be at most 99,999,999.99'),
      )
      .transform((v) => v.replace(/^-/, ''))
  );
}

/**
 * An amount of money for the numeric(10, 2) columns (deal values, project budgets and rates,
 * client and default rates, rate cards, proposal amounts). At most two decimals, since the
 * column keeps two and would round a third away ("1.005" is refused, never stored as 1.01);
 * answered as the exact string with two decimals ("1200.5" → "1200.50").
 */
export const MoneySchema = amountSchema(2).transform((v) => normalizeAmount(v, 2));

/**
 * An amount in a document's currency (the invoice `amount` shorthand): up to three decimals
 * here, exactly as written ("12.345" stays 12.345); the server refuses more decimals than
 * the document's currency has (400, amountDecimalsMessage).
 */
export const CurrencyAmountSchema = amountSchema(MAX_CURRENCY_DIGITS);

/** Whether `amount` is written with no more decimals than `currency` has (trailing zeros aside). */
export function fitsCurrency(amount: string, currency: string): boolean {
  return fitsDigits(amount, minorDigits(currency));
}

/** Why an amount does not fit its currency: "JPY amounts have no decimals". */
export function amountDecimalsMessage(currency: string): string {
  const digits = minorDigits(currency);
  return `${currency} amounts have ${digits === 0 ? 'no decimals' : `at most ${digits} decimals`}`;
}

/** Intl formatters are slow to build (a board shows hundreds of amounts): one per currency. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * "1200.5" → "$1,200.50": always in a named currency (never a default one), with the currency's ISO 4217 decimals (an invoice in KWD shows
 * three, in JPY none), and a decimal string formatted exactly as written, not through a
 * float.
 */
export function formatMoney(amount: string | number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    const digits = Object.hasOwn(CURRENCIES, currency) ? CURRENCIES[currency]!.digits : 2;
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(
    typeof amount === 'string' ? (amount.trim() as Intl.StringNumericLiteral) : amount,
  );
}

/** The highest hourly rate Keel takes: with 8,784 hours an entry stays far within the columns. */
export const MAX_RATE = 100_000;

/**
 * A non-negative decimal from a form or a script (a number or a string) with at most
 * `decimals` decimals and at most `max`, handed on as the string it was given, trimmed and
 * without a plus sign: the exact value, never a float. `label` names it in the messages.
 */
export function decimalSchema(label: string, { max, decimals }: { max: number; decimals: number }) {
  const pattern = new RegExp(`^\\d{1,15}(\\.\\d{1,${decimals}})?$`);
  const example = decimals === 0 ? '12' : `12.${'5'.padEnd(decimals, '0')}`;
  return decimalText(`${label} must be a number like ${example}`)
    .pipe(
      z
        .string()
        .regex(
          pattern,
          `${label} must be a number like ${example}, with at most ${decimals} decimals`,
        ),
    )
    .pipe(
      z.string().refine(atMost(max), `${label} must be at most ${max.toLocaleString('en-US')}`),
    );
}

/** An hourly rate: money up to MAX_RATE, so hours × rate and every sum of them stay in range. */
export const RateSchema = MoneySchema.refine(
  atMost(MAX_RATE),
  `Hourly rate must be at most ${MAX_RATE.toLocaleString('en-US')}`,
);
