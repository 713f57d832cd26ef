import {
  sql,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { DB } from '../../../../db/schema.ts';
import { normalizeAmount, PERCENT_DIGITS, plainPercent } from '../../../shared/invoice-math.ts';
import { taxCategoryOf, unitCodeOf, type TaxCategory } from '../../../shared/einvoice-fields.ts';
import { setFields, type Discount, type Party } from '../../../shared/invoices.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, pageWithTotal, sortedBy } from '../../db/search.ts';
import type { findClient } from '../clients/clients.repository.ts';
import type { LineValues } from './document-totals.ts';

/**
 * What invoices and estimates share in answering their stored rows: the discount columns
 * and the lines, with the decimals of the document's currency.
 */

/**
 * Columns of a stored row as the service writes and reads them, from the generated table
 * types (Selectable: money as exact decimal text, never the number the generated insert type
 * would also take), with the columns whose text has fixed values narrowed to them.
 */
export type RowValues<
  T extends keyof DB,
  K extends keyof Selectable<DB[T]>,
  Narrow = DocumentNarrowing,
> = { [P in K]: P extends keyof Narrow ? Narrow[P] : Selectable<DB[T]>[P] };

/** The document columns whose text has fixed values, or is written as JSON text. */
export interface DocumentNarrowing {
  discountType: Discount['type'] | null;
  seller: string;
  buyer: string;
}

/**
 * A percent discount as answered: with two decimals as it always was ("10.00"), three when
 * it has a third ("12.345"). Not plainly like tax rates: an acceptance record holds the
 * SHA-256 of the estimate as answered when it was decided, and a percent answered "10"
 * today would no longer match the "10.00" it hashed.
 */
function answeredPercent(value: string): string {
  const text = normalizeAmount(value, PERCENT_DIGITS);
  return text.endsWith('0') ? text.slice(0, -1) : text;
}

/** A row's discount columns as answered: a percent (answeredPercent), an amount with the currency's decimals. */
export function answeredDiscount(
  discountType: string | null,
  discountValue: string | null,
  digits: number,
): Discount | null {
  return discountType && discountValue !== null
    ? {
        type: discountType as 'percent' | 'amount',
        value:
          discountType === 'percent'
            ? answeredPercent(discountValue)
            : normalizeAmount(discountValue, digits),
      }
    : null;
}

/** A stored line as answered: quantity to 2 decimals, the money to the currency's. */
export function answeredLine<
  R extends {
    quantity: string;
    unitPrice: string;
    taxRate: string;
    amount: string;
    discount: string;
  },
>(r: R, digits: number): R {
  return {
    ...r,
    quantity: normalizeAmount(r.quantity, 2),
    unitPrice: normalizeAmount(r.unitPrice, digits),
    taxRate: plainPercent(r.taxRate),
    amount: normalizeAmount(r.amount, digits),
    discount: normalizeAmount(r.discount, digits),
  };
}

/**
 * A document's status as shown: sent or viewed and past `date` (the table's alias and
 * column, 'i.dueDate') in the workspace's time zone, `late` (an invoice's overdue, an
 * estimate's expired); otherwise as stored, which stays. The subquery names no column of
 * the row, so it runs once per query.
 */
export const shownStatus = <S extends string>(
  workspaceId: number,
  alias: 'i' | 'e',
  date: 'dueDate' | 'validUntil',
  late: S,
) =>
  sql<S>`case when ${sql.ref(`${alias}.status`)} in ('sent', 'viewed') and ${sql.ref(`${alias}.${date}`)} < coalesce(
    (select (now() at time zone bp.timezone)::date from business_profiles bp
      where bp.workspace_id = ${workspaceId}), current_date)
  then ${sql.lit(late)} else ${sql.ref(`${alias}.status`)} end`;

/** How one kind of document (invoices, estimates) is listed: its table and its columns. */
export interface DocumentList {
  table: 'invoices' | 'estimates';
  /** The table's alias in the list query ('i', 'e'). */
  alias: string;
  /** The columns a search looks in (number, client name, …). */
  searchIn: RawBuilder<string | null>[];
  /** The status as shown (overdue, expired: read from the dates). */
  status: RawBuilder<string>;
  /** The columns it may be sorted by (`sortedBy`). */
  sortColumns: Readonly<Record<string, RawBuilder<unknown>>>;
}

/**
 * A page of a document list (invoices, estimates): the search in its columns, the status as
 * shown, the client, the order and the page with the whole list's total. `query` is the
 * kind's select with its own filters applied. Newest first, a large page is read in slices
 * that continue after the last row read; in the other orders (dates may be empty) by offset.
 */
export function pageOfDocuments<DB, TB extends keyof DB, O extends { id: number }>(
  db: Database,
  query: SelectQueryBuilder<DB, TB, O>,
  list: DocumentList,
  page: ListQuery & { status?: string; clientId?: number; sort: string },
) {
  const alias = sql.raw(list.alias);
  let q = query;
  if (page.search) {
    const pattern = containsPattern(page.search);
    const matches = list.searchIn.map((column) => sql<SqlBool>`${column} ilike ${pattern}`);
    q = q.where(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
  }
  if (page.status) q = q.where(sql<SqlBool>`${list.status} = ${page.status}`);
  if (page.clientId !== undefined) q = q.where(sql<SqlBool>`${alias}.client_id = ${page.clientId}`);
  q = sortedBy(q, page.sort, list.sortColumns, sql`${alias}.id`);
  return pageWithTotal(
    db,
    q,
    page,
    page.sort === '-createdAt'
      ? (id) =>
          sql<SqlBool>`(${alias}.created_at, ${alias}.id) < (select d.created_at, d.id from ${sql.table(list.table)} d where d.workspace_id = ${alias}.workspace_id and d.id = ${id})`
      : undefined,
  );
}

/** The client as a document's buyer: its company, else its name, with the contact's name. */
export function buyerOf(client: NonNullable<Awaited<ReturnType<typeof findClient>>>): Party {
  return {
    name: client.company || client.name,
    contactName: client.contactName ?? (client.company ? client.name : null),
    address: client.address,
    taxId: client.taxId,
    email: client.email,
    // The structured fields only when set: a party without them freezes (and hashes, on an
    // accepted estimate) exactly as before they existed.
    ...setFields({
      countryCode: client.countryCode,
      street: client.street,
      city: client.city,
      postalCode: client.postalCode,
      electronicAddress: client.electronicAddress,
      electronicAddressScheme: client.electronicAddressScheme,
      buyerReference: client.buyerReference,
    }),
  };
}

/** The seller and buyer a document froze when it was sent (null on drafts). */
export async function findDocumentParties(
  db: Database,
  table: 'invoices' | 'estimates',
  workspaceId: number,
  id: number,
) {
  const row = await db
    .selectFrom(table)
    .select(['seller', 'buyer'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { seller: row.seller as Party | null, buyer: row.buyer as Party | null };
}

/** Writes each line's computed amount and discount share (invoice or estimate lines). */
export async function setDocumentLineAmounts(
  db: Database,
  table: 'invoiceLines' | 'estimateLines',
  workspaceId: number,
  amounts: { id: number; amount: string; discount: string }[],
) {
  for (const { id, amount, discount } of amounts) {
    await db
      .updateTable(table)
      .set({ amount, discount })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }
}

/** A stored line as answered, before a kind adds its own (an invoice line's time entries). */
const answeredLineColumns = [
  'id',
  'serviceId',
  'description',
  'quantity',
  'unit',
  'unitPrice',
  'taxRate',
  'amount',
  'discount',
  'unitCode',
  'taxCategory',
  'taxExemptionReason',
] as const;

/**
 * A line's EN 16931 codes as answered: the stored ones, else derived (the unit's Rec. 20
 * code, C62 without one; S when the line charges tax, else Z).
 */
export function effectiveLineCodes(r: {
  unit: string | null;
  unitCode: string | null;
  taxRate: string;
  taxCategory: string | null;
}) {
  return {
    unitCode: r.unitCode ?? unitCodeOf(r.unit),
    taxCategory: taxCategoryOf(r.taxCategory, r.taxRate),
  };
}

/**
 * The rows of a kind of document's lines table (invoice or estimate lines), keyed by the
 * column naming the document: one set of statements for both kinds. `beforeDelete` runs
 * with the ids of the lines a draft's edit removes (an invoice unbills their time first).
 */
export function documentLineRows(
  table: 'invoiceLines' | 'estimateLines',
  documentColumn: 'invoiceId' | 'estimateId',
  beforeDelete?: (db: Database, workspaceId: number, ids: number[]) => Promise<void>,
) {
  const ofDocument = (documentId: number) =>
    sql<SqlBool>`${sql.ref(documentColumn)} = ${documentId}`;
  const linesOf = (db: Database, workspaceId: number, documentId: number) =>
    db
      .selectFrom(table)
      .where('workspaceId', '=', workspaceId)
      .where(ofDocument(documentId))
      .orderBy('position')
      .orderBy('id');

  return {
    /** The lines as stored, in order, for recomputing totals or copying. */
    lineInputs: (db: Database, workspaceId: number, documentId: number) =>
      linesOf(db, workspaceId, documentId)
        .select([
          'id',
          'serviceId',
          'description',
          'quantity',
          'unit',
          'unitPrice',
          'taxRate',
          'unitCode',
          'taxCategory',
          'taxExemptionReason',
        ])
        .execute()
        .then((rows) =>
          rows.map((r) => ({ ...r, taxCategory: r.taxCategory as TaxCategory | null })),
        ),

    /** The lines as answered, with the decimals of the document's currency. */
    async answeredLines(db: Database, workspaceId: number, documentId: number, digits: number) {
      const rows = await linesOf(db, workspaceId, documentId).select(answeredLineColumns).execute();
      return rows.map((r) => {
        const line = answeredLine(r, digits);
        return { ...line, ...effectiveLineCodes(line) };
      });
    },

    async insertLine(
      db: Database,
      workspaceId: number,
      documentId: number,
      position: number,
      line: LineValues,
    ) {
      const row = await db
        .insertInto(table)
        .values({
          ...line,
          workspaceId,
          position,
          amount: '0',
          // The document's column, named by the kind ('invoiceId' or 'estimateId').
          ...({ [documentColumn]: documentId } as { invoiceId: number; estimateId: number }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateLine(
      db: Database,
      workspaceId: number,
      documentId: number,
      id: number,
      position: number,
      line: LineValues,
    ) {
      const result = await db
        .updateTable(table)
        .set({ ...line, position })
        .where('workspaceId', '=', workspaceId)
        .where(ofDocument(documentId))
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Removes the draft's lines not in `keep`. */
    async deleteLinesExcept(db: Database, workspaceId: number, documentId: number, keep: number[]) {
      let gone = db
        .selectFrom(table)
        .select('id')
        .where('workspaceId', '=', workspaceId)
        .where(ofDocument(documentId));
      if (keep.length > 0) gone = gone.where('id', 'not in', keep);
      const ids = (await gone.execute()).map((r) => r.id);
      if (ids.length === 0) return;
      await beforeDelete?.(db, workspaceId, ids);
      await db
        .deleteFrom(table)
        .where('workspaceId', '=', workspaceId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Writes each line's computed amount and discount share. */
    setLineAmounts: (
      db: Database,
      workspaceId: number,
      amounts: { id: number; amount: string; discount: string }[],
    ) => setDocumentLineAmounts(db, table, workspaceId, amounts),
  };
}
