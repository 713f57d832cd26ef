import { z } from 'zod';
import {
  EXPENSE_FIELDS,
  ExpenseInputSchema,
  type Expense,
} from '../../../shared/expenses.schema.ts';
import { formDefaultsOf, formSchemaOf } from '../../../shared/fields.ts';

/**
 * The Add / Edit Expense form: the form's shapes of EXPENSE_FIELDS (NumberInput values,
 * empty strings, ids or null), then the shared ExpenseInputSchema's rules, the API's.
 */
export const ExpenseFormSchema = formSchemaOf(EXPENSE_FIELDS, ExpenseInputSchema);
export type ExpenseFormInput = z.input<typeof ExpenseFormSchema>;
export type ExpenseFormOutput = z.output<typeof ExpenseFormSchema>;

/** The saved expense's values, or a new one's: dated today, in the workspace's currency. */
export function expenseFormDefaults(
  expense: Expense | null,
  today: string,
  currency: string,
): ExpenseFormInput {
  return formDefaultsOf(EXPENSE_FIELDS, expense, { date: today, currency });
}
