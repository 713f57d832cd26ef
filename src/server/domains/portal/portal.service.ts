import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import { todayIn } from '../../../shared/datetime.ts';
import { normalizeAmount, subtractAmounts } from '../../../shared/invoice-math.ts';
import type { Acceptance } from '../../../shared/estimates.schema.ts';
import type {
  PortalClient,
  PortalDecision,
  PortalInvoiceDetail,
  PortalLinkState,
  PortalView,
} from '../../../shared/portal.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findSeller } from '../business/business.repository.ts';
import { effectiveStatus } from '../invoices/invoices.repository.ts';
import {
  decideEstimate,
  decideProposal,
  markEstimateViewed,
} from '../estimates/acceptance.service.ts';
import { estimatePdfOf } from '../estimates/estimates.service.ts';
import { getInvoice, invoicePdf } from '../invoices/invoices.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { documentAnswered, invoiceEvent } from '../notifications/notification-events.ts';
import {
  portalLinkState,
  revokePortalLinks,
  rotatePortalLink,
  type PortalTarget,
} from './portal-links.service.ts';

/**
 * One answer for every refusal of the portal: an unknown, revoked or malformed token, and a
 * document that is not the token's client's (another client, another workspace, a draft).
 * A guesser learns nothing from it.
 */
export const PORTAL_NOT_FOUND = 'Not found';
export const portalNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: PORTAL_NOT_FOUND });

// The workspace side: links of a client

function toLinkState(row: {
  liveLinks: number;
  createdAt: Date | null;
  lastUsedAt: Date | null;
}): PortalLinkState {
  return {
    live: row.liveLinks > 0,
    liveLinks: row.liveLinks,
    createdAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

export async function linkState(scope: WorkspaceScope, clientId: number) {
  const client = await scope.db
    .selectFrom('clients')
    .select('id')
    .where('workspaceId', '=', scope.workspace.id)
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!client) throw new TRPCError({ code: 'NOT_FOUND', message: 'Client not found' });
  return toLinkState(await portalLinkState(scope.db, scope.workspace.id, clientId));
}

/** A new link for the client; every older link stops working. Answers the URL once. */
export async function rotateLink(scope: WorkspaceScope, appUrl: string, clientId: number) {
  const { url } = await rotatePortalLink(
    scope.db,
    appUrl,
    scope.workspace.id,
    clientId,
    scope.user.id,
  );
  return { url };
}

export async function revokeLinks(scope: WorkspaceScope, clientId: number) {
  await revokePortalLinks(scope.db, scope.workspace.id, clientId);
  return { success: true as const };
}

/** The clients with their portal link state: the in-app Client Portal page. */
export async function listPortalClients(
  db: Database,
  workspaceId: number,
  query: ListQuery,
): Promise<{ items: PortalClient[]; total: number }> {
  let q = db
    .selectFrom('clients as c')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.company',
      'c.email',
      eb
        .selectFrom('clientPortalLinks as l')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('l.workspaceId', '=', 'c.workspaceId')
        .whereRef('l.clientId', '=', 'c.id')
        .where('l.revokedAt', 'is', null)
        .as('liveLinks'),
      eb
        .selectFrom('clientPortalLinks as l')
        .select(sql<Date>`max(l.created_at)`.as('t'))
        .whereRef('l.workspaceId', '=', 'c.workspaceId')
        .whereRef('l.clientId', '=', 'c.id')
        .where('l.revokedAt', 'is', null)
        .as('createdAt'),
      eb
        .selectFrom('clientPortalLinks as l')
        .select(sql<Date>`max(l.last_used_at)`.as('t'))
        .whereRef('l.workspaceId', '=', 'c.workspaceId')
        .whereRef('l.clientId', '=', 'c.id')
        .where('l.revokedAt', 'is', null)
        .as('lastUsedAt'),
    ])
    .where('c.workspaceId', '=', workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) =>
      eb.or([
        eb('c.name', 'ilike', pattern),
        eb('c.email', 'ilike', pattern),
        eb('c.company', 'ilike', pattern),
      ]),
    );
  }
  q = q.orderBy(sql`lower(c.name)`).orderBy('c.id');
  const { rows, total } = await pageWithTotal(
    db,
    q,
    query,
    (id) =>
      sql`(lower(c.name), c.id) > (select lower(a.name), a.id from clients a where a.id = ${id})`,
  );
  return {
    items: rows.map(({ liveLinks, createdAt, lastUsedAt, ...client }) => ({
      ...client,
      portal: toLinkState({ liveLinks: liveLinks ?? 0, createdAt, lastUsedAt }),
    })),
    total,
  };
}

