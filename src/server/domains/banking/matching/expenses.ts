import { compareAmounts } from '../../../../shared/invoice-math.ts';
import { bySuggestionOrder, clampScore } from './score.ts';
import { daysBetween, nameInText, nameSimilarity } from './text.ts';
import type {
  CounterpartyFit,
  ExpenseCandidate,
  ExpenseMatchSuggestion,
  MatchableTransaction,
} from './types.ts';

/** How far apart (in days, either way) a booking and an expense's date may be. */
export const EXPENSE_DAYS_WINDOW = 7;

/** The points each signal adds; at most 100. */
export const EXPENSE_POINTS = {
  exactAmount: 50,
  /** On the same day; 4 fewer for each day apart (2 at 7 days). */
  sameDay: 30,
  perDayApart: 4,
  vendor: 20,
  similarVendor: 10,
  vendorInText: 10,
} as const;

/** The amount that left the account, without its sign: "-12.50" → "12.50". */
function outgoing(amount: string): string {
  return amount.trim().replace(/^-/, '');
}

function vendorFit(tx: MatchableTransaction, expense: ExpenseCandidate): CounterpartyFit {
  const similarity = nameSimilarity(tx.counterpartyName, expense.vendor);
  if (similarity === 'same') return 'name';
  if (similarity === 'similar') return 'similar-name';
  // Card payments often carry the merchant only in their text ("VISA ADOBE *PHOTOSHOP").
  if (nameInText(expense.vendor, tx.remittance) || nameInText(expense.vendor, tx.reference)) {
    return 'in-text';
  }
  return null;
}

function judgeExpense(
  tx: MatchableTransaction,
  expense: ExpenseCandidate,
): ExpenseMatchSuggestion | null {
  if (expense.currency !== tx.currency) return null;
  if (compareAmounts(outgoing(tx.amount), expense.amount) !== 0) return null;
  const days = Math.abs(daysBetween(expense.date, tx.bookingDate));
  if (days > EXPENSE_DAYS_WINDOW) return null;

  const reasons = ['Amount equals the expense'];
  let score =
    EXPENSE_POINTS.exactAmount + EXPENSE_POINTS.sameDay - EXPENSE_POINTS.perDayApart * days;
  reasons.push(
    days === 0
      ? 'Same day as the expense'
      : `${days} ${days === 1 ? 'day' : 'days'} from the expense's date`,
  );
  const vendor = vendorFit(tx, expense);
  if (vendor === 'name') {
    score += EXPENSE_POINTS.vendor;
    reasons.push(`Counterparty is the vendor ${expense.vendor}`);
  } else if (vendor === 'similar-name') {
    score += EXPENSE_POINTS.similarVendor;
    reasons.push(`Counterparty resembles the vendor ${expense.vendor}`);
  } else if (vendor === 'in-text') {
    score += EXPENSE_POINTS.vendorInText;
    reasons.push(`Vendor ${expense.vendor} in the transaction's text`);
  }

  return {
    kind: 'expense',
    expenseId: expense.id,
    currency: expense.currency,
    transactionCurrency: tx.currency,
    amount: expense.amount,
    score: clampScore(score),
    reasons,
    signals: { days, vendor },
  };
}

/**
 * The unlinked expenses an outgoing transaction may have paid, best first (ties by expense
 * id). Only money out (amount < 0); only expenses in the same currency, of exactly the
 * amount that left the account, dated within 7 days of the booking. The score grows with a
 * closer date and with the vendor as the counterparty (or named in the transaction's text).
 */
export function suggestExpenseMatches(
  tx: MatchableTransaction,
  unlinkedExpenses: readonly ExpenseCandidate[],
): ExpenseMatchSuggestion[] {
  if (compareAmounts(tx.amount, '0') >= 0) return [];
  return unlinkedExpenses
    .map((expense) => judgeExpense(tx, expense))
    .filter((s): s is ExpenseMatchSuggestion => s !== null)
    .sort(bySuggestionOrder((s) => s.expenseId));
}
