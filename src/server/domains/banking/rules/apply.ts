import type {
  BankRule,
  BankRuleConditions,
  StatementTransaction,
} from '../../../../shared/banking.schema.ts';
import { compareAmounts } from '../../../../shared/invoice-math.ts';
import { compactIban, foldText } from '../matching/text.ts';

/** What a rule reads of a transaction: a statement line or a saved bank transaction. */
export type RuleTransaction = Pick<
  StatementTransaction,
  'amount' | 'counterpartyName' | 'counterpartyIban' | 'reference' | 'remittance'
>;

/** What `applyRules` needs of a rule; a saved BankRule has it all. */
export type ApplicableRule = Pick<
  BankRule,
  'id' | 'position' | 'conditions' | 'action' | 'enabled'
>;

/** The rule that applies to a transaction and what it does. */
export interface RuleMatch<R extends ApplicableRule> {
  rule: R;
  action: R['action'];
}

function contains(haystack: string | null, needle: string): boolean {
  return haystack !== null && foldText(haystack).includes(needle);
}

function counterpartyContains(tx: RuleTransaction, needle: string, rawNeedle: string): boolean {
  if (contains(tx.counterpartyName, needle)) return true;
  // An IBAN as the bank writes it (no spaces) or as a person copies it (in groups of four).
  const iban = compactIban(rawNeedle);
  return (
    iban.length > 0 &&
    tx.counterpartyIban !== null &&
    compactIban(tx.counterpartyIban).includes(iban)
  );
}

/** Whether the conditions hold for the transaction (see BankRuleConditionsSchema). */
export function conditionsHold(conditions: BankRuleConditions, tx: RuleTransaction): boolean {
  const sign = compareAmounts(tx.amount, '0');
  if (conditions.direction === 'in' && sign <= 0) return false;
  if (conditions.direction === 'out' && sign >= 0) return false;

  const size = tx.amount.trim().replace(/^-/, '');
  if (conditions.amountMin != null && compareAmounts(size, conditions.amountMin) < 0) return false;
  if (conditions.amountMax != null && compareAmounts(size, conditions.amountMax) > 0) return false;

  const needle = foldText(conditions.contains);
  if (!needle) return false;
  switch (conditions.field) {
    case 'counterparty':
      return counterpartyContains(tx, needle, conditions.contains);
    case 'reference':
      return contains(tx.reference, needle);
    case 'remittance':
      return contains(tx.remittance, needle);
    case 'any':
      return (
        counterpartyContains(tx, needle, conditions.contains) ||
        contains(tx.reference, needle) ||
        contains(tx.remittance, needle)
      );
  }
}

/** Lowest position first; equal positions by id, so the order is always the same. */
export function inRuleOrder<R extends ApplicableRule>(rules: readonly R[]): R[] {
  return [...rules].sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The first enabled rule, in order (position, then id), whose conditions hold for the
 * transaction, with its action; null when none does. The caller decides what the action
 * means for the line: a `categorise` rule makes money out an expense in its category; money
 * in has no expense category, so the import leaves such a line for review.
 */
export function applyRules<R extends ApplicableRule>(
  tx: RuleTransaction,
  rules: readonly R[],
): RuleMatch<R> | null {
  for (const rule of inRuleOrder(rules)) {
    if (rule.enabled && conditionsHold(rule.conditions, tx)) {
      return { rule, action: rule.action };
    }
  }
  return null;
}
