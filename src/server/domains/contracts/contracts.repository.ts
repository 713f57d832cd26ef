import { sql, type SqlBool } from 'kysely';
import type {
  Contract,
  ContractEventType,
  ContractParty,
  ContractSignature,
  ContractSort,
  ContractStatus,
  ContractTemplate,
} from '../../../shared/contracts.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal, sortedBy } from '../../db/search.ts';

/* ------------------------------------------------------------ templates */

const templateColumns = ['id', 'name', 'body', 'isDefault', 'createdAt', 'updatedAt'] as const;
type TemplateRow = Omit<ContractTemplate, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};
const toTemplate = (r: TemplateRow): ContractTemplate => ({
  ...r,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function listTemplates(db: Database, workspaceId: number) {
  const rows = await db
    .selectFrom('contractTemplates')
    .select(templateColumns)
    .where('workspaceId', '=', workspaceId)
    .orderBy('isDefault', 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map(toTemplate);
}

export async function findTemplate(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('contractTemplates')
    .select(templateColumns)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toTemplate(row);
}

export async function findDefaultTemplate(db: Database, workspaceId: number) {
  const row = await db
    .selectFrom('contractTemplates')
    .select(templateColumns)
    .where('workspaceId', '=', workspaceId)
    .orderBy('isDefault', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return row && toTemplate(row);
}

/** Takes the default mark off every template of the workspace (before another gets it). */
export async function clearDefaultTemplate(db: Database, workspaceId: number) {
  await db
    .updateTable('contractTemplates')
    .set({ isDefault: false })
    .where('workspaceId', '=', workspaceId)
    .where('isDefault', '=', true)
    .execute();
}

export async function insertTemplates(
  db: Database,
  workspaceId: number,
  values: { name: string; body: string; isDefault: boolean }[],
) {
  const rows = await db
    .insertInto('contractTemplates')
    .values(values.map((v) => ({ ...v, workspaceId })))
    .returning(templateColumns)
    .execute();
  return rows.map(toTemplate);
}

export async function updateTemplate(
  db: Database,
  workspaceId: number,
  id: number,
  values: { name?: string; body?: string; isDefault?: boolean },
) {
  const row = await db
    .updateTable('contractTemplates')
    .set({ ...values, updatedAt: new Date() })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .returning(templateColumns)
    .executeTakeFirst();
  return row && toTemplate(row);
}

export async function deleteTemplate(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('contractTemplates')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/* ------------------------------------------------------------ contracts */

export interface ContractValues {
  clientId?: number;
  title?: string;
  body?: string;
  templateId?: number | null;
  projectId?: number | null;
  proposalId?: number | null;
  dealId?: number | null;
  fee?: string | null;
  currency?: string;
  startDate?: string | null;
  endDate?: string | null;
  expiresAt?: string | null;
}

function selectContracts(db: Database, workspaceId: number) {
  return db
    .selectFrom('contracts as c')
    .innerJoin('clients as cl', (j) =>
      j.onRef('cl.workspaceId', '=', 'c.workspaceId').onRef('cl.id', '=', 'c.clientId'),
    )
    .where('c.workspaceId', '=', workspaceId)
    .select([
      'c.id',
      'c.clientId',
      'cl.name as clientName',
      'c.title',
      'c.body',
      'c.templateId',
      'c.projectId',
      'c.proposalId',
      'c.dealId',
      'c.fee',
      'c.currency',
      'c.startDate',
      'c.endDate',
      'c.expiresAt',
      'c.status',
      'c.version',
      'c.previousId',
      'c.contentSha256',
      'c.businessParty',
      'c.clientParty',
      'c.sentAt',
      'c.viewedAt',
      'c.signedAt',
      'c.completedAt',
      'c.declinedAt',
      'c.declineReason',
      'c.voidedAt',
      'c.voidReason',
      'c.createdBy',
      'c.createdAt',
      'c.updatedAt',
      (eb) =>
        eb
          .selectFrom('contracts as n')
          .select('n.id')
          .whereRef('n.workspaceId', '=', 'c.workspaceId')
          .whereRef('n.previousId', '=', 'c.id')
          .as('replacedById'),
    ]);
}

type ContractRow = Awaited<ReturnType<ReturnType<typeof selectContracts>['execute']>>[number];

const party = (value: unknown): ContractParty | null =>
  value === null || value === undefined
    ? null
    : ((typeof value === 'string' ? JSON.parse(value) : value) as ContractParty);

/** Sent or viewed and past its expiry: expired, whatever the stored status says. */
export function effectiveStatus(
  status: string,
  expiresAt: Date | null,
  now: Date = new Date(),
): ContractStatus {
  if ((status === 'sent' || status === 'viewed') && expiresAt !== null && expiresAt <= now)
    return 'expired';
  return status as ContractStatus;
}

const toContract = (r: ContractRow): Contract => ({
  ...r,
  fee: r.fee === null ? null : normalizeAmount(r.fee, minorDigits(r.currency)),
  status: effectiveStatus(r.status, r.expiresAt),
  startDate: r.startDate,
  endDate: r.endDate,
  expiresAt: iso(r.expiresAt),
  businessParty: party(r.businessParty),
  clientParty: party(r.clientParty),
  sentAt: iso(r.sentAt),
  viewedAt: iso(r.viewedAt),
  signedAt: iso(r.signedAt),
  completedAt: iso(r.completedAt),
  declinedAt: iso(r.declinedAt),
  voidedAt: iso(r.voidedAt),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
  replacedById: r.replacedById ?? null,
});

const CONTRACT_SORT_COLUMNS = {
  createdAt: sql`c.created_at`,
  title: sql`lower(c.title)`,
};

export async function listContracts(
  db: Database,
  workspaceId: number,
  query: ListQuery & { status?: ContractStatus; sort?: ContractSort; clientId?: number },
) {
  const { sort = '-createdAt' } = query;
  let q = selectContracts(db, workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) => eb.or([eb('c.title', 'ilike', pattern), eb('cl.name', 'ilike', pattern)]));
  }
  if (query.clientId) q = q.where('c.clientId', '=', query.clientId);
  if (query.status === 'expired') {
    q = q.where((eb) =>
      eb.or([
        eb('c.status', '=', 'expired'),
        eb.and([
          eb('c.status', 'in', ['sent', 'viewed']),
          eb('c.expiresAt', '<=', sql<Date>`now()`),
        ]),
      ]),
    );
  } else if (query.status === 'sent' || query.status === 'viewed') {
    q = q
      .where('c.status', '=', query.status)
      .where((eb) =>
        eb.or([eb('c.expiresAt', 'is', null), eb('c.expiresAt', '>', sql<Date>`now()`)]),
      );
  } else if (query.status) {
    q = q.where('c.status', '=', query.status);
  }
  q = sortedBy(q, sort, CONTRACT_SORT_COLUMNS, sql`c.id`);
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    sort === '-createdAt'
      ? (id) =>
          sql<SqlBool>`(c.created_at, c.id) < (select a.created_at, a.id from contracts a where a.workspace_id = c.workspace_id and a.id = ${id})`
      : undefined,
  );
  return { items: rows.map(toContract), total };
}

export async function findContract(db: Database, workspaceId: number, id: number) {
  const row = await selectContracts(db, workspaceId).where('c.id', '=', id).executeTakeFirst();
  return row && toContract(row);
}

/** The contracts a client's portal shows: every one sent to it, newest first. */
export async function listClientContracts(db: Database, workspaceId: number, clientId: number) {
  const rows = await selectContracts(db, workspaceId)
    .where('c.clientId', '=', clientId)
    .where('c.status', '!=', 'draft')
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map(toContract);
}

/** The contract's stored status, its row locked until the caller's transaction ends. */
export async function lockContract(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('contracts')
    .select(['id', 'status', 'expiresAt', 'clientId', 'createdBy'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertContract(
  db: Database,
  workspaceId: number,
  values: Required<Pick<ContractValues, 'clientId' | 'title' | 'body' | 'currency'>> &
    ContractValues & { createdBy: number | null; version?: number; previousId?: number | null },
) {
  const row = await db
    .insertInto('contracts')
    .values({ ...values, workspaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateContract(
  db: Database,
  workspaceId: number,
  id: number,
  values: ContractValues,
) {
  await db
    .updateTable('contracts')
    .set({ ...values, updatedAt: new Date() })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteContract(db: Database, workspaceId: number, id: number) {
  await db
    .deleteFrom('contracts')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a contract from one of `from` to `to`, setting `values` too, only while it is in
 * one of them (and, when `signable`, not past its expiry): answers whether it moved. The
 * row count is the guard against two moves at once: the second waits for the first's
 * row lock, then finds the status changed and moves nothing.
 */
export async function moveContract(
  db: Database,
  workspaceId: number,
  id: number,
  move: {
    from: readonly string[];
    to: ContractStatus;
    signable?: boolean;
    values?: Record<string, unknown>;
  },
) {
  let q = db
    .updateTable('contracts')
    .set({ ...move.values, status: move.to, updatedAt: new Date() })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('status', 'in', [...move.from]);
  if (move.signable)
    q = q.where((eb) =>
      eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]),
    );
  const result = await q.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/* ------------------------------------------------------------ signatures */

export async function insertSignature(
  db: Database,
  workspaceId: number,
  values: {
    contractId: number;
    party: 'client' | 'business';
    name: string;
    kind: 'drawn' | 'typed';
    image: string | null;
    typed: string | null;
    userId: number | null;
    ip: string | null;
    userAgent: string | null;
    signedAt: Date;
  },
) {
  await db
    .insertInto('contractSignatures')
    .values({ ...values, workspaceId })
    .execute();
}

export async function listSignatures(
  db: Database,
  workspaceId: number,
  contractId: number,
): Promise<ContractSignature[]> {
  const rows = await db
    .selectFrom('contractSignatures')
    .select(['party', 'name', 'kind', 'image', 'typed', 'signedAt', 'ip', 'userAgent'])
    .where('workspaceId', '=', workspaceId)
    .where('contractId', '=', contractId)
    .orderBy('signedAt')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    party: r.party as ContractSignature['party'],
    kind: r.kind as ContractSignature['kind'],
    signedAt: iso(r.signedAt),
  }));
}

/* ------------------------------------------------------------ events */

export interface StoredEvent {
  seq: number;
  type: ContractEventType;
  at: Date;
  actor: string;
  userId: number | null;
  actorName: string | null;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
  prevHash: string | null;
  hash: string;
}

export async function listEvents(
  db: Database,
  workspaceId: number,
  contractId: number,
): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('contractEvents')
    .select([
      'seq',
      'type',
      'at',
      'actor',
      'userId',
      'actorName',
      'ip',
      'userAgent',
      'details',
      'prevHash',
      'hash',
    ])
    .where('workspaceId', '=', workspaceId)
    .where('contractId', '=', contractId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    ...r,
    type: r.type as ContractEventType,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<
      string,
      unknown
    >,
  }));
}

/** The last event of a contract's chain (its seq and hash), or undefined. */
export async function lastEvent(db: Database, workspaceId: number, contractId: number) {
  return db
    .selectFrom('contractEvents')
    .select(['seq', 'hash'])
    .where('workspaceId', '=', workspaceId)
    .where('contractId', '=', contractId)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertEvent(
  db: Database,
  workspaceId: number,
  contractId: number,
  event: StoredEvent,
) {
  await db
    .insertInto('contractEvents')
    .values({
      ...event,
      details: JSON.stringify(event.details),
      workspaceId,
      contractId,
    })
    .execute();
}

/** Contracts waiting for the client's signature (sent or viewed, not expired), oldest first. */
export async function awaitingSignature(db: Database, workspaceId: number, limit: number) {
  const base = selectContracts(db, workspaceId)
    .where('c.status', 'in', ['sent', 'viewed'])
    .where((eb) =>
      eb.or([eb('c.expiresAt', 'is', null), eb('c.expiresAt', '>', sql<Date>`now()`)]),
    );
  const rows = await base.orderBy('c.sentAt').orderBy('c.id').limit(limit).execute();
  const count = await db
    .selectFrom('contracts')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('status', 'in', ['sent', 'viewed'])
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
    .executeTakeFirstOrThrow();
  return { count: count.n, items: rows.map(toContract) };
}

/** The sealed PDF kept for a completed contract, if it was made already. */
export async function findSealedPdf(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('contracts')
    .select('sealedPdf')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.sealedPdf ? new Uint8Array(row.sealedPdf) : null;
}

/** Keeps a completed contract's first sealed PDF; a concurrent first download loses quietly. */
export async function keepSealedPdf(
  db: Database,
  workspaceId: number,
  id: number,
  pdf: Uint8Array,
) {
  await db
    .updateTable('contracts')
    .set({ sealedPdf: Buffer.from(pdf) })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('status', '=', 'completed')
    .where('sealedPdf', 'is', null)
    .execute();
}
