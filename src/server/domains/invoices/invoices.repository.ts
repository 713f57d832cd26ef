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
  answeredLine,
  findDocumentParties,
  pageOfDocuments,
  setDocumentLineAmounts,
  type DocumentList,
  type RowValues,
} from './document-rows.ts';
import type { DocumentTotals, LineValues } from './document-totals.ts';

/**
 * Sent or viewed and past its due date in the workspace's time zone: shown as overdue (the
 * stored status stays). The subquery names no column of `i`, so it runs once per query.
 */
export const effectiveStatus = (workspaceId: number) =>
  sql<InvoiceStatus>`case when i.status in ('sent', 'viewed') and i.due_date < coalesce(
    (select (now() at time zone bp.timezone)::date from business_profiles bp
      where bp.workspace_id = ${workspaceId}), current_date)
  then 'overdue' else i.status end`;

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
      'i.notes',
      'i.issuedAt',
      'i.voidedAt',
      'i.voidReason',
      'i.viewedAt',
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
  const open = r.status !== 'draft' && r.status !== 'void';
  return {
    ...r,
    amount: total,
    total,
    subtotal: money(r.subtotal),
    discountTotal: money(r.discountTotal),
    taxTotal: money(r.taxTotal),
    paidTotal,
    balance: open ? subtractAmounts(total, paidTotal, digits) : money('0'),
    discount: answeredDiscount(discountType, discountValue, digits),
    createdAt: iso(r.createdAt),
    issuedAt: iso(r.issuedAt),
    voidedAt: iso(r.voidedAt),
    viewedAt: iso(r.viewedAt),
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

export async function findLines(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  currency: string,
): Promise<InvoiceLine[]> {
  const digits = minorDigits(currency);
  const rows = await db
    .selectFrom('invoiceLines as l')
    .select((eb) => [
      'l.id',
      'l.description',
      'l.quantity',
      'l.unitPrice',
      'l.taxRate',
      'l.amount',
      'l.discount',
      eb
        .selectFrom('timeEntries as te')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('te.workspaceId', '=', 'l.workspaceId')
        .whereRef('te.invoiceLineId', '=', 'l.id')
        .as('timeEntryCount'),
    ])
    .where('l.workspaceId', '=', workspaceId)
    .where('l.invoiceId', '=', invoiceId)
    .orderBy('l.position')
    .orderBy('l.id')
    .execute();
  return rows.map((r) => ({
    ...answeredLine(r, digits),
    timeEntryCount: r.timeEntryCount ?? 0,
  }));
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
    .onConflict((oc) => oc.columns(['recurringInvoiceId', 'recurringPeriodStart']).doNothing())
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

/** The lines as stored, in order, for recomputing totals. */
export async function lineInputs(db: Database, workspaceId: number, invoiceId: number) {
  return db
    .selectFrom('invoiceLines')
    .select(['id', 'quantity', 'unitPrice', 'taxRate'])
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export async function insertLine(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  position: number,
  line: LineValues,
) {
  const row = await db
    .insertInto('invoiceLines')
    .values({ ...line, workspaceId, invoiceId, position, amount: '0' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateLine(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  id: number,
  position: number,
  line: LineValues,
) {
  const result = await db
    .updateTable('invoiceLines')
    .set({ ...line, position })
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes the draft's lines not in `keep`; the time and expenses they billed become unbilled. */
export async function deleteLinesExcept(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  keep: number[],
) {
  let gone = db
    .selectFrom('invoiceLines')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId);
  if (keep.length > 0) gone = gone.where('id', 'not in', keep);
  const ids = (await gone.execute()).map((r) => r.id);
  if (ids.length === 0) return;
  await db
    .updateTable('timeEntries')
    .set({ invoiceId: null, invoiceLineId: null })
    .where('workspaceId', '=', workspaceId)
    .where('invoiceLineId', 'in', ids)
    .execute();
  await releaseExpensesOfLines(db, workspaceId, ids);
  await db
    .deleteFrom('invoiceLines')
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}

/** Writes each line's computed amount and discount share. */
export const setLineAmounts = (
  db: Database,
  workspaceId: number,
  amounts: { id: number; amount: string; discount: string }[],
) => setDocumentLineAmounts(db, 'invoiceLines', workspaceId, amounts);

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

/**
 * Bills the given unbilled entries of the project to the invoice and answers them as they
 * are now. The claim is one UPDATE whose own condition says `invoice_id is null`: an edit
 * or delete of an entry that commits first is seen (PostgreSQL re-reads the row after
 * waiting for its lock), and one that comes after finds the entry billed and changes
 * nothing. Entries already billed or of another project are left out of the answer.
 */
export async function claimEntries(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  projectId: number,
  ids: number[],
) {
  return db
    .updateTable('timeEntries')
    .set({ invoiceId })
    .where('workspaceId', '=', workspaceId)
    .where('projectId', '=', projectId)
    .where('invoiceId', 'is', null)
    .where('id', 'in', ids)
    .returning(['id', 'hours', 'rate', 'date', 'description'])
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
  values: RowValues<'invoicePayments', 'amount' | 'date' | 'method' | 'note' | 'createdBy'>,
) {
  const row = await db
    .insertInto('invoicePayments')
    .values({ ...values, workspaceId, invoiceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
