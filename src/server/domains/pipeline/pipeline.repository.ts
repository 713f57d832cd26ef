import { sql, type SqlBool } from 'kysely';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Lead, Stage } from '../../../shared/pipeline.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { readInSlices, type Slice } from '../../db/embedded.ts';
import {
  containsPattern,
  countOf,
  countQuery,
  iso,
  paginate,
  totalFromPage,
} from '../../db/search.ts';
import {
  deleteWorkspaceRow,
  insertWorkspaceRow,
  updateWorkspaceRow,
} from '../../db/workspace-rows.ts';
import { findOrCreateTagsByName } from '../contacts/contacts.repository.ts';

// Stages

const stageColumns = [
  'id',
  'key',
  'label',
  'color',
  'sortOrder',
  'isSystemStage',
  'createdAt',
] as const;
type StageRow = Omit<Stage, 'createdAt'> & { createdAt: Date };
const toStage = (r: StageRow): Stage => ({ ...r, createdAt: iso(r.createdAt) });

export async function listStages(db: Database, workspaceId: number): Promise<Stage[]> {
  const rows = await db
    .selectFrom('stages')
    .select(stageColumns)
    .where('workspaceId', '=', workspaceId)
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
  return rows.map(toStage);
}

export async function findStage(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('stages')
    .select(stageColumns)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toStage(row);
}

export async function stageKeyExists(db: Database, workspaceId: number, key: string) {
  const row = await db
    .selectFrom('stages')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row !== undefined;
}

/** New stages go to the end of the board. */
export async function insertStage(
  db: Database,
  workspaceId: number,
  values: { key: string; label: string; color?: string },
) {
  const row = await db
    .insertInto('stages')
    .values((eb) => ({
      ...values,
      workspaceId,
      sortOrder: eb
        .selectFrom('stages')
        .select(sql<number>`coalesce(max(sort_order) + 1, 0)`.as('next'))
        .where('workspaceId', '=', workspaceId),
    }))
    .returning(stageColumns)
    .executeTakeFirstOrThrow();
  return toStage(row);
}

export async function insertStages(
  db: Database,
  workspaceId: number,
  stages: readonly { key: string; label: string; color: string; isSystemStage: boolean }[],
): Promise<void> {
  await db
    .insertInto('stages')
    .values(stages.map((stage, sortOrder) => ({ ...stage, workspaceId, sortOrder })))
    .execute();
}

export async function updateStage(
  db: Database,
  workspaceId: number,
  id: number,
  values: { label: string; color?: string },
) {
  const row = await db
    .updateTable('stages')
    .set(values)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returning(stageColumns)
    .executeTakeFirst();
  return row && toStage(row);
}

export async function deleteStage(db: Database, workspaceId: number, id: number) {
  await deleteWorkspaceRow(db, 'stages', workspaceId, id);
}

export async function setStageOrder(db: Database, workspaceId: number, ids: number[]) {
  for (const [sortOrder, id] of ids.entries()) {
    await db
      .updateTable('stages')
      .set({ sortOrder })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', id)
      .execute();
  }
}

export async function countLeadsInStage(db: Database, workspaceId: number, key: string) {
  const row = await db
    .selectFrom('leads')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('stage', '=', key)
    .executeTakeFirstOrThrow();
  return row.n;
}

// Leads

export interface LeadValues {
  dealName?: string;
  personId?: number | null;
  companyId?: number | null;
  assignedUserId?: number | null;
  stage?: string;
  value?: string;
  description?: string | null;
  probability?: number;
  closeDate?: string | null;
  lastContact?: string | null;
}

/**
 * Deals of the workspace matching `pattern`, when given: on the deal's name, or its
 * contact's name or email, or its organization's name. The search looks the parties up
 * with EXISTS rather than joins, so that a list is filtered, ordered and cut to its page
 * on `leads` alone, and joined to its parties after (withParties), as the contacts list
 * is: with statistics from when the workspace was nearly empty, a join before the cut
 * made the planner compare every deal with every contact (db/statistics.ts).
 */
