import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  CONTACT_FIELDS,
  type ContactBulk,
  type ContactListQuery,
  type ContactSort,
  type Person,
  type PersonValues,
  type Tag,
  type TagColor,
} from '../../../shared/contacts.schema.ts';
import { byLength, fieldNames } from '../../../shared/fields.ts';
import type { Database } from '../../db/create-db.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { readInSlices, type Slice } from '../../db/embedded.ts';
import { rowCount, rowCountQuery } from '../../db/row-counts.ts';
import { containsPattern, countOf, countQuery, iso, paginate } from '../../db/search.ts';
import {
  deleteWorkspaceRow,
  updateWorkspaceRow,
  workspaceRowExists,
} from '../../db/workspace-rows.ts';

/** The contact's text fields (CONTACT_FIELDS), each a column of the same name. */
const TEXT_FIELDS = fieldNames(CONTACT_FIELDS);
const TEXT_COLUMNS = TEXT_FIELDS.map((name) => `p.${name}` as const);

/** An ILIKE pattern for a search, when there is one. */
function searchPattern(search: string | undefined): string | undefined {
  return search ? containsPattern(search) : undefined;
}

/**
 * What narrows the contacts list: a search, a tag, an organization, an assignee. One list
 * for the type and for isFiltered, so a new filter cannot be left out of the choice between
 * the stored total and a count.
 */
const FILTER_KEYS = ['search', 'tagId', 'organizationId', 'assignedUserId'] as const;
type ContactFilter = Pick<ContactListQuery, (typeof FILTER_KEYS)[number]>;

/** Persons of the workspace that pass `filter`. */
function baseQuery(db: Database, workspaceId: number, filter: ContactFilter = {}) {
  let query = db.selectFrom('persons as p').where('p.workspaceId', '=', workspaceId);
  const pattern = searchPattern(filter.search);
  // Name, email or phone: one lower-cased column (migration 0007), lowered here by the same
  // function, so the match is as case-insensitive as ILIKE.
  if (pattern !== undefined)
    query = query.where('p.searchText', 'like', sql<string>`lower(${pattern})`);
  if (filter.organizationId !== undefined)
    query = query.where('p.companyId', '=', filter.organizationId);
  if (filter.assignedUserId !== undefined)
    query = query.where('p.assignedUserId', '=', filter.assignedUserId);
  const { tagId } = filter;
  if (tagId !== undefined)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('contactTags as ct')
          .select('ct.personId')
          .whereRef('ct.workspaceId', '=', 'p.workspaceId')
          .whereRef('ct.personId', '=', 'p.id')
          .where('ct.tagId', '=', tagId),
      ),
    );
  return query;
}

/** Whether baseQuery narrows the list (an empty search does not; ids are never 0). */
function isFiltered(filter: ContactFilter): boolean {
  return FILTER_KEYS.some((key) => Boolean(filter[key]));
}

/** Persons of the workspace (all their columns) that pass `filter`. */
function personsOf(db: Database, workspaceId: number, filter?: ContactFilter) {
  return baseQuery(db, workspaceId, filter).selectAll('p');
}

/**
 * The persons `persons` reads (filtered, ordered and cut to a page or a batch by the caller)
 * with their organization's name. Joined after the cut, so that the join sees a page's rows
 * whatever the planner believes about the tables: with statistics from when the workspace
 * was nearly empty, a join before the cut compared every contact with every organization
 * (10,000 × 300) before sorting (statistics.ts). The caller orders the result again.
 */
