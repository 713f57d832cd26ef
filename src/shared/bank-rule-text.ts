import type {
  BankRule,
  BankRuleAction,
  BankRuleConditions,
  BankRuleField,
} from './banking.schema.ts';

const FIELD_LABELS: Record<BankRuleField, string> = {
  counterparty: 'the counterparty',
  reference: 'the reference',
  remittance: 'the remittance text',
  any: 'the counterparty, reference or remittance text',
};

/**
 * A rule's bound as people read amounts: "10" → "10.00", "1234.5" → "1,234.50",
 * "0.125" → "0.125". Rules hold for every account's currency, so no currency sign.
 */
export function ruleAmountText(amount: string): string {
  const [whole = '0', fraction = ''] = amount.trim().replace(/^-/, '').split('.');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}.${fraction.padEnd(2, '0')}`;
}

function amountClause(conditions: BankRuleConditions): string | null {
  const { amountMin: min, amountMax: max } = conditions;
  if (min != null && max != null) {
    return `the amount is between ${ruleAmountText(min)} and ${ruleAmountText(max)}`;
  }
  if (min != null) return `the amount is at least ${ruleAmountText(min)}`;
  if (max != null) return `the amount is at most ${ruleAmountText(max)}`;
  return null;
}

function actionText(action: BankRuleAction, categoryName?: (id: number) => string | undefined) {
  if (action.type === 'ignore') return 'mark as ignored';
  const name = categoryName?.(action.categoryId);
  return `categorise as ${name ?? `category #${action.categoryId}`}`;
}

/** "a, b and c" */
function joinClauses(clauses: string[]): string {
  if (clauses.length <= 1) return clauses.join('');
  return `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}`;
}

/**
 * The rule as one sentence for the rules list: `When the counterparty contains "Adobe" and
 * the amount is between 10.00 and 100.00, categorise as Software`. `categoryName` names the
 * action's category (the workspace's categories); without a name the category's id is shown.
 */
export function explainRule(
  rule: Pick<BankRule, 'conditions' | 'action'>,
  categoryName?: (id: number) => string | undefined,
): string {
  const { conditions } = rule;
  const clauses: string[] = [];
  if (conditions.direction === 'in') clauses.push('money comes in');
  if (conditions.direction === 'out') clauses.push('money goes out');
  clauses.push(`${FIELD_LABELS[conditions.field]} contains "${conditions.contains}"`);
  const amount = amountClause(conditions);
  if (amount) clauses.push(amount);
  return `When ${joinClauses(clauses)}, ${actionText(rule.action, categoryName)}`;
}
