/**
 * Bank rules: pure code, no database. The import (and "Apply rules" on demand) loads the
 * workspace's rules and asks `applyRules` for each transaction; the rules list shows
 * `explainRule` of each. The rule's shape is BankRuleSchema (src/shared/banking.schema.ts).
 *
 * - Rules are tried in order (position, then id); disabled ones are skipped; the first whose
 *   conditions all hold wins.
 * - Text conditions are "contains", any case and any accents.
 * - Amount bounds are by absolute value and inclusive; `direction` tells in from out.
 * - Amounts are compared exactly as decimal strings, never as floats.
 */

export {
  applyRules,
  conditionsHold,
  inRuleOrder,
  type ApplicableRule,
  type RuleMatch,
  type RuleTransaction,
} from './apply.ts';
export { explainRule, ruleAmountText } from '../../../../shared/bank-rule-text.ts';