// The client side: what a token opens

const money = (value: string, currency: string) => normalizeAmount(value, minorDigits(currency));

/** The workspace's logo file, when it has one (served by `GET /api/portal/{token}/logo`). */
export async function findPortalLogo(db: Database, workspaceId: number) {
  const workspace = await db
    .selectFrom('workspaces')
    .select('logoUrl')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  const key = workspace?.logoUrl?.split('/').pop();
  if (!key) return undefined;
  return db
    .selectFrom('files')
    .select(['data', 'contentType'])
    .where('key', '=', key)
    .where('workspaceId', '=', workspaceId)
    .where('purpose', '=', 'workspace_logo')
    .executeTakeFirst();
}

async function decisionsOf(
  db: Database,
  workspaceId: number,
  documentType: 'estimate' | 'proposal',
  ids: number[],
): Promise<Map<number, PortalDecision>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('documentAcceptances')
    .select(['documentId', 'decision', 'name', 'reason', 'createdAt'])
    .where('workspaceId', '=', workspaceId)
    .where('documentType', '=', documentType)
    .where('documentId', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.documentId,
      {
        decision: r.decision as PortalDecision['decision'],
        name: r.name,
        reason: r.reason,
        decidedAt: iso(r.createdAt),
      },
    ]),
  );
}

