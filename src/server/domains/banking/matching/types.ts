import type { StatementTransaction } from '../../../../shared/banking.schema.ts';

/**
 * What the matchers read of a bank transaction: the fields a statement line has and a saved
 * bank transaction keeps. `amount` is a signed exact decimal: positive came in.
 */
export type MatchableTransaction = Pick<
  StatementTransaction,
  | 'amount'
  | 'currency'
  | 'bookingDate'
  | 'counterpartyName'
  | 'counterpartyIban'
  | 'reference'
  | 'remittance'
>;

/** An open invoice that an incoming payment may pay. */
export interface InvoiceCandidate {
  id: number;
  /** Null for a draft, which has no number yet (it can still match by amount and client). */
  invoiceNumber: string | null;
  currency: string;
  /** What is left to pay, an exact decimal. An invoice with nothing left is never suggested. */
  balance: string;
  total: string;
  clientName: string;
  /** The client's known IBANs (its profile's, or those earlier payments came from). */
  clientIbans?: readonly string[];
  issueDate: string | null;
  dueDate: string | null;
}

/** An expense not yet linked to a bank transaction. */
export interface ExpenseCandidate {
  id: number;
  currency: string;
  /** Positive, an exact decimal: what was paid. */
  amount: string;
  date: string;
  vendor: string | null;
  description: string | null;
}

/** Where the invoice number was found, if it was. */
export type NumberFound = 'reference' | 'remittance' | null;

/** How the payment compares to the invoice's balance. */
export type AmountFit = 'exact' | 'partial' | 'more';

/** How the counterparty is recognised as the client or vendor. */
export type CounterpartyFit = 'iban' | 'name' | 'similar-name' | 'in-text' | null;

/** A suggestion that the transaction pays an invoice. */
export interface InvoiceMatchSuggestion {
  kind: 'invoice';
  invoiceId: number;
  invoiceNumber: string | null;
  /** The invoice's currency, always the transaction's. */
  currency: string;
  /** The transaction's currency, kept so `isCertain` checks it on its own. */
  transactionCurrency: string;
  /**
   * The payment confirming it records: the transaction's amount, or the balance when the
   * transaction brings more than is left to pay.
   */
  amount: string;
  /** 0 to 100, whole: how sure the suggestion is. */
  score: number;
  /** Short sentences for the user: "Invoice number INV-0042 in the reference". */
  reasons: string[];
  signals: { number: NumberFound; amount: AmountFit; counterparty: CounterpartyFit };
}

/** A suggestion that the transaction paid an expense already recorded. */
export interface ExpenseMatchSuggestion {
  kind: 'expense';
  expenseId: number;
  currency: string;
  transactionCurrency: string;
  /** The expense's amount, which is the money that left the account. */
  amount: string;
  score: number;
  reasons: string[];
  /** Days between the booking and the expense's date, in either direction (0 to 7). */
  signals: { days: number; vendor: CounterpartyFit };
}

export type MatchSuggestion = InvoiceMatchSuggestion | ExpenseMatchSuggestion;
