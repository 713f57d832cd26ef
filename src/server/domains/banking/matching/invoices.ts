import { formatMoney } from '../../../../shared/money.ts';
import { compareAmounts } from '../../../../shared/invoice-math.ts';
import { bySuggestionOrder, clampScore } from './score.ts';
import { compactIban, containsDocumentNumber, nameSimilarity } from './text.ts';
import type {
  AmountFit,
  CounterpartyFit,
  InvoiceCandidate,
  InvoiceMatchSuggestion,
  MatchableTransaction,
  NumberFound,
} from './types.ts';

/**
 * The points each signal adds. The number and the exact amount together (80) are what a
 * certain match has at least; the most any suggestion reaches is 100.
 */
export const INVOICE_POINTS = {
  number: 50,
  exactAmount: 30,
  partialAmount: 10,
  iban: 20,
  name: 15,
  similarName: 8,
  /** Taken off when the money came before the invoice was issued. */
  bookedBeforeIssue: -10,
} as const;

function numberFound(tx: MatchableTransaction, invoiceNumber: string | null): NumberFound {
  if (!invoiceNumber) return null;
  if (containsDocumentNumber(tx.reference, invoiceNumber)) return 'reference';
  if (containsDocumentNumber(tx.remittance, invoiceNumber)) return 'remittance';
  return null;
}

function amountFit(amount: string, balance: string): AmountFit {
  const order = compareAmounts(amount, balance);
  return order === 0 ? 'exact' : order < 0 ? 'partial' : 'more';
}

function counterpartyFit(tx: MatchableTransaction, invoice: InvoiceCandidate): CounterpartyFit {
  const iban = tx.counterpartyIban ? compactIban(tx.counterpartyIban) : '';
  if (iban && (invoice.clientIbans ?? []).some((known) => compactIban(known) === iban)) {
    return 'iban';
  }
  const similarity = nameSimilarity(tx.counterpartyName, invoice.clientName);
  return similarity === 'same' ? 'name' : similarity === 'similar' ? 'similar-name' : null;
}

/** One invoice judged against the transaction, or null when it is no candidate at all. */
function judgeInvoice(
  tx: MatchableTransaction,
  invoice: InvoiceCandidate,
): InvoiceMatchSuggestion | null {
  if (invoice.currency !== tx.currency) return null;
  if (compareAmounts(invoice.balance, '0') <= 0) return null;

  const number = numberFound(tx, invoice.invoiceNumber);
  const amount = amountFit(tx.amount, invoice.balance);
  const counterparty = counterpartyFit(tx, invoice);
  // Without its number or its exact amount, only a payment from the client itself that fits
  // in the balance is worth showing: a smaller amount alone fits every larger invoice.
  const worthShowing =
    number !== null ||
    amount === 'exact' ||
    ((counterparty === 'iban' || counterparty === 'name') && amount === 'partial');
  if (!worthShowing) return null;

  const reasons: string[] = [];
  let score = 0;
  if (number) {
    score += INVOICE_POINTS.number;
    reasons.push(
      `Invoice number ${invoice.invoiceNumber} in the ${number === 'reference' ? 'reference' : 'remittance text'}`,
    );
  }
  const balance = formatMoney(invoice.balance, invoice.currency);
  if (amount === 'exact') {
    score += INVOICE_POINTS.exactAmount;
    reasons.push('Amount equals the balance');
  } else if (amount === 'partial') {
    score += INVOICE_POINTS.partialAmount;
    reasons.push(`Amount is part of the balance of ${balance}`);
  } else {
    reasons.push(`Amount is more than the balance of ${balance}`);
  }
  if (counterparty === 'iban') {
    score += INVOICE_POINTS.iban;
    reasons.push(`Counterparty's IBAN is ${invoice.clientName}'s`);
  } else if (counterparty === 'name') {
    score += INVOICE_POINTS.name;
    reasons.push(`Counterparty is the client ${invoice.clientName}`);
  } else if (counterparty === 'similar-name') {
    score += INVOICE_POINTS.similarName;
    reasons.push(`Counterparty resembles the client ${invoice.clientName}`);
  }
  if (invoice.issueDate && tx.bookingDate < invoice.issueDate) {
    score += INVOICE_POINTS.bookedBeforeIssue;
    reasons.push('Booked before the invoice was issued');
  }

  return {
    kind: 'invoice',
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    currency: invoice.currency,
    transactionCurrency: tx.currency,
    amount: amount === 'partial' ? tx.amount : invoice.balance,
    score: clampScore(score),
    reasons,
    signals: { number, amount, counterparty },
  };
}

/**
 * The open invoices an incoming transaction may pay, best first (ties by invoice id).
 *
 * - Money out (amount ≤ 0) pays no invoice: no suggestions.
 * - Never an invoice in another currency, nor one with nothing left to pay.
 * - Signals: the invoice number in the reference or remittance text (any case, spacing or
 *   dashes, whole word: INV-1 is not INV-10); the amount equal to the balance (strong) or
 *   less (a part payment, weaker; more than the balance is no full match); the client's IBAN
 *   or name as the counterparty (word overlap, case and accents folded).
 * - An invoice is suggested with its number, or its exact balance, or a part payment whose
 *   counterparty is the client by IBAN or name; each with a score (0–100) and its reasons.
 */
export function suggestInvoiceMatches(
  tx: MatchableTransaction,
  openInvoices: readonly InvoiceCandidate[],
): InvoiceMatchSuggestion[] {
  if (compareAmounts(tx.amount, '0') <= 0) return [];
  return openInvoices
    .map((invoice) => judgeInvoice(tx, invoice))
    .filter((s): s is InvoiceMatchSuggestion => s !== null)
    .sort(bySuggestionOrder((s) => s.invoiceId));
}
