import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import { ExpenseInputSchema, type Expense } from '../../../shared/expenses.schema.ts';

/** A NumberInput's value: a number, or '' when emptied (a string while half typed). */
const numberInput = z.union([z.number(), z.string()]);

/**
 * The Add / Edit Expense form: a form's shapes (NumberInput values, empty strings, ids or
 * null), then the shared ExpenseInputSchema's rules, the ones the API applies.
 */
export const ExpenseFormSchema = z
  .object({
    date: z
      .string()
      .refine((v) => v !== '', 'Date is required')
      .pipe(IsoDateSchema),
    amount: numberInput
      .refine((v) => String(v).trim() !== '', 'Amount is required')
      .transform((v) => String(v).trim()),
    currency: z.string().min(1, 'Currency is required'),
    categoryId: z.number().nullable(),
    vendor: z.string(),
    projectId: z.number().nullable(),
    clientId: z.number().nullable(),
    billable: z.boolean(),
    markupPercent: numberInput.transform((v) => (String(v).trim() === '' ? '0' : String(v).trim())),
    notes: z.string(),
  })
  // The shared rules, their messages on the form's fields.
  .transform((values, ctx) => {
    const parsed = ExpenseInputSchema.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
export type ExpenseFormInput = z.input<typeof ExpenseFormSchema>;
export type ExpenseFormOutput = z.output<typeof ExpenseFormSchema>;

export function expenseFormDefaults(
  expense: Expense | null,
  today: string,
  currency: string,
): ExpenseFormInput {
  if (!expense) {
    return {
      date: today,
      amount: '',
      currency,
      categoryId: null,
      vendor: '',
      projectId: null,
      clientId: null,
      billable: false,
      markupPercent: 0,
      notes: '',
    };
  }
  return {
    date: expense.date,
    amount: Number(expense.amount),
    currency: expense.currency,
    categoryId: expense.categoryId,
    vendor: expense.vendor ?? '',
    projectId: expense.projectId,
    clientId: expense.clientId,
    billable: expense.billable,
    markupPercent: Number(expense.markupPercent),
    notes: expense.notes ?? '',
  };
}
