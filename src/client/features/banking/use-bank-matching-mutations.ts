import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  AutoMatchResult,
  BankMatchInputSchema,
  BankTransaction,
  BankTransactionExpenseInputSchema,
} from '../../../shared/banking.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * What a match changes besides the bank line: the invoice's payments, status and balance
 * (and the payments list), or the expense it created or linked; the accounts' unmatched
 * counts are in `trpc.banking` with the transactions and suggestions.
 */
const MATCH_READS = [trpc.banking, trpc.invoices, trpc.payments, trpc.expenses] as const;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 transactions matched; 5 left to review", as the server counted them. */
export function autoMatchSummary(result: AutoMatchResult): string {
  const matched =
    result.matched === 0
      ? 'No transaction was certain enough to match'
      : `${plural(result.matched, 'transaction', 'transactions')} matched`;
  return result.left === 0
    ? `${matched}; none left to review`
    : `${matched}; ${result.left} left to review`;
}

/**
 * Matching a bank line: confirming a suggestion, turning it into an expense, ignoring it,
 * undoing any of those, and Auto-match of an account. Each toasts after the server answered
 * (its message when it refused) and refetches the lists and counts it changed first.
 */
export function useBankMatchingMutations() {
  const { mutateAsync: match } = trpc.banking.match.useMutation({
    meta: {
      success: (t: BankTransaction) =>
        t.invoice
          ? `Matched to invoice ${t.invoice.number ?? t.invoice.id}`
          : 'Matched to the expense',
      error: withServerMessage('Failed to match the transaction'),
      invalidates: MATCH_READS,
    },
  });
  const { mutateAsync: unmatch } = trpc.banking.unmatch.useMutation({
    meta: {
      success: 'Transaction unmatched',
      error: withServerMessage('Failed to unmatch the transaction'),
      invalidates: MATCH_READS,
    },
  });
  // The same call as unmatch: an ignored line becomes unmatched again.
  const { mutateAsync: restore } = trpc.banking.unmatch.useMutation({
    meta: {
      success: 'Transaction back to review',
      error: withServerMessage('Failed to restore the transaction'),
      invalidates: MATCH_READS,
    },
  });
  const { mutateAsync: ignore } = trpc.banking.ignore.useMutation({
    meta: {
      success: 'Transaction ignored',
      error: withServerMessage('Failed to ignore the transaction'),
      invalidates: MATCH_READS,
    },
  });
  const { mutateAsync: createExpense } = trpc.banking.createExpense.useMutation({
    meta: {
      success: 'Expense created',
      error: withServerMessage('Failed to create the expense'),
      invalidates: MATCH_READS,
    },
  });
  const { mutateAsync: autoMatch } = trpc.banking.autoMatch.useMutation({
    meta: {
      success: (result: AutoMatchResult) => autoMatchSummary(result),
      error: withServerMessage('Auto-match failed'),
      invalidates: MATCH_READS,
    },
  });

  return useMemo(
    () => ({
      match: (input: z.input<typeof BankMatchInputSchema>) => succeeded(match(input)),
      unmatch: async (id: number) => (await succeeded(unmatch({ id }))) !== undefined,
      restore: (id: number) => succeeded(restore({ id })),
      ignore: (id: number) => succeeded(ignore({ id })),
      createExpense: (input: z.input<typeof BankTransactionExpenseInputSchema>) =>
        succeeded(createExpense(input)),
      autoMatch: (accountId: number) => succeeded(autoMatch({ id: accountId })),
    }),
    [match, unmatch, restore, ignore, createExpense, autoMatch],
  );
}
