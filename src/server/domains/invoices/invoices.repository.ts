import { sql } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount, subtractAmounts } from '../../../shared/invoice-math.ts';
import type {
  Invoice,
  InvoiceLine,
  InvoiceSort,
  InvoiceStatus,
  Payment,
} from '../../../shared/invoices.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import {
  releaseExpensesOfInvoice,
  releaseExpensesOfLines,
} from '../expenses/expenses.repository.ts';
import {
  answeredDiscount,
  findDocumentParties,
  pageOfDocuments,
  documentLineRows,
  shownStatus,
  type DocumentList,
  type RowValues,
} from './document-rows.ts';
import type { DocumentTotals } from './document-totals.ts';

/** Sent or viewed and past its due date: shown as overdue (document-rows.ts). */
export const effectiveStatus = (workspaceId: number) =>
  shownStatus<InvoiceStatus>(workspaceId, 'i', 'dueDate', 'overdue');

function selectInvoice(db: Database, workspaceId: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('clients as c', (j) =>
      j.onRef('c.workspaceId', '=', 'i.workspaceId').onRef('c.id', '=', 'i.clientId'),
    )
    .leftJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 'i.workspaceId').onRef('pr.id', '=', 'i.projectId'),
    )
    .where('i.workspaceId', '=', workspaceId)
    .select((eb) => [
      'i.id',
      'i.clientId',
      'i.projectId',
      'i.invoiceNumber',
      'i.amount',
      'i.currency',
      'i.issueDate',
      'i.subtotal',
      'i.discountType',
      'i.discountValue',
      'i.discountTotal',
      'i.taxTotal',
      'i.paidTotal',
      'i.creditedTotal',
      'i.notes',
      'i.buyerReference',
      'i.purchaseOrderReference',
      'i.servicePeriodStart',
      'i.servicePeriodEnd',
      'i.issuedAt',
      'i.voidedAt',
      'i.voidReason',
      'i.viewedAt',
      'i.emailedAt',
      effectiveStatus(workspaceId).as('status'),
      'i.dueDate',
      'i.paidDate',
      'i.createdAt',
      'i.recurringInvoiceId',
      'i.estimateId',
      eb
        .selectFrom('estimates as e')
        .select('e.estimateNumber')
        .whereRef('e.workspaceId', '=', 'i.workspaceId')
        .whereRef('e.id', '=', 'i.estimateId')
        .as('estimateNumber'),
      'c.name as clientName',
      'c.company as clientCompany',
      'c.email as clientEmail',
      'pr.name as projectName',
      eb
        .selectFrom('timeEntries as te')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('te.workspaceId', '=', 'i.workspaceId')
        .whereRef('te.invoiceId', '=', 'i.id')
        .as('timeEntryCount'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectInvoice>['execute']>>[number];

/**
 * What is left to pay: total − payments − credit notes, never below 0 (a credit on a paid
 * invoice is money the business owes back, not a negative balance of the invoice).
 */
export function balanceOf(total: string, paid: string, credited: string, digits: number) {
  const left = subtractAmounts(subtractAmounts(total, paid, digits), credited, digits);
  return left.startsWith('-') ? normalizeAmount('0', digits) : left;
}

function toInvoice({
  clientName,
  clientCompany,
  clientEmail,
  projectName,
  timeEntryCount,
  discountType,
  discountValue,
  estimateId,
  estimateNumber,
  ...r
}: Row): Invoice {
  const digits = minorDigits(r.currency);
  const money = (value: string) => normalizeAmount(value, digits);
  const total = money(r.amount);
  const paidTotal = money(r.paidTotal);
  const creditedAmount = money(r.creditedTotal);
  const open = r.status !== 'draft' && r.status !== 'void';
  return {
    ...r,
    amount: total,
    total,
    subtotal: money(r.subtotal),
    discountTotal: money(r.discountTotal),
    taxTotal: money(r.taxTotal),
    paidTotal,
    creditedAmount,
    balance: open ? balanceOf(total, paidTotal, creditedAmount, digits) : money('0'),
    discount: answeredDiscount(discountType, discountValue, digits),
    createdAt: iso(r.createdAt),
    issuedAt: iso(r.issuedAt),
    voidedAt: iso(r.voidedAt),
    viewedAt: iso(r.viewedAt),
    emailedAt: iso(r.emailedAt),
    client: { name: clientName, company: clientCompany, email: clientEmail },
    project: projectName !== null ? { name: projectName } : null,
    timeEntryCount: timeEntryCount ?? 0,
    estimate: estimateId !== null ? { id: estimateId, number: estimateNumber ?? null } : null,
  };
}

const INVOICE_LIST = (workspaceId: number): DocumentList => ({
  table: 'invoices',
  alias: 'i',
  searchIn: [sql`i.invoice_number`, sql`c.name`, sql`pr.name`],
  status: effectiveStatus(workspaceId),
  sortColumns: { createdAt: sql`i.created_at`, dueDate: sql`i.due_date`, amount: sql`i.amount` },
});

export async function listInvoices(
  db: Database,
  workspaceId: number,
  query: ListQuery & {
    status?: InvoiceStatus;
    unpaid?: boolean;
    clientId?: number;
    projectId?: number;
    sort?: InvoiceSort;
    /** The older name of `sort=dueDate`, still accepted. */
    orderBy?: 'created' | 'dueDate';
  },
) {
  let q = selectInvoice(db, workspaceId);
  if (query.unpaid) q = q.where('i.status', 'in', ['sent', 'viewed']);
  if (query.projectId !== undefined) q = q.where('i.projectId', '=', query.projectId);
  const { rows, total } = await pageOfDocuments(db, q, INVOICE_LIST(workspaceId), {
    ...query,
    sort: query.sort ?? (query.orderBy === 'dueDate' ? 'dueDate' : '-createdAt'),
  });
  return { items: rows.map(toInvoice), total };
}

export async function findInvoice(db: Database, workspaceId: number, id: number) {
  const row = await selectInvoice(db, workspaceId).where('i.id', '=', id).executeTakeFirst();
  return row && toInvoice(row);
}

/** The stored snapshots of an issued invoice (null on drafts). */
export const findParties = (db: Database, workspaceId: number, id: number) =>
  findDocumentParties(db, 'invoices', workspaceId, id);

/** The invoice lines table (document-rows.ts): a removed line's time and expenses are unbilled. */
const lines = documentLineRows('invoiceLines', 'invoiceId', async (db, workspaceId, ids) => {
  await db
    .updateTable('timeEntries')
    .set({ invoiceId: null, invoiceLineId: null })
    .where('workspaceId', '=', workspaceId)
    .where('invoiceLineId', 'in', ids)
    .execute();
  await releaseExpensesOfLines(db, workspaceId, ids);
});
export const { lineInputs, insertLine, updateLine, deleteLinesExcept, setLineAmounts } = lines;

export async function findLines(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  currency: string,
): Promise<InvoiceLine[]> {
  const [answered, counts] = await Promise.all([
    lines.answeredLines(db, workspaceId, invoiceId, minorDigits(currency)),
    db
      .selectFrom('timeEntries')
      .select(['invoiceLineId', sql<number>`count(*)::int`.as('n')])
      .where('workspaceId', '=', workspaceId)
      .where('invoiceLineId', 'in', (eb) =>
        eb
          .selectFrom('invoiceLines')
          .select('id')
          .where('workspaceId', '=', workspaceId)
          .where('invoiceId', '=', invoiceId),
      )
      .groupBy('invoiceLineId')
      .execute(),
  ]);
  const timeEntries = new Map(counts.map((c) => [c.invoiceLineId, c.n]));
  return answered.map((line) => ({ ...line, timeEntryCount: timeEntries.get(line.id) ?? 0 }));
}

export async function findPayments(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  currency: string,
): Promise<Payment[]> {
  const digits = minorDigits(currency);
  const rows = await db
    .selectFrom('invoicePayments')
    .select(['id', 'amount', 'date', 'method', 'note', 'createdAt'])
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .orderBy('date')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    amount: normalizeAmount(r.amount, digits),
    method: r.method as Payment['method'],
    createdAt: iso(r.createdAt),
  }));
}