/** The client's portal page: the business, the client, its issued documents and balance. */
export async function portalView(
  db: Database,
  target: PortalTarget,
  token: string,
): Promise<PortalView> {
  const { workspaceId, clientId } = target;
  const client = await db
    .selectFrom('clients')
    .select(['name', 'company'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', clientId)
    .executeTakeFirst();
  if (!client) throw portalNotFound();
  const { profile, seller } = await findSeller(db, workspaceId);
  const logo = await db
    .selectFrom('workspaces')
    .select('logoUrl')
    .where('id', '=', workspaceId)
    .executeTakeFirst();

  const invoices = await db
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
      'i.viewedAt',
    ])
    .where('i.workspaceId', '=', workspaceId)
    .where('i.clientId', '=', clientId)
    .where('i.status', '<>', 'draft')
    .orderBy('i.issueDate', 'desc')
    .orderBy('i.id', 'desc')
    .execute();

  const balances = await db
    .selectFrom('invoices')
    .select([
      'currency',
      sql<string>`sum(amount - paid_total)::text`.as('balance'),
      sql<number>`count(*)::int`.as('invoices'),
    ])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('status', 'in', ['sent', 'viewed'])
    .groupBy('currency')
    .orderBy('currency')
    .execute();

  // The portal shows a proposal whole (it has no page or PDF of its own): opening the
  // portal is the client reading it, so a sent one becomes viewed, as an invoice opened is.
  await db
    .updateTable('proposals')
    .set({ status: 'viewed' })
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('status', '=', 'sent')
    .execute();
  const proposals = await db
    .selectFrom('proposals')
    .select(['id', 'title', 'description', 'status', 'amount', 'dueDate', 'createdAt'])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('status', 'in', ['sent', 'viewed', 'accepted', 'rejected'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const proposalDecisions = await decisionsOf(
    db,
    workspaceId,
    'proposal',
    proposals.map((p) => p.id),
  );

  const estimates = await db
    .selectFrom('estimates')
    .select(['id', 'estimateNumber', 'status', 'currency', 'issueDate', 'validUntil', 'amount'])
    .where('workspaceId', '=', workspaceId)
    .where('clientId', '=', clientId)
    .where('status', '<>', 'draft')
    .orderBy('issueDate', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const today = todayIn(profile.timezone);
  const estimateDecisions = await decisionsOf(
    db,
    workspaceId,
    'estimate',
    estimates.map((e) => e.id),
  );

  return {
    business: {
      name: seller.name,
      address: seller.address,
      email: seller.email,
      logoUrl: logo?.logoUrl ? `/api/portal/${token}/logo` : null,
      paymentInstructions: profile.paymentInstructions,
    },
    client,
    balances: balances.map((b) => ({
      currency: b.currency,
      balance: money(b.balance, b.currency),
      invoices: b.invoices,
    })),
    invoices: invoices.map((i) => {
      const open = i.status !== 'void';
      const total = money(i.amount, i.currency);
      const paidTotal = money(i.paidTotal, i.currency);
      return {
        id: i.id,
        invoiceNumber: i.invoiceNumber,
        status: i.status,
        currency: i.currency,
        issueDate: i.issueDate,
        dueDate: i.dueDate,
        total,
        paidTotal,
        balance: open
          ? subtractAmounts(total, paidTotal, minorDigits(i.currency))
          : money('0', i.currency),
        viewedAt: iso(i.viewedAt),
      };
    }),
    estimates: estimates.map((e) => {
      const decision = estimateDecisions.get(e.id) ?? null;
      const open = e.status === 'sent' || e.status === 'viewed';
      const expired = open && e.validUntil !== null && e.validUntil < today;
      return {
        id: e.id,
        estimateNumber: e.estimateNumber,
        status: expired ? 'expired' : e.status,
        currency: e.currency,
        issueDate: e.issueDate,
        validUntil: e.validUntil,
        total: money(e.amount, e.currency),
        decidable: decision === null && open && !expired,
        decision,
      };
    }),
    proposals: proposals.map((p) => {
      const decision = proposalDecisions.get(p.id) ?? null;
      return {
        ...p,
        status: p.status as 'sent' | 'viewed' | 'accepted' | 'rejected',
        amount: money(p.amount, profile.currency),
        currency: profile.currency,
        createdAt: iso(p.createdAt),
        decidable: decision === null && (p.status === 'sent' || p.status === 'viewed'),
        decision,
      };
    }),
  };
}

/** An issued invoice of the token's client, or the portal's one refusal. */
async function assertClientInvoice(db: Database, target: PortalTarget, id: number) {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('workspaceId', '=', target.workspaceId)
    .where('clientId', '=', target.clientId)
    .where('id', '=', id)
    .where('status', '<>', 'draft')
    .executeTakeFirst();
  if (!row) throw portalNotFound();
}

/**
 * The client opened the invoice: a sent invoice becomes viewed, with the time (the first
 * opening's; later ones change nothing). Paid, void and overdue-by-date invoices keep their
 * status; an invoice marked viewed by hand gets the time it was really first seen.
 */
export async function markInvoiceViewed(
  db: Database,
  target: PortalTarget,
  id: number,
  jobs: Jobs,
) {
  await db.transaction().execute(async (trx) => {
    const { numUpdatedRows } = await trx
      .updateTable('invoices')
      .set({
        status: 'viewed',
        viewedAt: sql<Date>`coalesce(viewed_at, now())`,
        updatedAt: sql<Date>`now()`,
      })
      .where('workspaceId', '=', target.workspaceId)
      .where('clientId', '=', target.clientId)
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'sent'),
          eb.and([eb('status', '=', 'viewed'), eb('viewedAt', 'is', null)]),
        ]),
      )
      .executeTakeFirst();
    // The first opening only: the owners hear once.
    if (numUpdatedRows > 0n)
      await invoiceEvent(trx, jobs, {
        workspaceId: target.workspaceId,
        invoiceId: id,
        what: 'viewed',
      });
  });
}

const scopeOf = (db: Database, target: PortalTarget) => ({
  db,
  workspace: { id: target.workspaceId },
});

