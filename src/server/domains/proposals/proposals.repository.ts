import { sql, type SqlBool } from 'kysely';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Proposal, ProposalSort, ProposalStatus } from '../../../shared/proposals.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal, sortedBy } from '../../db/search.ts';
import { deleteWorkspaceRow } from '../../db/workspace-rows.ts';

export interface ProposalValues {
  title?: string;
  clientName?: string;
  description?: string;
  amount?: string;
  dueDate?: string | null;
  status?: ProposalStatus;
  clientId?: number | null;
  dealId?: number | null;
}

const columns = [
  'id',
  'title',
  'clientName',
  'description',
  'amount',
  'status',
  'dueDate',
  'createdAt',
  'clientId',
  'dealId',
  'projectId',
  'depositInvoiceId',
  'followUpsAppliedAt',
] as const;
type Row = Omit<Proposal, 'createdAt' | 'status' | 'followUpsAppliedAt'> & {
  createdAt: Date;
  status: string;
  followUpsAppliedAt: Date | null;
};
const toProposal = (r: Row): Proposal => ({
  ...r,
  status: r.status as ProposalStatus,
  createdAt: iso(r.createdAt),
  followUpsAppliedAt: iso(r.followUpsAppliedAt),
});

const PROPOSAL_SORT_COLUMNS = {
  createdAt: sql`proposals.created_at`,
  title: sql`lower(proposals.title)`,
  amount: sql`proposals.amount`,
  dueDate: sql`proposals.due_date`,
};

export async function listProposals(
  db: Database,
  workspaceId: number,
  query: ListQuery & { status?: ProposalStatus; sort?: ProposalSort },
) {
  const { sort = '-createdAt' } = query;
  let q = db.selectFrom('proposals').select(columns).where('workspaceId', '=', workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('clientName', 'ilike', pattern)]));
  }
  if (query.status) q = q.where('status', '=', query.status);
  q = sortedBy(q, sort, PROPOSAL_SORT_COLUMNS, sql`proposals.id`);
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    sort === '-createdAt'
      ? (id) =>
          sql<SqlBool>`(proposals.created_at, proposals.id) < (select a.created_at, a.id from proposals a where a.workspace_id = proposals.workspace_id and a.id = ${id})`
      : undefined,
  );
  return { items: rows.map(toProposal), total };
}

export async function findProposal(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('proposals')
    .select(columns)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toProposal(row);
}

/** The proposal's status, its row locked until the caller's transaction ends (or undefined). */
export async function lockProposalStatus(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('proposals')
    .select('status')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status as ProposalStatus | undefined;
}

export async function insertProposal(
  db: Database,
  workspaceId: number,
  values: Required<Omit<ProposalValues, 'status' | 'dueDate' | 'clientId' | 'dealId'>> &
    Pick<ProposalValues, 'dueDate' | 'clientId' | 'dealId'>,
) {
  const row = await db
    .insertInto('proposals')
    .values({ ...values, workspaceId })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toProposal(row);
}

export async function updateProposal(
  db: Database,
  workspaceId: number,
  id: number,
  values: ProposalValues,
) {
  const row = await db
    .updateTable('proposals')
    .set({ ...values, updatedAt: new Date() })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row && toProposal(row);
}

export function deleteProposal(db: Database, workspaceId: number, id: number) {
  return deleteWorkspaceRow(db, 'proposals', workspaceId, id);
}
