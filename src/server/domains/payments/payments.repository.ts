import { sql, type SqlBool } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import { PAYMENT_METHOD_LABELS } from '../../../shared/invoices.schema.ts';
import type {
  CurrencyTotal,
  PaymentFilters,
  PaymentListQuery,
  PaymentPage,
  PaymentRow,
} from '../../../shared/payments.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { readInSlices } from '../../db/embedded.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { containsPattern, iso, paginate } from '../../db/search.ts';

/** Payments of the workspace with their invoice and client, narrowed by the filters. */
function paymentsOf(db: Database, workspaceId: number, filters: PaymentFilters) {
  let q = db
    .selectFrom('invoicePayments as p')
    .innerJoin('invoices as i', (join) =>
      join.onRef('i.workspaceId', '=', 'p.workspaceId').onRef('i.id', '=', 'p.invoiceId'),
    )
    .innerJoin('clients as c', (join) =>
      join.onRef('c.workspaceId', '=', 'i.workspaceId').onRef('c.id', '=', 'i.clientId'),
    )
    .where('p.workspaceId', '=', workspaceId);
  if (filters.from) q = q.where('p.date', '>=', filters.from);
  if (filters.to) q = q.where('p.date', '<=', filters.to);
  if (filters.clientId !== undefined) q = q.where('i.clientId', '=', filters.clientId);
  if (filters.method) q = q.where('p.method', '=', filters.method);
  if (filters.invoiceId !== undefined) q = q.where('p.invoiceId', '=', filters.invoiceId);
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    q = q.where((eb) =>
      eb.or([
        eb('i.invoiceNumber', 'ilike', pattern),
        eb('c.name', 'ilike', pattern),
        eb('p.note', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

function selectRows(db: Database, workspaceId: number, filters: PaymentFilters) {
  return paymentsOf(db, workspaceId, filters)
    .leftJoin('users as u', 'u.id', 'p.createdBy')
    .select([
      'p.id',
      'p.date',
      'p.amount',
      'p.method',
      'p.note',
      'p.createdAt',
      'p.createdBy',
      'p.invoiceId',
      'i.invoiceNumber',
      'i.status as invoiceStatus',
      'i.currency',
      'i.clientId',
      'c.name as clientName',
      'u.fullName as recordedByName',
    ])
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc');
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

function toPayment(r: Row): PaymentRow {
  return {
    id: r.id,
    date: r.date,
    amount: normalizeAmount(r.amount, minorDigits(r.currency)),
    currency: r.currency,
    method: r.method as PaymentRow['method'],
    note: r.note,
    invoiceId: r.invoiceId,
    invoiceNumber: r.invoiceNumber,
    invoiceStatus: r.invoiceStatus as PaymentRow['invoiceStatus'],
    clientId: r.clientId,
    clientName: r.clientName,
    recordedBy:
      r.createdBy !== null && r.recordedByName !== null
        ? { id: r.createdBy, fullName: r.recordedByName }
        : null,
    createdAt: iso(r.createdAt),
  };
}

/** Rows after `id`'s row in the list's order (payment date, then id, both descending). */
const after = (workspaceId: number, id: number) =>
  sql<SqlBool>`(p.date, p.id) < (select a.date, a.id from invoice_payments a
    where a.workspace_id = ${workspaceId} and a.id = ${id})`;

/** Sums per currency of the whole filter, exact (numeric), each with its decimals. */
export async function paymentTotals(
  db: Database,
  workspaceId: number,
  filters: PaymentFilters,
): Promise<CurrencyTotal[]> {
  const rows = await paymentsOf(db, workspaceId, filters)
    .select([
      'i.currency',
      sql<string>`sum(p.amount)::text`.as('amount'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .groupBy('i.currency')
    .orderBy('i.currency')
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    amount: normalizeAmount(r.amount, minorDigits(r.currency)),
    count: r.count,
  }));
}

/**
 * A page of the payments, newest first, and the whole filter's count and totals per
 * currency. A voided invoice's payments are listed like any other (the money came in;
 * the row shows the invoice's status).
 */
export async function listPayments(
  db: Database,
  workspaceId: number,
  query: PaymentListQuery,
): Promise<PaymentPage> {
  const q = selectRows(db, workspaceId, query);
  const page = { limit: query.limit, offset: query.offset };
  const [rows, totals] = await Promise.all([
    readInSlices(
      db,
      page,
      ({ after: id, ...slice }) =>
        paginate(id === undefined ? q : q.where(after(workspaceId, id)), slice).execute(),
      true,
    ),
    paymentTotals(db, workspaceId, query),
  ]);
  return {
    items: rows.map(toPayment),
    total: totals.reduce((sum, t) => sum + t.count, 0),
    totals,
  };
}

export const PAYMENT_EXPORT_COLUMNS = [
  'Date',
  'Amount',
  'Currency',
  'Method',
  'Invoice',
  'Invoice Status',
  'Client',
  'Note',
  'Recorded By',
] as const;

/** The filtered payments as CSV rows, newest first, read batch by batch. */
export function paymentsForExport(
  db: Database,
  workspaceId: number,
  filters: PaymentFilters,
): RowExport {
  const read = (last: Row | undefined, size: number) => {
    const q = selectRows(db, workspaceId, filters);
    // Keyed on the last row's own values: the export goes on even if that row is deleted.
    return (last ? q.where(sql<SqlBool>`(p.date, p.id) < (${last.date}::date, ${last.id})`) : q)
      .limit(size)
      .execute();
  };
  return {
    columns: PAYMENT_EXPORT_COLUMNS,
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        yield rows.map((r) => {
          const p = toPayment(r);
          return {
            Date: p.date,
            Amount: p.amount,
            Currency: p.currency,
            Method: PAYMENT_METHOD_LABELS[p.method] ?? p.method,
            Invoice: p.invoiceNumber ?? '',
            'Invoice Status': p.invoiceStatus,
            Client: p.clientName,
            Note: p.note ?? '',
            'Recorded By': p.recordedBy?.fullName ?? '',
          };
        });
      }
    },
  };
}
