import { sql, type SqlBool } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  billableAmountOf,
  EXPENSE_CSV_COLUMNS,
  EXPENSE_FIELDS,
  expenseCsvRow,
  totalAmountsText,
  type Expense,
  type ExpenseCategory,
  type ExpenseFilters,
  type ExpenseListQuery,
  type ExpenseValues,
} from '../../../shared/expenses.schema.ts';
import { textNamesOf } from '../../../shared/fields.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Database } from '../../db/create-db.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';
import { FILE_URL_PREFIX } from '../files/files.repository.ts';

// Categories

export async function listCategories(
  db: Database,
  workspaceId: number,
): Promise<ExpenseCategory[]> {
  return db
    .selectFrom('expenseCategories as c')
    .select((eb) => [
      'c.id',
      'c.name',
      eb
        .selectFrom('expenses as e')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('e.workspaceId', '=', 'c.workspaceId')
        .whereRef('e.categoryId', '=', 'c.id')
        .as('expenseCount'),
    ])
    .where('c.workspaceId', '=', workspaceId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, expenseCount: r.expenseCount ?? 0 })));
}

export async function findCategory(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('expenseCategories')
    .select(['id', 'name'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertCategory(db: Database, workspaceId: number, name: string) {
  const row = await db
    .insertInto('expenseCategories')
    .values({ workspaceId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCategory(db: Database, workspaceId: number, id: number, name: string) {
  const result = await db
    .updateTable('expenseCategories')
    .set({ name })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Its expenses become uncategorised (the foreign key sets their category to null). */
export async function deleteCategory(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('expenseCategories')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// Expenses

/** The expense's text fields (EXPENSE_FIELDS), each a column of the same name. */
const TEXT_FIELDS = textNamesOf(EXPENSE_FIELDS).all;
const TEXT_COLUMNS = TEXT_FIELDS.map((name) => `e.${name}` as const);

function selectExpense(db: Database, workspaceId: number) {
  return db
    .selectFrom('expenses as e')
    .leftJoin('expenseCategories as ec', (j) =>
      j.onRef('ec.workspaceId', '=', 'e.workspaceId').onRef('ec.id', '=', 'e.categoryId'),
    )
    .leftJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 'e.workspaceId').onRef('pr.id', '=', 'e.projectId'),
    )
    .leftJoin('clients as c', (j) =>
      j.onRef('c.workspaceId', '=', 'e.workspaceId').onRef('c.id', '=', 'e.clientId'),
    )
    .leftJoin('invoices as i', (j) =>
      j.onRef('i.workspaceId', '=', 'e.workspaceId').onRef('i.id', '=', 'e.invoiceId'),
    )
    .leftJoin('files as f', 'f.id', 'e.receiptFileId')
    .where('e.workspaceId', '=', workspaceId)
    .select([
      'e.id',
      'e.date',
      'e.amount',
      'e.currency',
      'e.categoryId',
      'ec.name as categoryName',
      ...TEXT_COLUMNS,
      'e.projectId',
      'pr.name as projectName',
      'e.clientId',
      'c.name as clientName',
      'e.billable',
      'e.markupPercent',
      'e.invoiceId',
      'i.invoiceNumber',
      'e.invoiceLineId',
      'e.draft',
      'e.vendorTaxId',
      'e.supplierInvoiceNumber',
      'e.taxAmount',
      'f.key as receiptKey',
      'f.contentType as receiptType',
      'f.size as receiptSize',
      'e.createdBy',
      'e.createdAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectExpense>['execute']>>[number];

function toExpense(r: Row): Expense {
  const digits = minorDigits(r.currency);
  const amount = normalizeAmount(r.amount, digits);
  const markupPercent = normalizeAmount(r.markupPercent, 2);
  const texts = Object.fromEntries(TEXT_FIELDS.map((name) => [name, r[name]])) as Pick<
    Expense,
    (typeof TEXT_FIELDS)[number]
  >;
  return {
    ...texts,
    id: r.id,
    date: r.date,
    amount,
    currency: r.currency,
    categoryId: r.categoryId,
    category:
      r.categoryId !== null && r.categoryName !== null
        ? { id: r.categoryId, name: r.categoryName }
        : null,
    projectId: r.projectId,
    project:
      r.projectId !== null && r.projectName !== null
        ? { id: r.projectId, name: r.projectName }
        : null,
    clientId: r.clientId,
    client:
      r.clientId !== null && r.clientName !== null ? { id: r.clientId, name: r.clientName } : null,
    billable: r.billable,
    markupPercent,
    billableAmount: billableAmountOf(amount, r.billable ? markupPercent : '0', r.currency),
    receipt:
      r.receiptKey !== null && r.receiptType !== null && r.receiptSize !== null
        ? {
            url: `${FILE_URL_PREFIX}${r.receiptKey}`,
            contentType: r.receiptType,
            size: r.receiptSize,
          }
        : null,
    invoiceId: r.invoiceId,
    invoice: r.invoiceId !== null ? { id: r.invoiceId, number: r.invoiceNumber ?? null } : null,
    invoiceLineId: r.invoiceLineId,
    draft: r.draft,
    vendorTaxId: r.vendorTaxId,
    supplierInvoiceNumber: r.supplierInvoiceNumber,
    taxAmount: r.taxAmount === null ? null : normalizeAmount(r.taxAmount, digits),
    createdBy: r.createdBy,
    createdAt: iso(r.createdAt),
  };
}

function filtered<Q extends ReturnType<typeof selectExpense>>(q: Q, query: ExpenseFilters): Q {
  let r = q;
  if (query.from !== undefined) r = r.where('e.date', '>=', query.from) as Q;
  if (query.to !== undefined) r = r.where('e.date', '<=', query.to) as Q;
  if (query.categoryId !== undefined) r = r.where('e.categoryId', '=', query.categoryId) as Q;
  if (query.projectId !== undefined) r = r.where('e.projectId', '=', query.projectId) as Q;
  if (query.clientId !== undefined) r = r.where('e.clientId', '=', query.clientId) as Q;
  if (query.billable !== undefined) r = r.where('e.billable', '=', query.billable) as Q;
  if (query.billed === true) r = r.where('e.invoiceLineId', 'is not', null) as Q;
  if (query.billed === false) r = r.where('e.invoiceLineId', 'is', null) as Q;
  if (query.invoiceId !== undefined) r = r.where('e.invoiceId', '=', query.invoiceId) as Q;
  if (query.currency !== undefined) r = r.where('e.currency', '=', query.currency) as Q;
  if (query.draft !== undefined) r = r.where('e.draft', '=', query.draft) as Q;
  if (query.search) {
    const pattern = containsPattern(query.search);
    r = r.where((eb) =>
      eb.or([eb('e.vendor', 'ilike', pattern), eb('e.notes', 'ilike', pattern)]),
    ) as Q;
  }
  return r;
}

/**
 * A page of expenses, most recent first, with the size of the whole filtered list and its
 * sum per currency (summed in SQL numeric, one row per currency: never added together).
 * Drafts are listed but not summed: they count once confirmed.
 */
export async function listExpenses(db: Database, workspaceId: number, query: ExpenseListQuery) {
  const q = filtered(selectExpense(db, workspaceId), query)
    .orderBy('e.date', 'desc')
    .orderBy('e.id', 'desc');
  const sums = filtered(selectExpense(db, workspaceId), query)
    .clearSelect()
    .where('e.draft', '=', false)
    .select([
      'e.currency',
      sql<string>`sum(e.amount)::text`.as('amount'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .groupBy('e.currency')
    .orderBy('e.currency');
  const [{ rows, total }, sumRows] = await Promise.all([
    pageWithTotal(
      db,
      q,
      query,
      (id) =>
        sql<SqlBool>`(e.date, e.id) < (select a.date, a.id from expenses a where a.workspace_id = e.workspace_id and a.id = ${id})`,
    ),
    sums.execute(),
  ]);
  const totals = sumRows.map((s) => ({
    currency: s.currency,
    amount: normalizeAmount(s.amount, minorDigits(s.currency)),
    count: s.count,
  }));
  return { items: rows.map(toExpense), total, totals, totalAmounts: totalAmountsText(totals) };
}

/** The filtered expenses as CSV rows, newest first, read batch by batch. */
export function expensesForExport(
  db: Database,
  workspaceId: number,
  filters: ExpenseFilters,
): RowExport {
  const read = (last: Row | undefined, size: number) => {
    const q = filtered(selectExpense(db, workspaceId), filters)
      .orderBy('e.date', 'desc')
      .orderBy('e.id', 'desc');
    // Keyed on the last row's own values: the export goes on even if that row is deleted.
    return (last ? q.where(sql<SqlBool>`(e.date, e.id) < (${last.date}::date, ${last.id})`) : q)
      .limit(size)
      .execute();
  };
  return {
    columns: EXPENSE_CSV_COLUMNS,
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        yield rows.map((r) => expenseCsvRow(toExpense(r)));
      }
    },
  };
}

export async function findExpense(db: Database, workspaceId: number, id: number) {
  const row = await selectExpense(db, workspaceId).where('e.id', '=', id).executeTakeFirst();
  return row && toExpense(row);
}

/** Several expenses of the workspace by id (the invoice editor's picker, billing). */
export async function findExpenses(db: Database, workspaceId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectExpense(db, workspaceId).where('e.id', 'in', ids).execute();
  return rows.map(toExpense);
}

/** What an imported e-invoice adds to an expense (einvoice-import.ts). */
interface ImportedValues {
  draft?: boolean;
  vendorTaxId?: string | null;
  supplierInvoiceNumber?: string | null;
  taxAmount?: string | null;
  receiptFileId?: number | null;
}

/**
 * The expense already imported from this supplier invoice: the same seller (its VAT id, or
 * its name when it has none) and invoice number, as the unique index
 * expenses_supplier_invoice_key compares them.
 */
export async function findSupplierInvoice(
  db: Database,
  workspaceId: number,
  key: { vendorTaxId: string | null; vendor: string; supplierInvoiceNumber: string },
) {
  return db
    .selectFrom('expenses as e')
    .select(['e.id', 'e.draft'])
    .where('e.workspaceId', '=', workspaceId)
    .where('e.supplierInvoiceNumber', '=', key.supplierInvoiceNumber)
    .where(
      sql<SqlBool>`coalesce(e.vendor_tax_id, lower(e.vendor)) = coalesce(${key.vendorTaxId}::text, lower(${key.vendor}::text))`,
    )
    .executeTakeFirst();
}

/** A draft becomes a confirmed expense (false: no draft of this id). */
export async function confirmExpense(db: Database, workspaceId: number, id: number) {
  const result = await db
    .updateTable('expenses')
    .set({ draft: false, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertExpense(
  db: Database,
  workspaceId: number,
  values: ExpenseValues & {
    date: string;
    amount: string;
    currency: string;
    createdBy: number;
  } & ImportedValues,
) {
  const row = await db
    .insertInto('expenses')
    .values({ ...values, workspaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes an expense no invoice line has billed: `invoice_line_id is null` is the UPDATE's
 * own condition, so an edit racing a billing either commits first (and is billed as edited)
 * or finds the expense billed and changes nothing (false).
 */
export async function updateExpense(
  db: Database,
  workspaceId: number,
  id: number,
  values: ExpenseValues,
): Promise<boolean> {
  const result = await db
    .updateTable('expenses')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('invoiceLineId', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes an unbilled expense (false when billed), answering its receipt's file id. */
export async function deleteExpense(db: Database, workspaceId: number, id: number) {
  return db
    .deleteFrom('expenses')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('invoiceLineId', 'is', null)
    .returning('receiptFileId')
    .executeTakeFirst();
}

/** Points the expense at a receipt, answering the file it replaced (if any). */
export async function setReceipt(
  db: Database,
  workspaceId: number,
  id: number,
  fileId: number | null,
) {
  const previous = await db
    .selectFrom('expenses')
    .select('receiptFileId')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!previous) return undefined;
  await db
    .updateTable('expenses')
    .set({ receiptFileId: fileId, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
  return { previousFileId: previous.receiptFileId };
}

/** A receipt no expense points at any more goes at once (it is nobody's photo or logo). */
export async function deleteReceiptFile(db: Database, workspaceId: number, fileId: number) {
  await db
    .deleteFrom('files')
    .where('id', '=', fileId)
    .where('workspaceId', '=', workspaceId)
    .where('purpose', '=', 'expense_receipt')
    .execute();
}

// Billing (inside the invoice's transaction)

/** How many of these ids are expenses of the workspace (billed or not). */
export async function countWorkspaceExpenses(db: Database, workspaceId: number, ids: number[]) {
  const row = await db
    .selectFrom('expenses')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Bills the given billable, unbilled expenses of the client to the invoice and answers them
 * as they are now. The rows are locked, then claimed by one conditional UPDATE (`invoice_id
 * is null`): of two invoices claiming the same expense at once, the second waits for the
 * first's row lock, and its UPDATE then sees the row billed and leaves it out of its answer.
 */
export async function claimExpenses(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  clientId: number,
  ids: number[],
) {
  // Locked in id order: two invoices claiming overlapping sets wait for each other instead
  // of deadlocking.
  await db
    .selectFrom('expenses')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute();
  return db
    .updateTable('expenses as e')
    .set({ invoiceId, updatedAt: sql<Date>`now()` })
    .where('e.workspaceId', '=', workspaceId)
    .where('e.clientId', '=', clientId)
    .where('e.billable', '=', true)
    .where('e.draft', '=', false)
    .where('e.invoiceId', 'is', null)
    .where('e.invoiceLineId', 'is', null)
    .where('e.id', 'in', ids)
    .returning([
      'e.id',
      'e.date',
      'e.amount',
      'e.currency',
      'e.markupPercent',
      'e.vendor',
      'e.notes',
      (eb) =>
        eb
          .selectFrom('expenseCategories as ec')
          .select('ec.name')
          .whereRef('ec.workspaceId', '=', 'e.workspaceId')
          .whereRef('ec.id', '=', 'e.categoryId')
          .as('categoryName'),
    ])
    .execute();
}

export async function linkExpenseToLine(
  db: Database,
  workspaceId: number,
  id: number,
  lineId: number,
) {
  await db
    .updateTable('expenses')
    .set({ invoiceLineId: lineId })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** How many expenses the invoice bills that are not of this client or currency. */
export async function countBilledElsewhere(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  { clientId, currency }: { clientId: number; currency: string },
) {
  const row = await db
    .selectFrom('expenses')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .where((eb) =>
      eb.or([
        eb('clientId', 'is', null),
        eb('clientId', '!=', clientId),
        eb('currency', '!=', currency),
      ]),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The expenses billed on these lines (removed from a draft) become unbilled again. */
export async function releaseExpensesOfLines(db: Database, workspaceId: number, lineIds: number[]) {
  if (lineIds.length === 0) return;
  await db
    .updateTable('expenses')
    .set({ invoiceId: null, invoiceLineId: null, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('invoiceLineId', 'in', lineIds)
    .execute();
}

/** A void or deleted invoice no longer bills its expenses. */
export async function releaseExpensesOfInvoice(
  db: Database,
  workspaceId: number,
  invoiceId: number,
) {
  await db
    .updateTable('expenses')
    .set({ invoiceId: null, invoiceLineId: null, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('invoiceId', '=', invoiceId)
    .execute();
}