function withCompany(db: Database, persons: ReturnType<typeof personsOf>) {
  return db
    .selectFrom(persons.as('p'))
    .leftJoin('organizations as o', (join) =>
      join.onRef('o.workspaceId', '=', 'p.workspaceId').onRef('o.id', '=', 'p.companyId'),
    )
    .select([
      'p.id',
      'p.fullName',
      ...TEXT_COLUMNS,
      'p.companyId',
      'o.name as companyName',
      'p.assignedUserId',
      'p.status',
      'p.lastContact',
      'p.createdAt',
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof withCompany>['execute']>>[number];

// Assigned field by field, always in the same order, rather than with rest and spread: V8
// then gives every person one shape, and every contacts page makes fifty (bench/profile.ts).
function toPerson(r: Row): Person {
  const person = { id: r.id, fullName: r.fullName } as Person;
  for (const name of TEXT_FIELDS) person[name] = r[name];
  person.companyId = r.companyId;
  person.company =
    r.companyId !== null && r.companyName !== null
      ? { id: r.companyId, name: r.companyName }
      : null;
  person.assignedUserId = r.assignedUserId;
  person.status = r.status;
  person.lastContact = iso(r.lastContact);
  person.createdAt = iso(r.createdAt);
  return person;
}

/**
 * The contacts list in `sort`'s order, the id breaking ties: by creation as its index orders
 * it, or by name as people read it, whatever the case (as the organizations list).
 */
function inOrder<Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(
  query: Q,
  sort: ContactSort = '-createdAt',
): Q {
  const direction = sql.raw(sort.startsWith('-') ? 'desc' : 'asc');
  const key = sort.endsWith('fullName') ? sql`lower(p.full_name)` : sql`p.created_at`;
  return query.orderBy(sql`${key} ${direction}`).orderBy(sql`p.id ${direction}`);
}

/** A page of contacts, newest first, optionally with their tags. */
export async function listPersons(db: Database, workspaceId: number, query: ContactListQuery) {
  const { sort = '-createdAt' } = query;
  // Large pages newest first continue each slice after the last row read (an index's
  // order); the other orders read their slices by offset.
  const keyset = sort === '-createdAt';
  const [rows, total] = await Promise.all([
    readInSlices(
      db,
      query,
      (slice) => personsPage(db, workspaceId, query, slice).execute(),
      keyset,
    ),
    // The same for every page of a list: unfiltered, the database's own count (rowCount);
    // filtered, counted, and remembered until the next write on the embedded database.
    isFiltered(query)
      ? countOf(db, baseQuery(db, workspaceId, query))
      : rowCount(db, workspaceId, 'persons'),
  ]);
  const items = rows.map(toPerson);
  if (query.withTags) {
    const tags = await tagsByPerson(
      db,
      workspaceId,
      query.limit === undefined ? undefined : items.map((p) => p.id),
    );
    for (const item of items) item.tags = tags.get(item.id) ?? [];
  }
  return { items, total };
}

/** One read of a contacts page (readInSlices may cut a page into several). */
export function personsPage(
  db: Database,
  workspaceId: number,
  query: ContactListQuery,
  { after, ...slice }: Slice,
) {
  const { sort = '-createdAt' } = query;
  let persons = inOrder(personsOf(db, workspaceId, query), sort);
  if (after !== undefined)
    persons = persons.where(
      sql<SqlBool>`(p.created_at, p.id) < (select a.created_at, a.id from persons a where a.workspace_id = p.workspace_id and a.id = ${after})`,
    );
  return inOrder(withCompany(db, paginate(persons, slice)), sort);
}

/**
 * The statement behind listPersons' total, for bench/bare.ts: the stored row count (rowCount)
 * unfiltered, else a count (countOf).
 */
export function personsTotalQuery(db: Database, workspaceId: number, query: ContactFilter) {
  return isFiltered(query)
    ? countQuery(baseQuery(db, workspaceId, query))
    : rowCountQuery(db, workspaceId, 'persons');
}

/** A contact with their organization's name (findPerson; bench/bare.ts compiles it). */
export function personQuery(db: Database, workspaceId: number, id: number) {
  return withCompany(db, personsOf(db, workspaceId).where('p.id', '=', id));
}

export async function findPerson(db: Database, workspaceId: number, id: number, withTags = false) {
  const row = await personQuery(db, workspaceId, id).executeTakeFirst();
  if (!row) return undefined;
  const person = toPerson(row);
  if (withTags) person.tags = (await tagsByPerson(db, workspaceId, [id])).get(id) ?? [];
  return person;
}

/** Tags of the given persons (all persons of the workspace when `ids` is undefined). */
async function tagsByPerson(db: Database, workspaceId: number, ids: number[] | undefined) {
  const byPerson = new Map<number, Tag[]>();
  if (ids?.length === 0) return byPerson;
  let query = db
    .selectFrom('contactTags as ct')
    .innerJoin('tags as t', (join) =>
      join.onRef('t.workspaceId', '=', 'ct.workspaceId').onRef('t.id', '=', 'ct.tagId'),
    )
    .select(['ct.personId', 't.id', 't.name', 't.color'])
    .where('ct.workspaceId', '=', workspaceId)
    .orderBy('t.name');
  if (ids) query = query.where('ct.personId', 'in', ids);
  for (const row of await query.execute()) {
    const list = byPerson.get(row.personId) ?? [];
    list.push({ id: row.id, name: row.name, color: row.color as TagColor });
    byPerson.set(row.personId, list);
  }
  return byPerson;
}

export async function insertPerson(
  db: Database,
  workspaceId: number,
  values: PersonValues & { fullName: string },
) {
  const row = await insertPersonQuery(db, workspaceId, values).executeTakeFirstOrThrow();
  return row.id;
}

/** The statement insertPerson runs (bench/bare.ts compiles it). */
export function insertPersonQuery(
  db: Database,
  workspaceId: number,
  values: PersonValues & { fullName: string },
) {
  return db
    .insertInto('persons')
    .values({ ...values, workspaceId })
    .returning('id');
}

export async function insertPersons(
  db: Database,
  workspaceId: number,
  rows: (PersonValues & { fullName: string })[],
) {
  if (rows.length === 0) return [];
  // The ids come back in the order of `rows` (PostgreSQL returns a multi-row VALUES insert
  // in order), which lets an import pair each contact with the file row it came from.
  const inserted = await db
    .insertInto('persons')
    .values(rows.map((r) => ({ ...r, workspaceId })))
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

export async function updatePerson(
  db: Database,
  workspaceId: number,
  id: number,
  values: PersonValues,
) {
  return updateWorkspaceRow(db, 'persons', workspaceId, id, values);
}

export function deletePerson(db: Database, workspaceId: number, id: number) {
  return deleteWorkspaceRow(db, 'persons', workspaceId, id);
}

/**
 * One change to many contacts, in one transaction; ids of other workspaces match nothing.
 * Answers how many of the workspace's contacts it changed (for tags: that carry it now,
 * or no longer). In the caller's transaction when it is given one.
 */
export async function changeMany(db: Database, workspaceId: number, change: ContactBulk) {
  const inTransaction = <T>(fn: (trx: Database) => Promise<T>) =>
    db.isTransaction ? fn(db) : db.transaction().execute(fn);
  return inTransaction(async (trx) => {
    const mine = trx
      .selectFrom('persons')
      .where('workspaceId', '=', workspaceId)
      .where('id', 'in', change.ids);
    switch (change.action) {
      case 'delete': {
        const result = await trx
          .deleteFrom('persons')
          .where('workspaceId', '=', workspaceId)
          .where('id', 'in', change.ids)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }
      case 'assign': {
        const result = await trx
          .updateTable('persons')
          .set({ assignedUserId: change.assignedUserId })
          .where('workspaceId', '=', workspaceId)
          .where('id', 'in', change.ids)
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      }
      case 'tag': {
        const result = await trx
          .insertInto('contactTags')
          .columns(['workspaceId', 'personId', 'tagId'])
          .expression(mine.select((eb) => ['workspaceId', 'id', eb.val(change.tagId).as('tagId')]))
          .onConflict((oc) => oc.columns(['workspaceId', 'personId', 'tagId']).doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0n);
      }
      case 'untag': {
        const result = await trx
          .deleteFrom('contactTags')
          .where('workspaceId', '=', workspaceId)
          .where('tagId', '=', change.tagId)
          .where('personId', 'in', change.ids)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      }
    }
  });
}

/** Lowercased emails among `emails` that a contact of the workspace already has. */
export async function existingEmails(db: Database, workspaceId: number, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('persons')
    .select(sql<string>`lower(email)`.as('email'))
    .where('workspaceId', '=', workspaceId)
    .where((eb) => eb(eb.fn<string>('lower', ['email']), 'in', emails))
    .execute();
  return new Set(rows.map((r) => r.email));
}

/** Single-line fields beside the name; long text after the relations, before the date. */
const { short: SHORT_FIELDS, long: LONG_FIELDS } = byLength(CONTACT_FIELDS);
const titleOf = (name: (typeof TEXT_FIELDS)[number]) => CONTACT_FIELDS[name].title;

const PERSON_EXPORT_COLUMNS = [
  'Name',
  ...SHORT_FIELDS.map(titleOf),
  'Organization',
  'Assigned To',
  'Tags',
  ...LONG_FIELDS.map(titleOf),
  'Created',
];

/** The contacts CSV, newest first (by id: the indexed key of its batches), with their tags. */
export function personsForExport(db: Database, workspaceId: number, search?: string): RowExport {
  const read = (after: { id: number } | undefined, size: number) => {
    let batch = personsOf(db, workspaceId, { search });
    if (after) batch = batch.where('p.id', '<', after.id);
    return withCompany(db, batch.orderBy('p.id', 'desc').limit(size))
      .leftJoin('users as u', 'u.id', 'p.assignedUserId')
      .select('u.fullName as assignedTo')
      .orderBy('p.id', 'desc')
      .execute();
  };
  return {
    columns: PERSON_EXPORT_COLUMNS,
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        const tags = await tagsByPerson(
          db,
          workspaceId,
          rows.map((r) => r.id),
        );
        yield rows.map((r) => {
          const row: Record<string, string> = {
            Name: r.fullName,
            Organization: r.companyName ?? '',
            'Assigned To': r.assignedTo ?? '',
            Tags: (tags.get(r.id) ?? []).map((t) => t.name).join(', '),
            Created: iso(r.createdAt),
          };
          for (const name of TEXT_FIELDS) row[titleOf(name)] = r[name] ?? '';
          return row;
        });
      }
    },
  };
}

// Tags

export async function listTags(db: Database, workspaceId: number): Promise<Tag[]> {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'name', 'color'])
    .where('workspaceId', '=', workspaceId)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ ...r, color: r.color as TagColor }));
}

