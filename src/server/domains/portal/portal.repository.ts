import { sql, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../../../../db/schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { crossWorkspace } from '../../db/cross-workspace.ts';
import { containsPattern, pageWithTotal } from '../../db/search.ts';
import { effectiveStatus } from '../invoices/invoices.repository.ts';

/*
 * The client portal's queries: its links, and what a link opens. Every query takes the
 * workspace id and filters on it, and the portal's reads also on the link's client; the one
 * exception is findLinkByTokenHash, the lookup that finds which workspace a token belongs to.
 */

// Links

/** A link that opens the portal now: neither revoked nor past its expiry. */
const LIVE_LINK = sql<SqlBool>`l.revoked_at is null and (l.expires_at is null or l.expires_at > now())`;

/** One figure over the live links of the client of the outer `clients` row. */
function ofLiveLinks<T>(eb: ExpressionBuilder<DB, 'clients'>, figure: RawBuilder<T>) {
  return eb
    .selectFrom('clientPortalLinks as l')
    .select(figure.as('v'))
    .whereRef('l.workspaceId', '=', 'clients.workspaceId')
    .whereRef('l.clientId', '=', 'clients.id')
    .where(LIVE_LINK);
}

/** The workspace's clients with how many links work, the newest one's date and the last use. */
function clientsWithLinkState(db: Database, workspaceId: number) {
  return db
    .selectFrom('clients')
    .select((eb) => [
      'clients.id',
      'clients.name',
      'clients.company',
      'clients.email',
      ofLiveLinks(eb, sql<number>`count(*)::int`).as('liveLinks'),
      ofLiveLinks(eb, sql<Date | null>`max(l.created_at)`).as('createdAt'),
      ofLiveLinks(eb, sql<Date | null>`max(l.last_used_at)`).as('lastUsedAt'),
    ])
    .where('clients.workspaceId', '=', workspaceId);
}

export async function listClientsWithLinkState(
  db: Database,
  workspaceId: number,
  query: ListQuery,
) {
  let q = clientsWithLinkState(db, workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) =>
      eb.or([
        eb('clients.name', 'ilike', pattern),
        eb('clients.email', 'ilike', pattern),
        eb('clients.company', 'ilike', pattern),
      ]),
    );
  }
  q = q.orderBy(sql`lower(clients.name)`).orderBy('clients.id');
  return pageWithTotal(
    db,
    q,
    query,
    (id) =>
      sql<SqlBool>`(lower(clients.name), clients.id) > (select lower(a.name), a.id from clients a where a.workspace_id = clients.workspace_id and a.id = ${id})`,
  );
}

/** One client with its link state; undefined when the client is not of the workspace. */
export function findClientLinkState(db: Database, workspaceId: number, clientId: number) {
  return clientsWithLinkState(db, workspaceId)
    .where('clients.id', '=', clientId)
    .executeTakeFirst();
}

