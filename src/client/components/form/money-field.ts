import { z } from 'zod';
import { MoneySchema } from '../../../shared/money.ts';

/**
 * A Mantine NumberInput holds a number, or '' when emptied (or a string while a value is
 * half typed). These wrap a shared amount schema for forms (MoneySchema unless another is
 * given): a number becomes its shortest decimal text, exactly what was typed, so the output
 * is the API's exact decimal string either way.
 */
const numberInputValue = z.union([z.number(), z.string()]);

/** A shared amount schema: a number or a decimal string in, the exact decimal string out. */
type AmountSchema = z.ZodType<string, number | string>;

/** An amount the user must give ('' → the message). */
export function requiredMoney(message: string, schema: AmountSchema = MoneySchema) {
  return numberInputValue.refine((v) => String(v).trim() !== '', { message }).pipe(schema);
}

/** An amount that is 0 when left empty (SPEC §9: budget limit, deal value, invoice amount). */
export function moneyOrZero(schema: AmountSchema = MoneySchema) {
  return numberInputValue.transform((v) => (String(v).trim() === '' ? 0 : v)).pipe(schema);
}

/** "120.00" → 120 for a NumberInput. */
export function toNumber(value: string | null | undefined): number | '' {
  return value == null || value === '' ? '' : Number(value);
}

/**
 * An API amount for a NumberInput, without trailing zeros ("140.00" → "140", "12.50" →
 * "12.5"), as Number() would show it but as text, so no amount goes through a float.
 */
export function toAmountText(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}
