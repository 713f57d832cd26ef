import { sql } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount, subtractAmounts } from '../../../shared/invoice-math.ts';
import type { Database } from '../../db/create-db.ts';
import type { ExpenseCandidate, InvoiceCandidate } from './matching/index.ts';

/** The marker a payment the bank matching recorded carries: unmatching deletes only these. */
export const bankPaymentReference = (transactionId: number) => `bank-transaction:${transactionId}`;

/** A bank transaction locked for a match or an unmatch (two at once: one waits). */
export async function lockTransaction(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('bankTransactions')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export type LockedTransaction = NonNullable<Awaited<ReturnType<typeof lockTransaction>>>;

/**
 * Open invoices of the workspace in the currency with a balance left: issued (not draft,
 * paid or void), each with its client's name.
 */
export async function invoiceCandidates(
  db: Database,
  workspaceId: number,
  currency: string,
  onlyId?: number,
): Promise<InvoiceCandidate[]> {
  let q = db
    .selectFrom('invoices as i')
    .innerJoin('clients as c', (join) =>
      join.onRef('c.workspaceId', '=', 'i.workspaceId').onRef('c.id', '=', 'i.clientId'),
    )
    .select([
      'i.id',
      'i.invoiceNumber',
      'i.currency',
      'i.amount',
      'i.paidTotal',
      'i.creditedTotal',
      'i.issueDate',
      'i.dueDate',
      'c.name as clientName',
    ])
    .where('i.workspaceId', '=', workspaceId)
    .where('i.currency', '=', currency)
    .where('i.status', 'not in', ['draft', 'paid', 'void'])
    .where(sql<boolean>`i.amount - i.paid_total - i.credited_total > 0`)
    .orderBy('i.id');
  if (onlyId !== undefined) q = q.where('i.id', '=', onlyId);
  const rows = await q.execute();
  const digits = minorDigits(currency);
  return rows.map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    currency: r.currency,
    total: normalizeAmount(r.amount, digits),
    balance: normalizeAmount(
      subtractAmounts(subtractAmounts(r.amount, r.paidTotal, 3), r.creditedTotal, 3),
      digits,
    ),
    clientName: r.clientName,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
  }));
}

/** Confirmed expenses in the currency that no bank transaction is linked to yet. */
export async function expenseCandidates(
  db: Database,
  workspaceId: number,
  currency: string,
): Promise<ExpenseCandidate[]> {
  const rows = await db
    .selectFrom('expenses as e')
    .select(['e.id', 'e.currency', 'e.amount', 'e.date', 'e.vendor', 'e.notes'])
    .where('e.workspaceId', '=', workspaceId)
    .where('e.currency', '=', currency)
    .where('e.draft', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bankTransactions as t')
            .select('t.id')
            .whereRef('t.workspaceId', '=', 'e.workspaceId')
            .whereRef('t.expenseId', '=', 'e.id'),
        ),
      ),
    )
    .orderBy('e.id')
    .execute();
  const digits = minorDigits(currency);
  return rows.map((r) => ({
    id: r.id,
    currency: r.currency,
    amount: normalizeAmount(r.amount, digits),
    date: r.date,
    vendor: r.vendor,
    description: r.notes,
  }));
}

/** One expense of the workspace, if no bank transaction is linked to it. */
export async function unlinkedExpense(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('expenses as e')
    .select(['e.id', 'e.currency', 'e.amount', 'e.date'])
    .where('e.workspaceId', '=', workspaceId)
    .where('e.id', '=', id)
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bankTransactions as t')
            .select('t.id')
            .whereRef('t.workspaceId', '=', 'e.workspaceId')
            .whereRef('t.expenseId', '=', 'e.id'),
        )
        .as('linked'),
    )
    .executeTakeFirst();
}

/**
 * A payment recorded by hand on the invoice for this amount, dated within `days` of the
 * booking, that no bank transaction is linked to: the one a match links instead of
 * recording the money a second time. The nearest in date first.
 */
export async function manualPaymentToLink(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  amount: string,
  bookingDate: string,
  days: number,
) {
  return db
    .selectFrom('invoicePayments as p')
    .select(['p.id'])
    .where('p.workspaceId', '=', workspaceId)
    .where('p.invoiceId', '=', invoiceId)
    .where('p.externalId', 'is', null)
    .where(sql<boolean>`p.amount = ${amount}::numeric`)
    .where(sql<boolean>`abs(p.date - ${bookingDate}::date) <= ${days}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bankTransactions as t')
            .select('t.id')
            .whereRef('t.workspaceId', '=', 'p.workspaceId')
            .whereRef('t.invoicePaymentId', '=', 'p.id'),
        ),
      ),
    )
    .orderBy(sql`abs(p.date - ${bookingDate}::date)`)
    .orderBy('p.id')
    .executeTakeFirst();
}

export async function findPayment(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('invoicePayments')
    .select(['id', 'invoiceId', 'reference'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function setMatch(
  db: Database,
  workspaceId: number,
  id: number,
  values: {
    status: 'unmatched' | 'matched' | 'ignored';
    invoicePaymentId: number | null;
    expenseId: number | null;
    matchedBy: number | null;
  },
) {
  await db
    .updateTable('bankTransactions')
    .set({
      ...values,
      matchedAt: values.status === 'matched' ? new Date() : null,
      updatedAt: new Date(),
    })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** The unmatched incoming transactions of an account, oldest first (auto-match's order). */
export async function unmatchedIncoming(db: Database, workspaceId: number, accountId: number) {
  return db
    .selectFrom('bankTransactions')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .where('accountId', '=', accountId)
    .where('status', '=', 'unmatched')
    .where('amount', '>', '0')
    .orderBy('bookingDate')
    .orderBy('id')
    .execute();
}
