import type { InvoiceMatchSuggestion, MatchSuggestion } from './types.ts';

/**
 * Whether "Auto-match" may confirm the suggestion without asking: the invoice's number is in
 * the transaction's reference or remittance text, the amount is exactly its balance, and
 * both are in the same currency. An expense suggestion is never certain.
 */
export function isCertain(suggestion: MatchSuggestion): suggestion is InvoiceMatchSuggestion {
  return (
    suggestion.kind === 'invoice' &&
    suggestion.signals.number !== null &&
    suggestion.signals.amount === 'exact' &&
    suggestion.currency === suggestion.transactionCurrency
  );
}

/**
 * The one suggestion Auto-match confirms for a transaction, or null. Null as well when the
 * text names more than one invoice (two certain ones, or a certain one beside another whose
 * number is there too): the payer may have meant both, so a person decides.
 */
export function certainMatch(
  suggestions: readonly MatchSuggestion[],
): InvoiceMatchSuggestion | null {
  const named = suggestions.filter((s) => s.kind === 'invoice' && s.signals.number !== null);
  const [only] = named;
  return named.length === 1 && only && isCertain(only) ? only : null;
}