function leadsOf(db: Database, workspaceId: number, pattern?: string) {
  let query = db.selectFrom('leads as l').selectAll('l').where('l.workspaceId', '=', workspaceId);
  if (pattern !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('l.dealName', 'ilike', pattern),
        eb.exists(
          eb
            .selectFrom('persons as p')
            .select('p.id')
            .whereRef('p.workspaceId', '=', 'l.workspaceId')
            .whereRef('p.id', '=', 'l.personId')
            .where((p) =>
              p.or([p('p.fullName', 'ilike', pattern), p('p.email', 'ilike', pattern)]),
            ),
        ),
        eb.exists(
          eb
            .selectFrom('organizations as o')
            .select('o.id')
            .whereRef('o.workspaceId', '=', 'l.workspaceId')
            .whereRef('o.id', '=', 'l.companyId')
            .where('o.name', 'ilike', pattern),
        ),
      ]),
    );
  }
  return query;
}

/** The deals `leads` reads (filtered, ordered and cut by the caller) with their parties. */
function withParties(db: Database, leads: ReturnType<typeof leadsOf>) {
  return db
    .selectFrom(leads.as('l'))
    .leftJoin('persons as p', (j) =>
      j.onRef('p.workspaceId', '=', 'l.workspaceId').onRef('p.id', '=', 'l.personId'),
    )
    .leftJoin('organizations as o', (j) =>
      j.onRef('o.workspaceId', '=', 'l.workspaceId').onRef('o.id', '=', 'l.companyId'),
    )
    .leftJoin('userWorkspaces as uw', (j) =>
      j.onRef('uw.workspaceId', '=', 'l.workspaceId').onRef('uw.userId', '=', 'l.assignedUserId'),
    )
    .leftJoin('users as u', 'u.id', 'uw.userId')
    .select([
      'l.id',
      'l.dealName',
      'l.stage',
      // As text, which is what the driver gives for numeric too, and what JSON keeps exact.
      sql<string>`l.value::text`.as('value'),
      'l.description',
      'l.probability',
      'l.closeDate',
      'l.lastContact',
      'l.createdAt',
      'l.personId',
      'l.companyId',
      'l.assignedUserId',
      'p.fullName as personName',
      'p.email as personEmail',
      'o.name as companyName',
      'u.fullName as ownerName',
      sql<boolean>`coalesce(uw.is_active and u.is_active, false)`.as('ownerActive'),
      // Per deal of the page only (the list is cut before this join): a board shows them all.
      sql<string[]>`array(
        select t.name from deal_tags dt
        join tags t on t.workspace_id = dt.workspace_id and t.id = dt.tag_id
        where dt.workspace_id = l.workspace_id and dt.deal_id = l.id
        order by t.name)`.as('tags'),
    ]);
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof withParties>['execute']>>[number];

/** A row's timestamp as the API writes it: a Date from a row, or PostgreSQL's JSON text. */
function isoFrom(value: Date | string | null): string | null {
  return value === null ? null : iso(typeof value === 'string' ? new Date(value) : value);
}

// Field by field rather than with rest and spread: a board reads hundreds of deals, and V8
// builds a literal of known shape several times faster (bench/profile.ts).
function toLead(r: LeadRow | JsonLeadRow): Lead {
  return {
    id: r.id,
    dealName: r.dealName,
    stage: r.stage,
    value: r.value,
    description: r.description,
    probability: r.probability,
    closeDate: r.closeDate,
    lastContact: isoFrom(r.lastContact),
    createdAt: isoFrom(r.createdAt)!,
    personId: r.personId,
    companyId: r.companyId,
    assignedUserId: r.assignedUserId,
    person: r.personName !== null ? { fullName: r.personName, email: r.personEmail } : null,
    company: r.companyName !== null ? { name: r.companyName } : null,
    owner: r.ownerName !== null ? { fullName: r.ownerName, isActive: r.ownerActive } : null,
    tags: r.tags,
  };
}

/** A page of the workspace's deals, newest first (the board sorts on the client). */
export async function listLeads(
  db: Database,
  workspaceId: number,
  query: ListQuery,
): Promise<{ items: Lead[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const rows = await readInSlices<LeadRow | JsonLeadRow>(
    db,
    query,
    async (slice) =>
      (await leadsPage(db, workspaceId, pattern, slice).executeTakeFirstOrThrow()).rows,
    true,
  );
  const items = rows.map(toLead);
  const total =
    totalFromPage(items.length, query) ?? (await countOf(db, leadsOf(db, workspaceId, pattern)));
  return { items, total };
}

/**
 * One read of a deals page (readInSlices may cut a page into several), as one JSON array:
 * a driver decoding 17 columns field by field cost more than the query (PGlite: 1.6 → 1.2 ms
 * a page of 50; the board reads all deals at once). bench/bare.ts compiles it.
 */
export function leadsPage(
  db: Database,
  workspaceId: number,
  pattern: string | undefined,
  { after, ...slice }: Slice,
) {
  let leads = leadsOf(db, workspaceId, pattern)
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc');
  if (after !== undefined)
    leads = leads.where(
      sql<SqlBool>`(l.created_at, l.id) < (select a.created_at, a.id from leads a where a.workspace_id = l.workspace_id and a.id = ${after})`,
    );
  return db
    .selectFrom(withParties(db, paginate(leads, slice)).as('page'))
    .select(
      sql<
        JsonLeadRow[]
      >`coalesce(json_agg(page order by page.created_at desc, page.id desc), '[]')`.as('rows'),
    );
}

/** The count behind a full deals page's total (countOf; bench/bare.ts compiles it). */
export function leadsCountQuery(db: Database, workspaceId: number, pattern: string | undefined) {
  return countQuery(leadsOf(db, workspaceId, pattern));
}

/** A deal row as `json_agg` writes it: timestamps become text. */
type JsonLeadRow = Omit<LeadRow, 'lastContact' | 'createdAt'> & {
  lastContact: string | null;
  createdAt: string;
};

export async function findLead(db: Database, workspaceId: number, id: number) {
  const row = await withParties(
    db,
    leadsOf(db, workspaceId).where('l.id', '=', id),
  ).executeTakeFirst();
  return row && toLead(row);
}

export async function insertLead(
  db: Database,
  workspaceId: number,
  values: LeadValues & { dealName: string },
) {
  return insertWorkspaceRow(db, 'leads', workspaceId, values);
}

export async function updateLead(
  db: Database,
  workspaceId: number,
  id: number,
  values: LeadValues,
) {
  return updateWorkspaceRow(db, 'leads', workspaceId, id, { ...values, updatedAt: new Date() });
}

export function deleteLead(db: Database, workspaceId: number, id: number) {
  return deleteWorkspaceRow(db, 'leads', workspaceId, id);
}

/**
 * Gives the deal exactly these tags, by name: the workspace's tags, the missing ones created
 * (as the contact import does). Only tags of `workspaceId` are ever looked up, and the
 * composite foreign keys refuse any other.
 */
export async function setLeadTags(
  db: Database,
  workspaceId: number,
  leadId: number,
  names: readonly string[],
) {
  const { byName } = await findOrCreateTagsByName(db, workspaceId, [...names]);
  // Two names differing only in case find one tag.
  const tagIds = [...new Set(byName.values())];
  let removed = db
    .deleteFrom('dealTags')
    .where('workspaceId', '=', workspaceId)
    .where('dealId', '=', leadId);
  if (tagIds.length > 0) removed = removed.where('tagId', 'not in', tagIds);
  await removed.execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('dealTags')
    .values(tagIds.map((tagId) => ({ workspaceId, dealId: leadId, tagId })))
    .onConflict((oc) => oc.columns(['workspaceId', 'dealId', 'tagId']).doNothing())
    .execute();
}