/** One issued invoice of the token's client, as its PDF shows it; opening it marks it viewed. */
export async function portalInvoice(
  db: Database,
  target: PortalTarget,
  id: number,
  jobs: Jobs,
): Promise<PortalInvoiceDetail> {
  await assertClientInvoice(db, target, id);
  await markInvoiceViewed(db, target, id, jobs);
  const invoice = await getInvoice(scopeOf(db, target), id);
  const viewed = await db
    .selectFrom('invoices')
    .select('viewedAt')
    .where('workspaceId', '=', target.workspaceId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    status: invoice.status,
    currency: invoice.currency,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    lines: invoice.lines,
    subtotal: invoice.subtotal,
    discountTotal: invoice.discountTotal,
    taxes: invoice.taxes,
    taxTotal: invoice.taxTotal,
    total: invoice.total,
    paidTotal: invoice.paidTotal,
    balance: invoice.balance,
    notes: invoice.notes,
    payments: invoice.payments,
    paymentInstructions: invoice.paymentInstructions,
    footer: invoice.footer,
    seller: invoice.seller,
    buyer: invoice.buyer,
    viewedAt: iso(viewed.viewedAt),
  };
}

/** The invoice's PDF; downloading it counts as opening it. */
export async function portalInvoicePdf(db: Database, target: PortalTarget, id: number, jobs: Jobs) {
  await assertClientInvoice(db, target, id);
  await markInvoiceViewed(db, target, id, jobs);
  return invoicePdf(scopeOf(db, target), id);
}

// Estimates and proposals: their PDF, and the client's decision

async function assertClientEstimate(db: Database, target: PortalTarget, id: number) {
  const row = await db
    .selectFrom('estimates')
    .select('id')
    .where('workspaceId', '=', target.workspaceId)
    .where('clientId', '=', target.clientId)
    .where('id', '=', id)
    .where('status', '<>', 'draft')
    .executeTakeFirst();
  if (!row) throw portalNotFound();
}

async function assertClientProposal(db: Database, target: PortalTarget, id: number) {
  const row = await db
    .selectFrom('proposals')
    .select('id')
    .where('workspaceId', '=', target.workspaceId)
    .where('clientId', '=', target.clientId)
    .where('id', '=', id)
    .where('status', '<>', 'draft')
    .executeTakeFirst();
  if (!row) throw portalNotFound();
}

/** The estimate's PDF; opening it marks a sent estimate viewed. */
export async function portalEstimatePdf(db: Database, target: PortalTarget, id: number) {
  await assertClientEstimate(db, target, id);
  await markEstimateViewed(db, target.workspaceId, id);
  return estimatePdfOf(db, target.workspaceId, id);
}

export interface PortalDecisionInput {
  decision: 'accepted' | 'declined';
  name: string;
  reason?: string | null;
  ip: string | null;
  userAgent: string | null;
}

const toDecision = (a: Acceptance): PortalDecision => ({
  decision: a.decision,
  name: a.name,
  reason: a.reason,
  decidedAt: a.createdAt,
});

/**
 * The client accepts or declines a sent estimate or proposal of its own: the acceptance
 * record (typed name, time, address, agent, SHA-256 of the document) and the status move
 * happen together (estimates' acceptance.service). 409 once decided, or when expired.
 */
export async function decide(
  db: Database,
  target: PortalTarget,
  documentType: 'estimate' | 'proposal',
  id: number,
  input: PortalDecisionInput,
  jobs: Jobs,
): Promise<PortalDecision> {
  if (documentType === 'estimate') await assertClientEstimate(db, target, id);
  else await assertClientProposal(db, target, id);
  const decideDocument = documentType === 'estimate' ? decideEstimate : decideProposal;
  // The owners hear of the decision in its transaction.
  const acceptance = await db.transaction().execute(async (trx) => {
    const decided = await decideDocument(trx, target.workspaceId, id, { ...input, via: 'portal' });
    await documentAnswered(trx, jobs, {
      workspaceId: target.workspaceId,
      document: documentType,
      id,
      accepted: input.decision === 'accepted',
      signer: input.name,
    });
    return decided;
  });
  return toDecision(acceptance);
}
