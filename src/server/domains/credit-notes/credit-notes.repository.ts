import { sql, type SqlBool } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import type {
  CreditNote,
  CreditNoteLine,
  CreditNoteListQuery,
  CreditNoteTax,
} from '../../../shared/credit-notes.schema.ts';
import { normalizeAmount, plainPercent } from '../../../shared/invoice-math.ts';
import type { Party } from '../../../shared/invoices.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal, sortedBy } from '../../db/search.ts';

/** Every query here filters on the workspace; a credit note of another one is not found. */

function selectCreditNotes(db: Database, workspaceId: number) {
  return db
    .selectFrom('creditNotes as cn')
    .innerJoin('invoices as i', (j) =>
      j.onRef('i.workspaceId', '=', 'cn.workspaceId').onRef('i.id', '=', 'cn.invoiceId'),
    )
    .innerJoin('clients as c', (j) =>
      j.onRef('c.workspaceId', '=', 'cn.workspaceId').onRef('c.id', '=', 'cn.clientId'),
    )
    .where('cn.workspaceId', '=', workspaceId)
    .select([
      'cn.id',
      'cn.creditNoteNumber',
      'cn.invoiceId',
      'i.invoiceNumber',
      'i.issueDate as invoiceIssueDate',
      'cn.clientId',
      'c.name as clientName',
      'c.company as clientCompany',
      'cn.projectId',
      'cn.issueDate',
      'cn.currency',
      'cn.reason',
      'cn.mode',
      'cn.subtotal',
      'cn.taxTotal',
      'cn.total',
      'cn.emailedAt',
      'cn.createdAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectCreditNotes>['execute']>>[number];

function toCreditNote({
  invoiceNumber,
  invoiceIssueDate,
  clientName,
  clientCompany,
  ...r
}: Row): CreditNote {
  const digits = minorDigits(r.currency);
  return {
    ...r,
    mode: r.mode as CreditNote['mode'],
    invoice: { number: invoiceNumber, issueDate: invoiceIssueDate },
    client: { name: clientName, company: clientCompany },
    subtotal: normalizeAmount(r.subtotal, digits),
    taxTotal: normalizeAmount(r.taxTotal, digits),
    total: normalizeAmount(r.total, digits),
    emailedAt: iso(r.emailedAt),
    createdAt: iso(r.createdAt),
  };
}

const SORT_COLUMNS = {
  createdAt: sql`cn.created_at`,
  total: sql`cn.total`,
  // Numbers of one prefix sort by length first: CN-10000 after CN-9999.
  number: sql`length(cn.credit_note_number), cn.credit_note_number`,
};

/** A page of the workspace's credit notes: searched by number, client or invoice number. */
export async function listCreditNotes(
  db: Database,
  workspaceId: number,
  query: CreditNoteListQuery,
) {
  const sort = query.sort ?? '-createdAt';
  let q = selectCreditNotes(db, workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) =>
      eb.or([
        eb('cn.creditNoteNumber', 'ilike', pattern),
        eb('c.name', 'ilike', pattern),
        eb('c.company', 'ilike', pattern),
        eb('i.invoiceNumber', 'ilike', pattern),
      ]),
    );
  }
  if (query.clientId !== undefined) q = q.where('cn.clientId', '=', query.clientId);
  if (query.invoiceId !== undefined) q = q.where('cn.invoiceId', '=', query.invoiceId);
  q = sortedBy(q, sort, SORT_COLUMNS, sql`cn.id`);
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    sort === '-createdAt'
      ? (id) =>
          sql<SqlBool>`(cn.created_at, cn.id) < (select d.created_at, d.id from credit_notes d where d.workspace_id = cn.workspace_id and d.id = ${id})`
      : undefined,
  );
  return { items: rows.map(toCreditNote), total };
}

export async function findCreditNote(db: Database, workspaceId: number, id: number) {
  const row = await selectCreditNotes(db, workspaceId).where('cn.id', '=', id).executeTakeFirst();
  return row && toCreditNote(row);
}

