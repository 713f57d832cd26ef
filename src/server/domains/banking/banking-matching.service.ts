import { TRPCError } from '@trpc/server';
import type {
  BankMatchInput,
  BankTransactionExpenseInput,
} from '../../../shared/banking.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { compareAmounts, normalizeAmount } from '../../../shared/invoice-math.ts';
import { fitsCurrency } from '../../../shared/money.ts';
import type { Database } from '../../db/create-db.ts';
import type { Context, WorkspaceScope } from '../../trpc/context.ts';
import * as expensesRepo from '../expenses/expenses.repository.ts';
import * as invoicesRepo from '../invoices/invoices.repository.ts';
import { refreshPaid, settleIn } from '../invoices/invoices.service.ts';
import * as repo from './banking-matching.repository.ts';
import { bankPaymentReference, type LockedTransaction } from './banking-matching.repository.ts';
import * as bankRepo from './banking.repository.ts';
import { ACCOUNT_NOT_FOUND, TRANSACTION_NOT_FOUND } from './banking.service.ts';
import {
  certainMatch,
  suggestExpenseMatches,
  suggestInvoiceMatches,
  type MatchableTransaction,
  type MatchSuggestion,
} from './matching/index.ts';

type Scope = WorkspaceScope & Pick<Context, 'jobs'>;

/** A payment recorded by hand this many days from the booking is the same money. */
export const MANUAL_PAYMENT_DAYS = 5;

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

function matchable(tx: LockedTransaction): MatchableTransaction {
  return {
    amount: normalizeAmount(tx.amount, minorDigits(tx.currency)),
    currency: tx.currency,
    bookingDate: tx.bookingDate,
    counterpartyName: tx.counterpartyName,
    counterpartyIban: tx.counterpartyIban,
    reference: tx.reference,
    remittance: tx.remittance,
  };
}

async function suggestionsFor(db: Database, workspaceId: number, tx: LockedTransaction) {
  const m = matchable(tx);
  if (compareAmounts(m.amount, '0') > 0)
    return suggestInvoiceMatches(m, await repo.invoiceCandidates(db, workspaceId, tx.currency));
  if (compareAmounts(m.amount, '0') < 0)
    return suggestExpenseMatches(m, await repo.expenseCandidates(db, workspaceId, tx.currency));
  return [];
}

/** What the transaction may be: open invoices (money in) or unlinked expenses (money out). */
export async function suggestions(scope: WorkspaceScope, id: number): Promise<MatchSuggestion[]> {
  const { db, workspace } = scope;
  const tx = await db
    .selectFrom('bankTransactions')
    .selectAll()
    .where('workspaceId', '=', workspace.id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!tx) throw notFound(TRANSACTION_NOT_FOUND);
  if (tx.status !== 'unmatched') return [];
  return suggestionsFor(db, workspace.id, tx);
}

async function lockUnmatched(trx: Database, workspaceId: number, id: number) {
  const tx = await repo.lockTransaction(trx, workspaceId, id);
  if (!tx) throw notFound(TRANSACTION_NOT_FOUND);
  if (tx.status === 'matched') throw conflict('This transaction is matched already');
  if (tx.status === 'ignored') throw conflict('This transaction is ignored; unignore it first');
  return tx;
}

/**
 * The transaction pays an invoice, in the caller's transaction with the bank line locked.
 * A payment recorded by hand for the same money (amount, a date within a few days, linked to
 * no transaction) is linked; otherwise the payment is recorded as a manual one would be
 * (booking date, bank transfer, the transaction as its reference).
 */
