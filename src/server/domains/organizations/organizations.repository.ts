import { sql, type SqlBool } from 'kysely';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { CsvRow } from '../../../shared/csv.ts';
import { byLength, fieldNames } from '../../../shared/fields.ts';
import {
  ORGANIZATION_FIELDS,
  type Organization,
  type OrganizationListQuery,
  type OrganizationValues,
} from '../../../shared/organizations.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { readInSlices } from '../../db/embedded.ts';
import { containsPattern, iso, pageWithTotal, paginate } from '../../db/search.ts';
import {
  deleteWorkspaceRow,
  insertWorkspaceRow,
  updateWorkspaceRow,
  workspaceRowExists,
} from '../../db/workspace-rows.ts';

export type { OrganizationValues };

/** The organization's text fields (ORGANIZATION_FIELDS), each a column of the same name. */
const TEXT_FIELDS = fieldNames(ORGANIZATION_FIELDS);
const { short: SHORT_FIELDS, long: LONG_FIELDS } = byLength(ORGANIZATION_FIELDS);
const titleOf = (name: (typeof TEXT_FIELDS)[number]) => ORGANIZATION_FIELDS[name].title;

function baseQuery(db: Database, workspaceId: number, search: string | undefined) {
  let query = db.selectFrom('organizations as o').where('o.workspaceId', '=', workspaceId);
  if (search) query = query.where('o.name', 'ilike', containsPattern(search));
  return query;
}

function selectOrganization(db: Database, workspaceId: number, search?: string) {
  return baseQuery(db, workspaceId, search).select((eb) => [
    'o.id',
    'o.name',
    ...TEXT_FIELDS.map((name) => `o.${name}` as const),
    'o.status',
    'o.createdAt',
    eb
      .selectFrom('persons as p')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('p.workspaceId', '=', 'o.workspaceId')
      .whereRef('p.companyId', '=', 'o.id')
      .as('peopleCount'),
  ]);
}

type Row = Omit<Organization, 'createdAt' | 'peopleCount'> & {
  createdAt: Date;
  peopleCount: number | null;
};
const toOrganization = (r: Row): Organization => ({
  ...r,
  createdAt: iso(r.createdAt),
  peopleCount: r.peopleCount ?? 0,
});

/** Organizations after the one of this id, by name (a large page's next slice). */
const organizationAfter = (id: number) =>
  sql<SqlBool>`(lower(o.name), o.id) > (select lower(a.name), a.id from organizations a where a.workspace_id = o.workspace_id and a.id = ${id})`;

/**
 * A page of the workspace's organizations with how many people each has, by name (a large
 * page continues each slice after the last row read) or in `sort`'s order (slices by
 * offset), the id breaking ties.
 */