export async function insertTag(
  db: Database,
  workspaceId: number,
  values: { name: string; color: TagColor },
) {
  const row = await db
    .insertInto('tags')
    .values({ ...values, workspaceId })
    .returning(['id', 'name', 'color'])
    .executeTakeFirstOrThrow();
  return { ...row, color: row.color as TagColor };
}

export function tagExists(db: Database, workspaceId: number, id: number) {
  return workspaceRowExists(db, 'tags', workspaceId, id);
}

export async function attachTag(
  db: Database,
  workspaceId: number,
  personId: number,
  tagId: number,
) {
  await db
    .insertInto('contactTags')
    .values({ workspaceId, personId, tagId })
    .onConflict((oc) => oc.columns(['workspaceId', 'personId', 'tagId']).doNothing())
    .execute();
}

/**
 * Rows one insert statement of an import takes at most: PostgreSQL binds at most 65,535
 * parameters a statement, and a batch of 1,000 contacts may carry 50 tags each.
 */
const INSERT_CHUNK_ROWS = 5000;

function chunksOf<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += INSERT_CHUNK_ROWS) {
    chunks.push(items.slice(start, start + INSERT_CHUNK_ROWS));
  }
  return chunks;
}

/**
 * Tags of the workspace by name, creating the missing ones (in the form's default colour):
 * for the contact import, and a deal's tags (which forms set too). A name finds the tag spelled the same, else one that differs
 * only in case. Answers name → tag id, and how many tags were created.
 */