async function matchInvoiceIn(
  trx: Database,
  scope: Scope,
  tx: LockedTransaction,
  invoiceId: number,
  requested?: string,
) {
  const { workspace, user } = scope;
  const digits = minorDigits(tx.currency);
  const txAmount = normalizeAmount(tx.amount, digits);
  const invoice = await invoicesRepo.lockInvoice(trx, workspace.id, invoiceId);
  if (!invoice) throw notFound('Invoice not found');
  if (compareAmounts(txAmount, '0') <= 0)
    throw badRequest('Money that left the account pays no invoice; match it to an expense');
  if (invoice.currency !== tx.currency)
    throw conflict(`The invoice is in ${invoice.currency}; this transaction is in ${tx.currency}`);
  if (invoice.status === 'draft' || invoice.status === 'void')
    throw conflict(`A ${invoice.status} invoice takes no payments`);
  const balance = normalizeAmount(
    invoicesRepo.balanceOf(invoice.amount, invoice.paidTotal, invoice.creditedTotal, 3),
    digits,
  );
  let amount = txAmount;
  if (requested !== undefined) {
    if (!fitsCurrency(requested, tx.currency))
      throw badRequest(`${tx.currency} amounts have at most ${digits} decimals`);
    amount = normalizeAmount(requested, digits);
    if (compareAmounts(amount, '0') <= 0) throw badRequest('Amount must be greater than 0');
    if (compareAmounts(amount, txAmount) > 0)
      throw badRequest(`The amount is more than the transaction brought (${txAmount})`);
  }

  // The same money recorded by hand already: linked, never recorded a second time.
  const manual = await repo.manualPaymentToLink(
    trx,
    workspace.id,
    invoiceId,
    amount,
    tx.bookingDate,
    MANUAL_PAYMENT_DAYS,
  );
  // More money than is left to pay pays the balance, unless the amount was asked for.
  if (!manual && requested === undefined && compareAmounts(amount, balance) > 0) amount = balance;
  let paymentId: number;
  if (manual) {
    paymentId = manual.id;
  } else {
    if (compareAmounts(balance, '0') <= 0 || compareAmounts(amount, balance) > 0)
      throw conflict(`The amount is more than the invoice's balance due (${balance})`);
    const recorded = await settleIn(trx, scope, invoiceId, {
      amount,
      date: tx.bookingDate,
      method: 'bank_transfer',
      note: null,
      reference: bankPaymentReference(tx.id),
    });
    paymentId = recorded!;
  }
  await repo.setMatch(trx, workspace.id, tx.id, {
    status: 'matched',
    invoicePaymentId: paymentId,
    expenseId: null,
    matchedBy: user.id,
  });
}

async function matchExpenseIn(trx: Database, scope: Scope, tx: LockedTransaction, id: number) {
  const { workspace, user } = scope;
  const expense = await repo.unlinkedExpense(trx, workspace.id, id);
  if (!expense) throw notFound('Expense not found');
  if (compareAmounts(tx.amount, '0') >= 0)
    throw badRequest('Money that came in pays no expense; match it to an invoice');
  if (expense.currency !== tx.currency)
    throw conflict(`The expense is in ${expense.currency}; this transaction is in ${tx.currency}`);
  if (expense.linked) throw conflict('This expense is linked to another transaction');
  await repo.setMatch(trx, workspace.id, tx.id, {
    status: 'matched',
    invoicePaymentId: null,
    expenseId: id,
    matchedBy: user.id,
  });
}

export async function match(scope: Scope, input: BankMatchInput) {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const tx = await lockUnmatched(trx, workspace.id, input.id);
    if ('invoiceId' in input) await matchInvoiceIn(trx, scope, tx, input.invoiceId, input.amount);
    else await matchExpenseIn(trx, scope, tx, input.expenseId);
  });
  return (await bankRepo.findTransaction(db, workspace.id, input.id))!;
}

/**
 * Undoes what the match did: deletes the payment it recorded (and the invoice's status and
 * paid date follow), or unlinks the manual payment or the expense it linked. An ignored
 * transaction becomes unmatched again (this is also "unignore").
 */