export async function listOrganizations(
  db: Database,
  workspaceId: number,
  query: OrganizationListQuery,
) {
  const { sort = 'name' } = query;
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  let ordered = selectOrganization(db, workspaceId, query.search);
  if (sort.endsWith('peopleCount')) ordered = ordered.orderBy('peopleCount', direction);
  ordered = ordered
    .orderBy(sql`lower(o.name)`, sort === '-name' ? 'desc' : 'asc')
    .orderBy('o.id', sort === '-name' ? 'desc' : 'asc');
  const [rows, count] = await Promise.all([
    readInSlices(
      db,
      query,
      ({ after, ...slice }) =>
        paginate(
          after === undefined ? ordered : ordered.where(organizationAfter(after)),
          slice,
        ).execute(),
      sort === 'name',
    ),
    baseQuery(db, workspaceId, query.search)
      .select(sql<number>`count(*)::int`.as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toOrganization), total: count.total };
}

export async function findOrganization(db: Database, workspaceId: number, id: number) {
  const row = await selectOrganization(db, workspaceId).where('o.id', '=', id).executeTakeFirst();
  return row && toOrganization(row);
}

/** The organization picker: id and name only. */
export async function listOrganizationOptions(db: Database, workspaceId: number, query: ListQuery) {
  const q = baseQuery(db, workspaceId, query.search)
    .select(['o.id', 'o.name'])
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id');
  const { rows, total } = await pageWithTotal(db, q, query, organizationAfter);
  return { items: rows, total };
}

/** The organization's name, or undefined when it is not one of the workspace's. */
export async function findOrganizationName(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('organizations')
    .select('name')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}

export function organizationExists(db: Database, workspaceId: number, id: number) {
  return workspaceRowExists(db, 'organizations', workspaceId, id);
}

export async function insertOrganization(
  db: Database,
  workspaceId: number,
  values: OrganizationValues & { name: string },
) {
  return insertWorkspaceRow(db, 'organizations', workspaceId, values);
}

export async function updateOrganization(
  db: Database,
  workspaceId: number,
  id: number,
  values: OrganizationValues,
) {
  return updateWorkspaceRow(db, 'organizations', workspaceId, id, values);
}

/** People and deals keep existing and lose the link (the foreign keys set it to null). */
export function deleteOrganization(db: Database, workspaceId: number, id: number) {
  return deleteWorkspaceRow(db, 'organizations', workspaceId, id);
}

/**
 * Organizations by name, without case, creating the missing ones: for the contact import.
 * Answers lowercased name → id, and how many were created.
 */
export async function findOrCreateOrganizationsByName(
  db: Database,
  workspaceId: number,
  names: string[],
): Promise<{ byName: Map<string, number>; created: number }> {
  const wanted = new Map(names.map((n) => [n.toLowerCase(), n]));
  const byName = new Map<string, number>();
  if (wanted.size === 0) return { byName, created: 0 };
  const existing = await db
    .selectFrom('organizations')
    .select(['id', sql<string>`lower(name)`.as('key')])
    .where('workspaceId', '=', workspaceId)
    .where((eb) => eb(eb.fn<string>('lower', ['name']), 'in', [...wanted.keys()]))
    .orderBy('id')
    .execute();
  for (const row of existing) if (!byName.has(row.key)) byName.set(row.key, row.id);
  const missing = [...wanted].filter(([key]) => !byName.has(key));
  if (missing.length > 0) {
    const created = await db
      .insertInto('organizations')
      .values(missing.map(([, name]) => ({ workspaceId, name })))
      .returning(['id', 'name'])
      .execute();
    for (const row of created) byName.set(row.name.toLowerCase(), row.id);
  }
  return { byName, created: missing.length };
}

/**
 * Holds the organizations imports of one workspace to one transaction at a time, until the
 * caller's transaction ends: a second send of a file then sees the names the first created.
 */
export async function lockOrganizationImports(db: Database, workspaceId: number) {
  await sql`select pg_advisory_xact_lock(${workspaceId}::int, hashtext('keel:organization-import'))`.execute(
    db,
  );
}

/** Names among `names` that an organization of the workspace has, whatever the case. */
export async function existingOrganizationNames(
  db: Database,
  workspaceId: number,
  names: string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('organizations')
    .select('name')
    .where('workspaceId', '=', workspaceId)
    .where((eb) =>
      eb(
        eb.fn<string>('lower', ['name']),
        'in',
        names.map((name) => sql<string>`lower(${name})`),
      ),
    )
    .execute();
  return rows.map((row) => row.name);
}

/** Many organizations in one insert; their ids in the order of `rows`. */
export async function insertOrganizations(
  db: Database,
  workspaceId: number,
  rows: (OrganizationValues & { name: string })[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('organizations')
    .values(rows.map((row) => ({ ...row, workspaceId })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Single-line fields beside the name; long text after the people count, before the date. */
const ORGANIZATION_EXPORT_COLUMNS = [
  'Name',
  ...SHORT_FIELDS.map(titleOf),
  'People',
  ...LONG_FIELDS.map(titleOf),
  'Created',
];

/** The organizations CSV by name, read in batches after the last (name, id) read. */
export function organizationsForExport(
  db: Database,
  workspaceId: number,
  search?: string,
): RowExport {
  const read = (after: { name: string; id: number } | undefined, size: number) => {
    let query = selectOrganization(db, workspaceId, search);
    // The same lower() as the order and the (workspace_id, lower(name)) index.
    if (after)
      query = query.where(
        sql<boolean>`(lower(o.name), o.id) > (lower(${after.name}), ${after.id})`,
      );
    return query
      .orderBy(sql`lower(o.name)`)
      .orderBy('o.id')
      .limit(size)
      .execute();
  };
  return {
    columns: ORGANIZATION_EXPORT_COLUMNS,
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        yield rows.map((r) => {
          const row: CsvRow = {
            Name: r.name,
            People: r.peopleCount ?? 0,
            Created: iso(r.createdAt),
          };
          for (const name of TEXT_FIELDS) row[titleOf(name)] = r[name] ?? '';
          return row;
        });
      }
    },
  };
}
