import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  BankAccount,
  BankAccountInputSchema,
  BankAccountUpdateSchema,
} from '../../../shared/banking.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * Adding, changing and deleting bank accounts, with toasts after the server answered. An
 * account with matched transactions is not deleted: the server's 409 is told as an error.
 */
export function useBankAccountMutations() {
  const { mutateAsync: create } = trpc.banking.createAccount.useMutation({
    meta: {
      success: 'Bank account added',
      error: withServerMessage('Failed to add the bank account'),
      invalidates: [trpc.banking],
    },
  });
  const { mutateAsync: update } = trpc.banking.updateAccount.useMutation({
    meta: {
      success: 'Bank account updated',
      error: withServerMessage('Failed to update the bank account'),
      invalidates: [trpc.banking],
    },
  });
  const { mutateAsync: remove } = trpc.banking.deleteAccount.useMutation({
    meta: {
      success: 'Bank account deleted',
      error: withServerMessage('Failed to delete the bank account'),
      invalidates: [trpc.banking],
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof BankAccountInputSchema>): Promise<BankAccount | undefined> =>
        succeeded(create(input)),
      update: (input: z.input<typeof BankAccountUpdateSchema>): Promise<BankAccount | undefined> =>
        succeeded(update(input)),
      remove: async (account: Pick<BankAccount, 'id'>) =>
        (await succeeded(remove({ id: account.id }))) !== undefined,
    }),
    [create, update, remove],
  );
}