/** The columns of an invoice a draft's fields write. */
export type InvoiceRowValues = Partial<
  RowValues<
    'invoices',
    | 'clientId'
    | 'projectId'
    | 'invoiceNumber'
    | 'currency'
    | 'issueDate'
    | 'dueDate'
    | 'discountType'
    | 'discountValue'
    | 'notes'
    | 'buyerReference'
    | 'purchaseOrderReference'
    | 'servicePeriodStart'
    | 'servicePeriodEnd'
    /** The recurring invoice and period it was made for (unique together). */
    | 'recurringInvoiceId'
    | 'recurringPeriodStart'
  >
>;

export async function insertInvoice(
  db: Database,
  workspaceId: number,
  values: InvoiceRowValues & { clientId: number; currency: string },
) {
  const row = await db
    .insertInto('invoices')
    .values({ ...values, workspaceId, amount: '0', status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The invoice of a recurring invoice's period: `insert … on conflict do nothing` on the
 * unique (template, period start), so undefined when that period has its invoice already
 * (on PostgreSQL, after waiting for a concurrent insert of it to commit or roll back).
 */
export async function insertPeriodInvoice(
  db: Database,
  workspaceId: number,
  values: InvoiceRowValues & {
    clientId: number;
    currency: string;
    recurringInvoiceId: number;
    recurringPeriodStart: string;
  },
): Promise<number | undefined> {
  const row = await db
    .insertInto('invoices')
    .values({ ...values, workspaceId, amount: '0', status: 'draft' })
    .onConflict((oc) =>
      oc.columns(['workspaceId', 'recurringInvoiceId', 'recurringPeriodStart']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Locks the invoice row for the rest of the transaction and answers its state. */
export async function lockInvoice(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('invoices')
    .select([
      'id',
      'status',
      'clientId',
      'projectId',
      'invoiceNumber',
      'currency',
      'issueDate',
      'dueDate',
      'discountType',
      'discountValue',
      'amount',
      'paidTotal',
      'servicePeriodStart',
      'servicePeriodEnd',
      'creditedTotal',
      'emailedAt',
      'viewedAt',
    ])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateInvoice(
  db: Database,
  workspaceId: number,
  id: number,
  values: InvoiceRowValues &
    Partial<
      RowValues<
        'invoices',
        | 'status'
        | 'seller'
        | 'buyer'
        | 'issuedAt'
        | 'voidedAt'
        | 'voidReason'
        | 'viewedAt'
        | 'paidDate'
        | 'paidTotal'
        | 'creditedTotal'
      >
    >,
) {
  await db
    .updateTable('invoices')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function setTotals(
  db: Database,
  workspaceId: number,
  id: number,
  totals: DocumentTotals,
) {
  await db
    .updateTable('invoices')
    .set({ ...totals, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** How many of these time entry ids are entries of the workspace (billed or not). */
export async function countWorkspaceEntries(db: Database, workspaceId: number, ids: number[]) {
  const row = await db
    .selectFrom('timeEntries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The projects the given entries of the workspace are on, in id order. */
export async function projectsOfEntries(db: Database, workspaceId: number, ids: number[]) {
  const rows = await db
    .selectFrom('timeEntries')
    .select('projectId')
    .distinct()
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .orderBy('projectId')
    .execute();
  return rows.map((r) => r.projectId);
}

/**
 * Bills the given unbilled entries of the projects to the invoice and answers them as they
 * are now. The claim is one UPDATE whose own condition says `invoice_id is null`: an edit
 * or delete of an entry that commits first is seen (PostgreSQL re-reads the row after
 * waiting for its lock), and one that comes after finds the entry billed and changes
 * nothing. Entries already billed or moved to another project are left out of the answer.
 */
export async function claimEntries(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  projectIds: number[],
  ids: number[],
) {
  return db
    .updateTable('timeEntries')
    .set({ invoiceId })
    .where('workspaceId', '=', workspaceId)
    .where('projectId', 'in', projectIds)
    .where('invoiceId', 'is', null)
    .where('id', 'in', ids)
    .returning(['id', 'projectId', 'hours', 'rate', 'date', 'description'])
    .execute();
}

export async function linkEntriesToLine(
  db: Database,
  workspaceId: number,
  lineId: number,
  ids: number[],
) {
  await db
    .updateTable('timeEntries')
    .set({ invoiceLineId: lineId })
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}

/** A void (or deleted) invoice no longer bills its time, nor its expenses. */
export async function releaseEntries(db: Database, workspaceId: number, invoiceId: number) {
  await db
    .updateTable('timeEntries')
    .set({ invoiceId: null, invoiceLineId: null })
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .execute();
  await releaseExpensesOfInvoice(db, workspaceId, invoiceId);
}

export async function deleteInvoice(db: Database, workspaceId: number, id: number) {
  await releaseEntries(db, workspaceId, id);
  await db
    .deleteFrom('invoices')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function insertPayment(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  values: RowValues<'invoicePayments', 'amount' | 'date' | 'method' | 'note' | 'createdBy'> &
    Partial<RowValues<'invoicePayments', 'reference'>>,
) {
  const row = await db
    .insertInto('invoicePayments')
    .values({ ...values, workspaceId, invoiceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A payment (or, negative, a refund) a payment provider reported: its external id is
 * unique per workspace, so a second delivery inserts nothing and answers undefined.
 */
export async function insertExternalPayment(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  values: RowValues<
    'invoicePayments',
    'amount' | 'date' | 'method' | 'note' | 'reference' | 'fee' | 'externalId'
  >,
) {
  const row = await db
    .insertInto('invoicePayments')
    .values({ ...values, workspaceId, invoiceId, createdBy: null })
    .onConflict((oc) => oc.columns(['workspaceId', 'externalId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function deletePayment(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  paymentId: number,
) {
  return db
    .deleteFrom('invoicePayments')
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .where('id', '=', paymentId)
    .returning('id')
    .executeTakeFirst();
}

/** What payment providers (Stripe) paid on the invoice, net of their refunds. */
export async function providerPaidTotal(db: Database, workspaceId: number, invoiceId: number) {
  const row = await db
    .selectFrom('invoicePayments')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('paid'))
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .where('externalId', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.paid;
}

/** Recomputes what was paid from the payments themselves, and the date of the last one. */
export async function refreshPaid(db: Database, workspaceId: number, invoiceId: number) {
  return db
    .selectFrom('invoicePayments')
    .select([
      sql<string>`coalesce(sum(amount), 0)`.as('paid'),
      sql<string | null>`max(date)::text`.as('lastDate'),
    ])
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .executeTakeFirstOrThrow();
}