export async function findOrCreateTagsByName(
  db: Database,
  workspaceId: number,
  names: string[],
): Promise<{ byName: Map<string, number>; created: number }> {
  const byName = new Map<string, number>();
  if (names.length === 0) return { byName, created: 0 };
  // A workspace's tags are few (the tag picker lists them all): read them once.
  const tags = await listTags(db, workspaceId);
  const exact = new Map(tags.map((tag) => [tag.name, tag.id]));
  const folded = new Map<string, number>();
  for (const tag of tags) {
    const key = tag.name.toLowerCase();
    if (!folded.has(key)) folded.set(key, tag.id);
  }
  const missing: string[] = [];
  for (const name of new Set(names)) {
    const id = exact.get(name) ?? folded.get(name.toLowerCase());
    if (id === undefined) missing.push(name);
    else byName.set(name, id);
  }
  let created = 0;
  for (const chunk of chunksOf(missing)) {
    const rows = await db
      .insertInto('tags')
      .values(chunk.map((name) => ({ workspaceId, name })))
      .onConflict((oc) => oc.columns(['workspaceId', 'name']).doNothing())
      .returning(['id', 'name'])
      .execute();
    created += rows.length;
    for (const row of rows) byName.set(row.name, row.id);
  }
  // Tags another import made meanwhile: the insert left them alone.
  const raced = missing.filter((name) => !byName.has(name));
  for (const chunk of chunksOf(raced)) {
    const rows = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('workspaceId', '=', workspaceId)
      .where('name', 'in', chunk)
      .execute();
    for (const row of rows) byName.set(row.name, row.id);
  }
  return { byName, created };
}

/** Gives each contact its tags (an import's new contacts); pairs already there stay. */
export async function attachTags(
  db: Database,
  workspaceId: number,
  pairs: { personId: number; tagId: number }[],
) {
  for (const chunk of chunksOf(pairs)) {
    await db
      .insertInto('contactTags')
      .values(chunk.map((pair) => ({ workspaceId, ...pair })))
      .onConflict((oc) => oc.columns(['workspaceId', 'personId', 'tagId']).doNothing())
      .execute();
  }
}

export async function detachTag(
  db: Database,
  workspaceId: number,
  personId: number,
  tagId: number,
) {
  await db
    .deleteFrom('contactTags')
    .where('workspaceId', '=', workspaceId)
    .where('personId', '=', personId)
    .where('tagId', '=', tagId)
    .execute();
}

export function personExists(db: Database, workspaceId: number, id: number) {
  return workspaceRowExists(db, 'persons', workspaceId, id);
}