export async function clientExists(db: Database, workspaceId: number, clientId: number) {
  const row = await db
    .selectFrom('clients')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLink(
  db: Database,
  workspaceId: number,
  link: {
    clientId: number;
    tokenHash: string;
    createdBy: number | null;
    /** Null: the link works until it is revoked. */
    expiresInDays: number | null;
  },
) {
  await db
    .insertInto('clientPortalLinks')
    .values({
      workspaceId,
      clientId: link.clientId,
      tokenHash: link.tokenHash,
      createdBy: link.createdBy,
      // Whole days of 24 hours, whatever the session's time zone does around them.
      expiresAt:
        link.expiresInDays === null
          ? null
          : sql<Date>`now() + make_interval(hours => ${link.expiresInDays * 24})`,
    })
    .execute();
}

/** Revokes the client's unrevoked links (expired ones included); answers how many. */
export async function revokeLinks(db: Database, workspaceId: number, clientId: number) {
  const result = await db
    .updateTable('clientPortalLinks')
    .set({ revokedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The unrevoked link of a token hash, of a workspace that is neither deleted nor suspended,
 * and whether it has expired. In the workspace the token names; across workspaces (null) for a
 * link made before tokens named their workspace.
 */
export function findLinkByTokenHash(db: Database, tokenHash: string, workspaceId: number | null) {
  let query = db
    .selectFrom('clientPortalLinks as l')
    .innerJoin('workspaces as w', 'w.id', 'l.workspaceId')
    .select([
      'l.id as linkId',
      'l.workspaceId',
      'l.clientId',
      sql<boolean>`l.expires_at is not null and l.expires_at <= now()`.as('expired'),
    ])
    .where('l.tokenHash', '=', tokenHash)
    .where('l.revokedAt', 'is', null)
    .where('w.isActive', '=', true)
    .where('w.isDeleted', '=', false);
  // A token from before tokens named their workspace is looked up by its hash alone.
  query =
    workspaceId !== null
      ? query.where('l.workspaceId', '=', workspaceId)
      : query.$call(crossWorkspace('legacy-token'));
  return query.executeTakeFirst();
}

/** Records that the link was used, at most once a minute (a read writes no more often). */
export async function touchLink(db: Database, workspaceId: number, linkId: number) {
  await db
    .updateTable('clientPortalLinks')
    .set({ lastUsedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', linkId)
    .where((eb) =>
      eb.or([
        eb('lastUsedAt', 'is', null),
        eb('lastUsedAt', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}

// What a link opens: one client's issued documents

export function findPortalClient(db: Database, workspaceId: number, clientId: number) {
  return db
    .selectFrom('clients')
    .select(['name', 'company'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', clientId)
    .executeTakeFirst();
}

export async function findLogoUrl(db: Database, workspaceId: number) {
  const row = await db
    .selectFrom('workspaces')
    .select('logoUrl')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.logoUrl ?? null;
}

/** The client's issued invoices (drafts never leave the workspace), newest first. */
export function listIssuedInvoices(db: Database, workspaceId: number, clientId: number) {
  return db
    .selectFrom('invoices as i')
    .select([
      'i.id',
      'i.invoiceNumber',
      effectiveStatus(workspaceId).as('status'),
      'i.currency',
      'i.issueDate',
      'i.dueDate',
      'i.amount',
      'i.paidTotal',
      'i.creditedTotal',
      'i.viewedAt',
    ])
    .where('i.workspaceId', '=', workspaceId)
    .where('i.clientId', '=', clientId)
    .where('i.status', '<>', 'draft')
    .orderBy('i.issueDate', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

/** The proposals the client may see (sent or decided), newest first. */
export function listIssuedProposals(db: Database, workspaceId: number, clientId: number) {
  return db
    .selectFrom('proposals')
    .select(['id', 'title', 'description', 'status', 'amount', 'dueDate', 'createdAt'])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('status', 'in', ['sent', 'viewed', 'accepted', 'rejected'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function listIssuedEstimates(db: Database, workspaceId: number, clientId: number) {
  return db
    .selectFrom('estimates')
    .select(['id', 'estimateNumber', 'status', 'currency', 'issueDate', 'validUntil', 'amount'])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('status', '<>', 'draft')
    .orderBy('issueDate', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The decisions recorded on some estimates or proposals of the workspace. */
export async function listDecisions(
  db: Database,
  workspaceId: number,
  documentType: 'estimate' | 'proposal',
  ids: number[],
) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('documentAcceptances')
    .select(['documentId', 'decision', 'name', 'reason', 'createdAt'])
    .where('workspaceId', '=', workspaceId)
    .where('documentType', '=', documentType)
    .where('documentId', 'in', ids)
    .execute();
}

export type PortalDocumentKind = 'invoice' | 'estimate' | 'proposal';

const TABLES = { invoice: 'invoices', estimate: 'estimates', proposal: 'proposals' } as const;

/** Whether the document is the client's and issued (not a draft). */
export async function isIssuedToClient(
  db: Database,
  workspaceId: number,
  clientId: number,
  kind: PortalDocumentKind,
  id: number,
) {
  const row = await db
    .selectFrom(TABLES[kind])
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('id', '=', id)
    .where('status', '<>', 'draft')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Marks the client's invoice viewed when it is sent, or viewed by hand without a time:
 * the time is the first opening's. Answers whether it changed (the first opening).
 */
export async function markInvoiceViewed(
  db: Database,
  workspaceId: number,
  clientId: number,
  id: number,
) {
  const { numUpdatedRows } = await db
    .updateTable('invoices')
    .set({
      status: 'viewed',
      viewedAt: sql<Date>`coalesce(viewed_at, now())`,
      updatedAt: sql<Date>`now()`,
    })
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'sent'),
        eb.and([eb('status', '=', 'viewed'), eb('viewedAt', 'is', null)]),
      ]),
    )
    .executeTakeFirst();
  return numUpdatedRows > 0n;
}

export async function findInvoiceViewedAt(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('invoices')
    .select('viewedAt')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.viewedAt;
}

/** A sent proposal of the client becomes viewed; any other status stays. */
export async function markProposalViewed(
  db: Database,
  workspaceId: number,
  clientId: number,
  id: number,
) {
  await db
    .updateTable('proposals')
    .set({ status: 'viewed' })
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .execute();
}