/** The frozen parties and the tax per rate of a credit note. */
export async function findCreditNoteRecord(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('creditNotes')
    .select(['seller', 'buyer', 'taxes'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      seller: row.seller as Party,
      buyer: row.buyer as Party,
      taxes: row.taxes as CreditNoteTax[],
    }
  );
}

export async function findCreditNoteLines(
  db: Database,
  workspaceId: number,
  id: number,
  currency: string,
): Promise<CreditNoteLine[]> {
  const digits = minorDigits(currency);
  const rows = await db
    .selectFrom('creditNoteLines')
    .select([
      'id',
      'invoiceLineId',
      'credits',
      'description',
      'quantity',
      'unit',
      'unitPrice',
      'taxRate',
      'amount',
      'unitCode',
      'taxCategory',
      'taxExemptionReason',
    ])
    .where('workspaceId', '=', workspaceId)
    .where('creditNoteId', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    credits: r.credits as CreditNoteLine['credits'],
    quantity: normalizeAmount(r.quantity, 2),
    unitPrice: normalizeAmount(r.unitPrice, digits),
    taxRate: plainPercent(r.taxRate),
    amount: normalizeAmount(r.amount, digits),
  }));
}

/** What earlier credit notes of an invoice credited: their taxes, and their lines. */
export async function creditsOfInvoice(db: Database, workspaceId: number, invoiceId: number) {
  const [notes, lines] = await Promise.all([
    db
      .selectFrom('creditNotes')
      .select(['id', 'taxes', 'total'])
      .where('workspaceId', '=', workspaceId)
      .where('invoiceId', '=', invoiceId)
      .execute(),
    db
      .selectFrom('creditNoteLines as l')
      .innerJoin('creditNotes as cn', (j) =>
        j.onRef('cn.workspaceId', '=', 'l.workspaceId').onRef('cn.id', '=', 'l.creditNoteId'),
      )
      .select(['l.invoiceLineId', 'l.credits', 'l.quantity', 'l.amount', 'l.taxRate'])
      .where('l.workspaceId', '=', workspaceId)
      .where('cn.invoiceId', '=', invoiceId)
      .execute(),
  ]);
  return {
    taxes: notes.flatMap((n) => n.taxes as CreditNoteTax[]),
    totals: notes.map((n) => n.total),
    lines,
  };
}

export interface NewCreditNote {
  invoiceId: number;
  clientId: number;
  projectId: number | null;
  creditNoteNumber: string;
  issueDate: string;
  currency: string;
  reason: string;
  mode: CreditNote['mode'];
  seller: Party;
  buyer: Party;
  subtotal: string;
  taxTotal: string;
  total: string;
  taxes: CreditNoteTax[];
  createdBy: number | null;
}

export interface NewCreditNoteLine {
  invoiceLineId: number | null;
  credits: CreditNoteLine['credits'];
  description: string;
  quantity: string;
  unit: string | null;
  unitPrice: string;
  taxRate: string;
  amount: string;
  unitCode?: string | null;
  taxCategory?: string | null;
  taxExemptionReason?: string | null;
}

export async function insertCreditNote(
  db: Database,
  workspaceId: number,
  note: NewCreditNote,
  lines: NewCreditNoteLine[],
) {
  const { id } = await db
    .insertInto('creditNotes')
    .values({
      ...note,
      workspaceId,
      seller: JSON.stringify(note.seller),
      buyer: JSON.stringify(note.buyer),
      taxes: JSON.stringify(note.taxes),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (lines.length > 0) {
    await db
      .insertInto('creditNoteLines')
      .values(
        lines.map((line, index) => ({
          ...line,
          workspaceId,
          creditNoteId: id,
          position: index + 1,
        })),
      )
      .execute();
  }
  return id;
}

/** The credit notes of a client, for its portal: newest first. */
export async function listClientCreditNotes(db: Database, workspaceId: number, clientId: number) {
  const rows = await selectCreditNotes(db, workspaceId)
    .where('cn.clientId', '=', clientId)
    .orderBy('cn.issueDate', 'desc')
    .orderBy('cn.id', 'desc')
    .execute();
  return rows.map(toCreditNote);
}