export async function unmatch(scope: Scope, id: number) {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const tx = await repo.lockTransaction(trx, workspace.id, id);
    if (!tx) throw notFound(TRANSACTION_NOT_FOUND);
    if (tx.status === 'unmatched') throw conflict('This transaction is not matched');
    if (tx.invoicePaymentId !== null) {
      const payment = await repo.findPayment(trx, workspace.id, tx.invoicePaymentId);
      if (payment && payment.reference === bankPaymentReference(tx.id)) {
        const invoice = await invoicesRepo.lockInvoice(trx, workspace.id, payment.invoiceId);
        await repo.setMatch(trx, workspace.id, tx.id, {
          status: 'unmatched',
          invoicePaymentId: null,
          expenseId: null,
          matchedBy: null,
        });
        await invoicesRepo.deletePayment(trx, workspace.id, payment.invoiceId, payment.id);
        if (invoice) await refreshPaid(trx, workspace.id, payment.invoiceId, invoice);
        return;
      }
    }
    await repo.setMatch(trx, workspace.id, tx.id, {
      status: 'unmatched',
      invoicePaymentId: null,
      expenseId: null,
      matchedBy: null,
    });
  });
  return (await bankRepo.findTransaction(db, workspace.id, id))!;
}

/** Transfers between own accounts, private money: the line needs no match. */
export async function ignore(scope: Scope, id: number) {
  const { db, workspace, user } = scope;
  await db.transaction().execute(async (trx) => {
    const tx = await lockUnmatched(trx, workspace.id, id);
    await repo.setMatch(trx, workspace.id, tx.id, {
      status: 'ignored',
      invoicePaymentId: null,
      expenseId: null,
      matchedBy: user.id,
    });
  });
  return (await bankRepo.findTransaction(db, workspace.id, id))!;
}

/** A new expense from money that left the account (its amount, currency and day), linked. */
export async function createExpense(scope: Scope, input: BankTransactionExpenseInput) {
  const { db, workspace, user } = scope;
  await db.transaction().execute(async (trx) => {
    const tx = await lockUnmatched(trx, workspace.id, input.id);
    if (compareAmounts(tx.amount, '0') >= 0)
      throw badRequest('Only money that left the account becomes an expense');
    const categoryId = input.categoryId ?? tx.categoryId ?? null;
    if (categoryId !== null && !(await expensesRepo.findCategory(trx, workspace.id, categoryId)))
      throw notFound('Category not found');
    const amount = normalizeAmount(tx.amount, minorDigits(tx.currency)).replace(/^-/, '');
    const expenseId = await expensesRepo.insertExpense(trx, workspace.id, {
      date: tx.bookingDate,
      amount,
      currency: tx.currency,
      categoryId,
      vendor: input.vendor ?? tx.counterpartyName ?? null,
      notes: input.description ?? tx.remittance ?? tx.reference ?? null,
      createdBy: user.id,
    });
    await repo.setMatch(trx, workspace.id, tx.id, {
      status: 'matched',
      invoicePaymentId: null,
      expenseId,
      matchedBy: user.id,
    });
  });
  return (await bankRepo.findTransaction(db, workspace.id, input.id))!;
}

/**
 * Confirms the certain suggestions of the account's unmatched incoming transactions (the
 * invoice's number in the text and exactly its balance), one at a time, each reading the
 * balances the ones before it left; the others are left for a person.
 */
export async function autoMatch(scope: Scope, accountId: number) {
  const { db, workspace } = scope;
  const account = await bankRepo.accountForImport(db, workspace.id, accountId);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  const candidates = await repo.unmatchedIncoming(db, workspace.id, accountId);
  let matched = 0;
  for (const candidate of candidates) {
    const done = await db.transaction().execute(async (trx) => {
      const tx = await repo.lockTransaction(trx, workspace.id, candidate.id);
      if (!tx || tx.status !== 'unmatched') return false;
      const certain = certainMatch(await suggestionsFor(trx, workspace.id, tx));
      if (!certain) return false;
      await matchInvoiceIn(trx, scope, tx, certain.invoiceId, certain.amount);
      return true;
    });
    if (done) matched += 1;
  }
  const left = await bankRepo.countTransactions(db, workspace.id, accountId, 'unmatched');
  return { matched, left };
}
