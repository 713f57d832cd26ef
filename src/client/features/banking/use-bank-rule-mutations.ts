import { useMemo } from 'react';
import type { z } from 'zod';
import type {
  BankRule,
  BankRuleInputSchema,
  BankRuleUpdateSchema,
} from '../../../shared/banking.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/**
 * Bank rules: add, change, switch on and off, delete, reorder, apply now; each toast after
 * the server answered. A rule changes no transaction until it is applied, so saving one
 * makes only the rules list stale; applying makes the whole bank stale (lines ignored or
 * categorised, unmatched counts).
 */
export function useBankRuleMutations() {
  const utils = trpc.useUtils();
  const rules = [trpc.banking.listRules];
  const { mutateAsync: create } = trpc.banking.createRule.useMutation({
    meta: {
      success: 'Rule added',
      error: withServerMessage('Failed to add the rule'),
      invalidates: rules,
    },
  });
  const { mutateAsync: update } = trpc.banking.updateRule.useMutation({
    meta: {
      success: 'Rule updated',
      error: withServerMessage('Failed to update the rule'),
      invalidates: rules,
    },
  });
  // The same PUT from the list's switch, told as what it did.
  const { mutateAsync: toggle } = trpc.banking.updateRule.useMutation({
    meta: {
      success: (rule: BankRule) => [rule.enabled ? 'Rule on' : 'Rule off', rule.name],
      error: withServerMessage('Failed to switch the rule'),
      invalidates: rules,
    },
  });
  const { mutateAsync: remove } = trpc.banking.deleteRule.useMutation({
    meta: {
      success: 'Rule deleted',
      error: withServerMessage('Failed to delete the rule'),
      invalidates: rules,
    },
  });
  /**
   * The new order shows at once and is put back, then read again, if the server refuses
   * it (someone else added or deleted a rule meanwhile).
   */
  const { mutateAsync: reorder } = trpc.banking.reorderRules.useMutation({
    meta: {
      success: 'Rules reordered',
      error: withServerMessage('Failed to reorder the rules'),
    },
    onMutate: async ({ ids }) => {
      const before = utils.banking.listRules.getData();
      await utils.banking.listRules.cancel();
      utils.banking.listRules.setData(
        undefined,
        before && ids.flatMap((id) => before.filter((rule) => rule.id === id)),
      );
      return before;
    },
    onSuccess: (saved) => utils.banking.listRules.setData(undefined, saved),
    onError: (_error, _variables, before) => {
      utils.banking.listRules.setData(undefined, before);
      void utils.banking.listRules.invalidate();
    },
  });
  const { mutateAsync: apply } = trpc.banking.applyRules.useMutation({
    meta: {
      success: ({ applied }: { applied: number }) =>
        applied === 0
          ? ['Rules applied', 'No unmatched transaction matched a rule.']
          : [
              'Rules applied',
              `${applied} ${applied === 1 ? 'transaction was' : 'transactions were'} ignored or categorised.`,
            ],
      error: withServerMessage('Failed to apply the rules'),
      invalidates: [trpc.banking],
    },
  });

  return useMemo(
    () => ({
      create: (input: z.input<typeof BankRuleInputSchema>) => succeeded(create(input)),
      update: (input: z.input<typeof BankRuleUpdateSchema>) => succeeded(update(input)),
      setEnabled: (rule: BankRule, enabled: boolean) =>
        succeeded(
          toggle({
            id: rule.id,
            name: rule.name,
            conditions: rule.conditions,
            action: rule.action,
            enabled,
          }),
        ),
      remove: async (rule: Pick<BankRule, 'id'>) =>
        (await succeeded(remove({ id: rule.id }))) !== undefined,
      reorder: (ordered: readonly BankRule[]) =>
        succeeded(reorder({ ids: ordered.map((rule) => rule.id) })),
      apply: () => succeeded(apply()),
    }),
    [create, update, toggle, remove, reorder, apply],
  );
}
