import { z } from 'zod';
import { MoneySchema } from '../../../shared/money.ts';

/**
 * A Mantine NumberInput holds a number, or '' when emptied (or a string while a value is
 * half typed). These wrap the shared MoneySchema for forms: the output is the API's
 * two-decimal string either way.
 */
const numberInputValue = z.union([z.number(), z.string()]);

/** An amount the user must give ('' → the message). */
export function requiredMoney(message: string) {
  return numberInputValue.refine((v) => String(v).trim() !== '', { message }).pipe(MoneySchema);
}

/** An amount that is 0 when left empty (SPEC §9: budget limit and invoice amount). */
export const moneyOrZero = numberInputValue
  .transform((v) => (String(v).trim() === '' ? 0 : v))
  .pipe(MoneySchema);

/** "120.00" → 120 for a NumberInput. */
export function toNumber(value: string | null | undefined): number | '' {
  return value == null || value === '' ? '' : Number(value);
}
