import { sql, type Selectable } from 'kysely';
import type { DocumentAcceptances } from '../../../../db/schema.ts';
import { formatInvoiceNumber } from '../../../shared/business.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import type {
  Acceptance,
  Estimate,
  EstimateLine,
  EstimateSort,
  EstimateStatus,
} from '../../../shared/estimates.schema.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import { findProfile } from '../business/business.repository.ts';
import {
  answeredDiscount,
  findDocumentParties,
  pageOfDocuments,
  documentLineRows,
  shownStatus,
  type DocumentList,
  type RowValues,
} from '../invoices/document-rows.ts';

/** Sent or viewed and past its valid-until date: shown as expired (document-rows.ts). */
const effectiveStatus = (workspaceId: number) =>
  shownStatus<EstimateStatus>(workspaceId, 'e', 'validUntil', 'expired');

function selectEstimate(db: Database, workspaceId: number) {
  return db
    .selectFrom('estimates as e')
    .innerJoin('clients as c', (j) =>
      j.onRef('c.workspaceId', '=', 'e.workspaceId').onRef('c.id', '=', 'e.clientId'),
    )
    .leftJoin('invoices as inv', (j) =>
      j.onRef('inv.workspaceId', '=', 'e.workspaceId').onRef('inv.id', '=', 'e.convertedInvoiceId'),
    )
    .where('e.workspaceId', '=', workspaceId)
    .select([
      'e.id',
      'e.clientId',
      'e.estimateNumber',
      effectiveStatus(workspaceId).as('status'),
      'e.currency',
      'e.issueDate',
      'e.validUntil',
      'e.subtotal',
      'e.discountType',
      'e.discountValue',
      'e.discountTotal',
      'e.taxTotal',
      'e.amount',
      'e.notes',
      'e.issuedAt',
      'e.viewedAt',
      'e.decidedAt',
      'e.convertedInvoiceId',
      'inv.invoiceNumber as convertedInvoiceNumber',
      'e.createdAt',
      'c.name as clientName',
      'c.company as clientCompany',
      'c.email as clientEmail',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectEstimate>['execute']>>[number];

function toEstimate({
  clientName,
  clientCompany,
  clientEmail,
  discountType,
  discountValue,
  amount,
  ...r
}: Row): Estimate {
  const digits = minorDigits(r.currency);
  const money = (value: string) => normalizeAmount(value, digits);
  return {
    ...r,
    total: money(amount),
    subtotal: money(r.subtotal),
    discountTotal: money(r.discountTotal),
    taxTotal: money(r.taxTotal),
    discount: answeredDiscount(discountType, discountValue, digits),
    convertedInvoiceNumber: r.convertedInvoiceNumber ?? null,
    createdAt: iso(r.createdAt),
    issuedAt: iso(r.issuedAt),
    viewedAt: iso(r.viewedAt),
    decidedAt: iso(r.decidedAt),
    client: { name: clientName, company: clientCompany, email: clientEmail },
  };
}

const ESTIMATE_LIST = (workspaceId: number): DocumentList => ({
  table: 'estimates',
  alias: 'e',
  searchIn: [sql`e.estimate_number`, sql`c.name`, sql`c.company`],
  status: effectiveStatus(workspaceId),
  sortColumns: {
    createdAt: sql`e.created_at`,
    validUntil: sql`e.valid_until`,
    amount: sql`e.amount`,
  },
});

export async function listEstimates(
  db: Database,
  workspaceId: number,
  query: ListQuery & { status?: EstimateStatus; clientId?: number; sort?: EstimateSort },
) {
  const { rows, total } = await pageOfDocuments(
    db,
    selectEstimate(db, workspaceId),
    ESTIMATE_LIST(workspaceId),
    { ...query, sort: query.sort ?? '-createdAt' },
  );
  return { items: rows.map(toEstimate), total };
}

export async function findEstimate(db: Database, workspaceId: number, id: number) {
  const row = await selectEstimate(db, workspaceId).where('e.id', '=', id).executeTakeFirst();
  return row && toEstimate(row);
}

/** The seller and buyer the estimate froze when it was sent (null on drafts). */
export const findParties = (db: Database, workspaceId: number, id: number) =>
  findDocumentParties(db, 'estimates', workspaceId, id);

/** The estimate lines table (document-rows.ts). */
const lines = documentLineRows('estimateLines', 'estimateId');
export const { lineInputs, insertLine, updateLine, deleteLinesExcept, setLineAmounts } = lines;

export const findLines = (
  db: Database,
  workspaceId: number,
  estimateId: number,
  currency: string,
): Promise<EstimateLine[]> =>
  lines.answeredLines(db, workspaceId, estimateId, minorDigits(currency));

/** The columns of an estimate a draft's fields write. */
export type EstimateRowValues = Partial<
  RowValues<
    'estimates',
    | 'clientId'
    | 'currency'
    | 'issueDate'
    | 'validUntil'
    | 'discountType'
    | 'discountValue'
    | 'notes'
  >
>;

export async function insertEstimate(
  db: Database,
  workspaceId: number,
  values: EstimateRowValues & { clientId: number; currency: string },
) {
  const row = await db
    .insertInto('estimates')
    .values({ ...values, workspaceId, status: 'draft' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks the estimate row for the rest of the transaction and answers its state. */
export async function lockEstimate(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('estimates')
    .select([
      'id',
      'status',
      'clientId',
      'estimateNumber',
      'currency',
      'issueDate',
      'validUntil',
      'discountType',
      'discountValue',
      'notes',
      'convertedInvoiceId',
    ])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateEstimate(
  db: Database,
  workspaceId: number,
  id: number,
  values: EstimateRowValues &
    Partial<
      RowValues<
        'estimates',
        | 'estimateNumber'
        | 'status'
        | 'seller'
        | 'buyer'
        | 'issuedAt'
        | 'viewedAt'
        | 'decidedAt'
        | 'convertedInvoiceId'
        | 'convertedAt'
        | 'subtotal'
        | 'discountTotal'
        | 'taxTotal'
        | 'amount'
      >
    >,
) {
  await db
    .updateTable('estimates')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteEstimate(db: Database, workspaceId: number, id: number) {
  await db
    .deleteFrom('estimates')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/**
 * Takes the next estimate number of the workspace, inside the issuing transaction (the
 * UPDATE locks the profile row until commit): gap-free, never repeated, and separate from
 * the invoice sequence.
 */
export async function takeEstimateNumber(db: Database, workspaceId: number): Promise<string> {
  await findProfile(db, workspaceId);
  const row = await db
    .updateTable('businessProfiles')
    .set({ nextEstimateNumber: sql<number>`next_estimate_number + 1` })
    .where('workspaceId', '=', workspaceId)
    .returning([sql<number>`next_estimate_number - 1`.as('counter'), 'estimatePrefix'])
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(row.estimatePrefix, row.counter);
}

type AcceptanceRow = Omit<Selectable<DocumentAcceptances>, 'workspaceId'>;

export const toAcceptance = (r: AcceptanceRow): Acceptance => ({
  ...r,
  documentType: r.documentType as Acceptance['documentType'],
  decision: r.decision as Acceptance['decision'],
  via: r.via as Acceptance['via'],
  createdAt: iso(r.createdAt),
});

const acceptanceColumns = [
  'id',
  'documentType',
  'documentId',
  'decision',
  'name',
  'reason',
  'ip',
  'userAgent',
  'documentSha256',
  'via',
  'userId',
  'createdAt',
] as const;

export async function findAcceptance(
  db: Database,
  workspaceId: number,
  documentType: 'estimate' | 'proposal',
  documentId: number,
) {
  const row = await db
    .selectFrom('documentAcceptances')
    .select(acceptanceColumns)
    .where('workspaceId', '=', workspaceId)
    .where('documentType', '=', documentType)
    .where('documentId', '=', documentId)
    .executeTakeFirst();
  return row ? toAcceptance(row) : null;
}

export async function insertAcceptance(
  db: Database,
  values: Omit<AcceptanceRow, 'id' | 'createdAt'> & { workspaceId: number },
) {
  const row = await db
    .insertInto('documentAcceptances')
    .values(values)
    .returning(acceptanceColumns)
    .executeTakeFirstOrThrow();
  return toAcceptance(row);
}

/** The number the next estimate sent will take, for a draft's email preview. */
export async function previewEstimateNumber(db: Database, workspaceId: number) {
  await findProfile(db, workspaceId);
  const row = await db
    .selectFrom('businessProfiles')
    .select(['estimatePrefix', 'nextEstimateNumber'])
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(row.estimatePrefix, row.nextEstimateNumber);
}
