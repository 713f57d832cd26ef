import { sql, type SqlBool } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount, plainPercent } from '../../../shared/invoice-math.ts';
import {
  SERVICE_CSV_COLUMNS,
  serviceCsvRow,
  type Service,
  type ServiceFilters,
  type ServiceListQuery,
} from '../../../shared/services.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { containsPattern, iso, pageWithTotal, sortedBy } from '../../db/search.ts';
import {
  insertWorkspaceRow,
  updateWorkspaceRow,
  workspaceRowExists,
} from '../../db/workspace-rows.ts';

/** The tables whose lines may name a service, with the column naming their document. */
const LINE_TABLES = [
  ['invoiceLines', 'invoice_lines', 'invoice_id'],
  ['estimateLines', 'estimate_lines', 'estimate_id'],
  ['recurringInvoiceLines', 'recurring_invoice_lines', 'recurring_invoice_id'],
] as const;

function selectService(db: Database, workspaceId: number) {
  return db
    .selectFrom('services as s')
    .where('s.workspaceId', '=', workspaceId)
    .select([
      's.id',
      's.name',
      's.description',
      's.unit',
      's.unitPrice',
      's.currency',
      's.taxRate',
      's.category',
      's.archived',
      's.createdAt',
      's.updatedAt',
      // How many documents have a line copied from it (each document once).
      sql<number>`(${sql.join(
        LINE_TABLES.map(
          ([, table, document]) =>
            sql`(select count(distinct l.${sql.raw(document)})::int from ${sql.raw(table)} l
              where l.workspace_id = s.workspace_id and l.service_id = s.id)`,
        ),
        sql` + `,
      )})`.as('usedOn'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectService>['execute']>>[number];

function toService(r: Row): Service {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category,
    unit: r.unit,
    unitPrice: normalizeAmount(r.unitPrice, minorDigits(r.currency)),
    currency: r.currency,
    taxRate: plainPercent(r.taxRate),
    archived: r.archived,
    usedOn: r.usedOn ?? 0,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

function filtered<Q extends ReturnType<typeof selectService>>(q: Q, query: ServiceFilters): Q {
  let r = q;
  const archived = query.archived ?? false;
  if (archived !== 'all') r = r.where('s.archived', '=', archived) as Q;
  if (query.category) r = r.where(sql<SqlBool>`lower(s.category) = lower(${query.category})`) as Q;
  if (query.currency) r = r.where('s.currency', '=', query.currency) as Q;
  if (query.search) {
    const pattern = containsPattern(query.search);
    r = r.where((eb) =>
      eb.or([
        eb('s.name', 'ilike', pattern),
        eb('s.description', 'ilike', pattern),
        eb('s.category', 'ilike', pattern),
      ]),
    ) as Q;
  }
  return r;
}

const SORT_COLUMNS = {
  name: sql`lower(s.name)`,
  unitPrice: sql`s.unit_price`,
  createdAt: sql`s.created_at`,
};

/** A page of services in `sort`'s order (by name by default), with the filtered list's size. */
export async function listServices(db: Database, workspaceId: number, query: ServiceListQuery) {
  const q = sortedBy(
    filtered(selectService(db, workspaceId), query),
    query.sort ?? 'name',
    SORT_COLUMNS,
    sql`s.id`,
  );
  const { rows, total } = await pageWithTotal(db, q, query);
  return { items: rows.map(toService), total };
}

/** The categories the workspace's services use, by name. */
export async function listCategories(db: Database, workspaceId: number) {
  const rows = await db
    .selectFrom('services')
    .select('category')
    .distinct()
    .where('workspaceId', '=', workspaceId)
    .where('category', 'is not', null)
    .orderBy('category')
    .execute();
  return rows.map((r) => r.category!);
}

/** The filtered services as CSV rows, by name, read batch by batch. */
export function servicesForExport(
  db: Database,
  workspaceId: number,
  filters: ServiceFilters,
): RowExport {
  const read = (last: Row | undefined, size: number) => {
    const q = filtered(selectService(db, workspaceId), filters)
      .orderBy(sql`lower(s.name)`)
      .orderBy('s.id');
    // Keyed on the last row's own values: the export goes on even if that row is deleted.
    return (
      last ? q.where(sql<SqlBool>`(lower(s.name), s.id) > (lower(${last.name}), ${last.id})`) : q
    )
      .limit(size)
      .execute();
  };
  return {
    columns: SERVICE_CSV_COLUMNS,
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        yield rows.map((r) => serviceCsvRow(toService(r)));
      }
    },
  };
}

export async function findService(db: Database, workspaceId: number, id: number) {
  const row = await selectService(db, workspaceId).where('s.id', '=', id).executeTakeFirst();
  return row && toService(row);
}

/** Several services of the workspace by id (the lines that name them). */
export async function findServices(db: Database, workspaceId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectService(db, workspaceId).where('s.id', 'in', ids).execute();
  return rows.map(toService);
}

export interface StoredServiceValues {
  name?: string;
  description?: string | null;
  unit?: string;
  unitPrice?: string;
  currency?: string;
  taxRate?: string;
  category?: string | null;
  archived?: boolean;
}

export function insertService(
  db: Database,
  workspaceId: number,
  values: StoredServiceValues & { name: string; unitPrice: string; currency: string },
) {
  return insertWorkspaceRow(db, 'services', workspaceId, values);
}

export function updateService(
  db: Database,
  workspaceId: number,
  id: number,
  values: StoredServiceValues,
) {
  return updateWorkspaceRow(db, 'services', workspaceId, id, {
    ...values,
    updatedAt: sql<Date>`now()`,
  });
}

export function serviceExists(db: Database, workspaceId: number, id: number) {
  return workspaceRowExists(db, 'services', workspaceId, id);
}

/**
 * Deletes the service unless a line names it: the condition is the DELETE's own, so a line
 * added meanwhile either commits first (and the service stays) or waits on the row.
 * Answers whether it was deleted.
 */
export async function deleteUnusedService(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('services as s')
    .where('s.workspaceId', '=', workspaceId)
    .where('s.id', '=', id)
    .where(
      sql<SqlBool>`not (${sql.join(
        LINE_TABLES.map(
          ([, table]) =>
            sql`exists (select 1 from ${sql.raw(table)} l
              where l.workspace_id = s.workspace_id and l.service_id = s.id)`,
        ),
        sql` or `,
      )})`,
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
