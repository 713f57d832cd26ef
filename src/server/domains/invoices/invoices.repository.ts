import { sql, type SqlBool } from 'kysely';
import type { Invoice, InvoiceSort, InvoiceStatus } from '../../../shared/invoices.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal, sortedBy } from '../../db/search.ts';

/** Sent or viewed and past its due date: shown as overdue (the stored status stays). */
const effectiveStatus = sql<InvoiceStatus>`case when i.status in ('sent', 'viewed') and i.due_date < current_date
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
      effectiveStatus.as('status'),
      'i.dueDate',
      'i.paidDate',
      'i.createdAt',
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
  ...r
}: Row): Invoice {
  return {
    ...r,
    createdAt: iso(r.createdAt),
    client: { name: clientName, company: clientCompany, email: clientEmail },
    project: projectName !== null ? { name: projectName } : null,
    timeEntryCount: timeEntryCount ?? 0,
  };
}

const INVOICE_SORT_COLUMNS = {
  createdAt: sql`i.created_at`,
  dueDate: sql`i.due_date`,
  amount: sql`i.amount`,
};

export async function listInvoices(
  db: Database,
  workspaceId: number,
  query: ListQuery & {
    status?: InvoiceStatus;
    unpaid?: boolean;
    sort?: InvoiceSort;
    /** The older name of `sort=dueDate`, still accepted. */
    orderBy?: 'created' | 'dueDate';
  },
) {
  const sort = query.sort ?? (query.orderBy === 'dueDate' ? 'dueDate' : '-createdAt');
  let q = selectInvoice(db, workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) =>
      eb.or([
        eb('i.invoiceNumber', 'ilike', pattern),
        eb('c.name', 'ilike', pattern),
        eb('pr.name', 'ilike', pattern),
      ]),
    );
  }
  if (query.status) q = q.where(effectiveStatus, '=', query.status);
  if (query.unpaid) q = q.where('i.status', 'in', ['sent', 'viewed']);
  q = sortedBy(q, sort, INVOICE_SORT_COLUMNS, sql`i.id`);
  // Newest first, a large page's slices continue after the last row read; in the other
  // orders (due dates may be empty) they go by offset.
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    sort === '-createdAt'
      ? (id) =>
          sql<SqlBool>`(i.created_at, i.id) < (select a.created_at, a.id from invoices a where a.id = ${id})`
      : undefined,
  );
  return { items: rows.map(toInvoice), total };
}

export async function findInvoice(db: Database, workspaceId: number, id: number) {
  const row = await selectInvoice(db, workspaceId).where('i.id', '=', id).executeTakeFirst();
  return row && toInvoice(row);
}

export async function insertInvoice(
  db: Database,
  workspaceId: number,
  values: {
    clientId: number;
    projectId: number | null;
    invoiceNumber: string;
    amount: string;
    status: string;
    dueDate: string | null;
  },
) {
  const row = await db
    .insertInto('invoices')
    .values({ ...values, workspaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setInvoiceStatus(
  db: Database,
  workspaceId: number,
  id: number,
  status: 'sent' | 'viewed' | 'paid',
) {
  await db
    .updateTable('invoices')
    .set({ status, ...(status === 'paid' ? { paidDate: sql<string>`current_date` } : {}) })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteInvoice(db: Database, workspaceId: number, id: number) {
  await db
    .deleteFrom('invoices')
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

/**
 * Locks the given unbilled entries of the project and answers them with their cost
 * (hours × the project's rate); entries already billed or of another project are left out.
 */
export async function lockUnbilledEntries(
  db: Database,
  workspaceId: number,
  projectId: number,
  ids: number[],
) {
  return db
    .selectFrom('timeEntries as te')
    .innerJoin('projects as pr', (j) =>
      j.onRef('pr.workspaceId', '=', 'te.workspaceId').onRef('pr.id', '=', 'te.projectId'),
    )
    .select(['te.id', sql<string>`(te.hours * pr.hourly_rate)::numeric(12, 2)`.as('cost')])
    .where('te.workspaceId', '=', workspaceId)
    .where('te.projectId', '=', projectId)
    .where('te.invoiceId', 'is', null)
    .where('te.id', 'in', ids)
    .forUpdate('te')
    .execute();
}

export async function markEntriesBilled(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  ids: number[],
) {
  await db
    .updateTable('timeEntries')
    .set({ invoiceId })
    .where('workspaceId', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}
