import { z } from 'zod';

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

/** "1200.5" → "$1,200.50". */
export function formatMoney(amount: string | number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
}
