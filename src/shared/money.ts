import { z } from 'zod';
import { CURRENCIES } from './currencies.ts';

/** The largest amount numeric(10, 2) holds. */
export const MAX_AMOUNT = 99_999_999.99;

/**
 * An amount of money from a form or a script, as a number or a decimal string, stored
 * and answered as a string with two decimals ("1200.00").
 */
export const MoneySchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, 'Enter an amount like 1200.50'),
    ],
    {
      error: 'Enter an amount like 1200.50',
    },
  )
  .transform((v) => Number(v))
  .pipe(
    z
      .number()
      .finite()
      .min(0, 'Number must be greater than or equal to 0')
      .max(MAX_AMOUNT, 'Amount must be at most 99,999,999.99'),
  )
  .transform((v) => v.toFixed(2));

/** Intl formatters are slow to build (a board shows hundreds of amounts): one per currency. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * "1200.5" → "$1,200.50": with the currency's ISO 4217 decimals (an invoice in KWD shows
 * three, in JPY none), and a decimal string formatted exactly as written, not through a
 * float.
 */
export function formatMoney(amount: string | number, currency = 'USD'): string {
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
  return z
    .union([z.number(), z.string()], { error: `${label} must be a number like ${example}` })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .regex(
          pattern,
          `${label} must be a number like ${example}, with at most ${decimals} decimals`,
        )
        .refine((v) => Number(v) <= max, `${label} must be at most ${max.toLocaleString('en-US')}`),
    );
}

/** An hourly rate: money up to MAX_RATE, so hours × rate and every sum of them stay in range. */
export const RateSchema = MoneySchema.refine(
  (v) => Number(v) <= MAX_RATE,
  `Hourly rate must be at most ${MAX_RATE.toLocaleString('en-US')}`,
);
