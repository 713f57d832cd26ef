import { sql, type SqlBool } from 'kysely';
import type { Client, ClientValues } from '../../../shared/clients.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';

const columns = [
  'id',
  'name',
  'email',
  'company',
  'phone',
  'status',
  'hourlyRate',
  'lastContact',
  'createdAt',
  'contactName',
  'address',
  'taxId',
  'currency',
  'paymentTermsDays',
  'organizationId',
  'countryCode',
  'street',
  'city',
  'postalCode',
  'buyerReference',
  'electronicAddress',
  'electronicAddressScheme',
] as const;
type Row = Omit<Client, 'lastContact' | 'createdAt'> & {
  lastContact: Date | null;
  createdAt: Date;
};
const toClient = (r: Row): Client => ({
  ...r,
  lastContact: iso(r.lastContact),
  createdAt: iso(r.createdAt),
});

export async function listClients(
  db: Database,
  workspaceId: number,
  query: ListQuery,
): Promise<{ items: Client[]; total: number }> {
  let q = db.selectFrom('clients').select(columns).where('workspaceId', '=', workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('company', 'ilike', pattern),
      ]),
    );
  }
  q = q.orderBy(sql`lower(name)`).orderBy('id');
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    (id) =>
      sql<SqlBool>`(lower(clients.name), clients.id) > (select lower(a.name), a.id from clients a where a.workspace_id = clients.workspace_id and a.id = ${id})`,
  );
  return { items: rows.map(toClient), total };
}

export async function findClient(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('clients')
    .select(columns)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toClient(row);
}

export async function insertClient(
  db: Database,
  workspaceId: number,
  values: ClientValues & { name: string; email: string },
) {
  const row = await db
    .insertInto('clients')
    .values({ ...values, workspaceId })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toClient(row);
}

export async function updateClient(
  db: Database,
  workspaceId: number,
  id: number,
  values: ClientValues,
) {
  if (Object.keys(values).length === 0) return findClient(db, workspaceId, id);
  const row = await db
    .updateTable('clients')
    .set(values)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row && toClient(row);
}

/**
 * What the client page shows beside the client: its projects, its unbilled time (at the
 * rate stored on each entry) and what it owes, per currency (never summed across them).
 */
export async function clientSummary(db: Database, workspaceId: number, id: number) {
  const projects = await db
    .selectFrom('projects')
    .select(['id', 'name', 'status', 'hourlyRate', 'totalHours'])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const unbilled = await db
    .selectFrom('timeEntries as te')
    .innerJoin('projects as p', (j) =>
      j.onRef('p.workspaceId', '=', 'te.workspaceId').onRef('p.id', '=', 'te.projectId'),
    )
    .select([
      sql<number>`count(*)::int`.as('entries'),
      sql<string>`coalesce(sum(te.hours), 0)::numeric(20, 2)::text`.as('hours'),
      sql<string>`coalesce(sum(round(te.hours * te.rate, 2)), 0)::numeric(20, 2)::text`.as(
        'amount',
      ),
    ])
    .where('te.workspaceId', '=', workspaceId)
    .where('p.clientId', '=', id)
    .where('te.invoiceId', 'is', null)
    .executeTakeFirstOrThrow();
  const balances = await openBalances(db, workspaceId, id);
  return { projects, unbilled, balances };
}

/** What the client owes on its open invoices, per currency (the client page and its portal). */
export function openBalances(db: Database, workspaceId: number, clientId: number) {
  return db
    .selectFrom('invoices')
    .select([
      'currency',
      sql<string>`sum(greatest(amount - paid_total - credited_total, 0))::text`.as('balance'),
      sql<number>`count(*)::int`.as('invoices'),
    ])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('status', 'in', ['sent', 'viewed', 'overdue'])
    .groupBy('currency')
    .orderBy('currency')
    .execute();
}

/** How many projects and invoices stand on the client (it cannot go while any do). */
export async function countClientDependents(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('projects')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('workspaceId', '=', workspaceId)
        .where('clientId', '=', id)
        .as('projects'),
      eb
        .selectFrom('invoices')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('workspaceId', '=', workspaceId)
        .where('clientId', '=', id)
        .as('invoices'),
    ])
    .executeTakeFirstOrThrow();
  return { projects: row.projects ?? 0, invoices: row.invoices ?? 0 };
}

export async function deleteClient(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('clients')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
