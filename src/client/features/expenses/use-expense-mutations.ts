import { useQueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  Expense,
  ExpenseCategory,
  ExpenseInputSchema,
  ExpenseUpdateSchema,
} from '../../../shared/expenses.schema.ts';
import { toastError } from '../../components/toasts.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { uploadReceipt } from './upload-receipt.ts';

/** Expenses move the financial overview and the categories' counts. */
const expenseReads = [trpc.expenses, trpc.expenseCategories, trpc.dashboard];

/**
 * Recording, editing and deleting expenses and categories, with toasts after the server
 * answered. Each resolves to the saved row (or true), or undefined/false after the error
 * toast.
 */
export function useExpenseMutations() {
  const queryClient = useQueryClient();
  const { mutateAsync: create } = trpc.expenses.create.useMutation({
    meta: {
      success: 'Expense added',
      error: withServerMessage('Failed to add the expense'),
      invalidates: expenseReads,
    },
  });
  const { mutateAsync: update } = trpc.expenses.update.useMutation({
    meta: {
      success: 'Expense updated',
      error: withServerMessage('Failed to update the expense'),
      invalidates: expenseReads,
    },
  });
  const { mutateAsync: remove } = trpc.expenses.delete.useMutation({
    meta: {
      success: 'Expense deleted',
      error: withServerMessage('Failed to delete the expense'),
      invalidates: expenseReads,
    },
  });
  const { mutateAsync: confirm } = trpc.expenses.confirm.useMutation({
    meta: {
      success: 'Expense confirmed',
      error: withServerMessage('Failed to confirm the expense'),
      invalidates: expenseReads,
    },
  });
  const { mutateAsync: removeReceipt } = trpc.expenses.removeReceipt.useMutation({
    meta: {
      success: 'Receipt removed',
      error: withServerMessage('Failed to remove the receipt'),
      invalidates: [trpc.expenses],
    },
  });
  const { mutateAsync: createCategory } = trpc.expenseCategories.create.useMutation({
    meta: {
      success: 'Category added',
      error: withServerMessage('Failed to add the category'),
      invalidates: [trpc.expenseCategories],
    },
  });
  const { mutateAsync: renameCategory } = trpc.expenseCategories.update.useMutation({
    meta: {
      success: 'Category renamed',
      error: withServerMessage('Failed to rename the category'),
      invalidates: [trpc.expenseCategories, trpc.expenses],
    },
  });
  const { mutateAsync: removeCategory } = trpc.expenseCategories.delete.useMutation({
    meta: {
      success: 'Category deleted',
      error: withServerMessage('Failed to delete the category'),
      invalidates: [trpc.expenseCategories, trpc.expenses],
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof ExpenseInputSchema>): Promise<Expense | undefined> =>
        succeeded(create(input)),
      update: (input: z.input<typeof ExpenseUpdateSchema>): Promise<Expense | undefined> =>
        succeeded(update(input)),
      remove: async (expense: Pick<Expense, 'id'>) =>
        (await succeeded(remove({ id: expense.id }))) !== undefined,
      removeReceipt: (expense: Pick<Expense, 'id'>) => succeeded(removeReceipt({ id: expense.id })),
      /** A draft (an imported e-invoice) reviewed: it counts from now on. */
      confirm: (expense: Pick<Expense, 'id'>) => succeeded(confirm({ id: expense.id })),
      /**
       * Uploads the receipt of a saved expense. A failure is told in an error toast and the
       * expense stays as saved; true when the receipt is stored.
       */
      uploadReceipt: async (expense: Pick<Expense, 'id'>, file: File) => {
        try {
          await uploadReceipt(expense.id, file);
          await queryClient.invalidateQueries({ queryKey: getQueryKey(trpc.expenses) });
          return true;
        } catch (error) {
          toastError(
            'The receipt was not uploaded',
            `${error instanceof Error ? error.message : 'Please try again.'} The expense is saved without it.`,
          );
          return false;
        }
      },
      createCategory: (name: string): Promise<ExpenseCategory | undefined> =>
        succeeded(createCategory({ name })),
      renameCategory: (id: number, name: string): Promise<ExpenseCategory | undefined> =>
        succeeded(renameCategory({ id, name })),
      removeCategory: async (id: number) => (await succeeded(removeCategory({ id }))) !== undefined,
    }),
    [
      create,
      update,
      remove,
      confirm,
      removeReceipt,
      createCategory,
      renameCategory,
      removeCategory,
      queryClient,
    ],
  );
}
