/**
 * Bank transaction matching: pure code, no database. The suggestions endpoint loads the
 * workspace's open invoices (for money in) or unlinked expenses (for money out) as plain
 * candidates and calls these; "Auto-match" confirms `certainMatch(…)` of each transaction.
 *
 * - Never a suggestion in another currency than the transaction's.
 * - Amounts are exact decimal strings compared exactly (compareAmounts), never floats.
 * - Scores are whole numbers from 0 to 100; suggestions come best first, ties by id.
 * - Each suggestion says why, in short sentences for the user (`reasons`).
 */

export { suggestInvoiceMatches, INVOICE_POINTS } from './invoices.ts';
export { suggestExpenseMatches, EXPENSE_DAYS_WINDOW, EXPENSE_POINTS } from './expenses.ts';
export { isCertain, certainMatch } from './certain.ts';
export { containsDocumentNumber, foldText, nameSimilarity, type NameSimilarity } from './text.ts';
export type {
  AmountFit,
  CounterpartyFit,
  ExpenseCandidate,
  ExpenseMatchSuggestion,
  InvoiceCandidate,
  InvoiceMatchSuggestion,
  MatchableTransaction,
  MatchSuggestion,
  NumberFound,
} from './types.ts';
