import { TRPCError } from '@trpc/server';
import { minorDigits } from '../../../shared/currencies.ts';
import { todayIn } from '../../../shared/datetime.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Acceptance } from '../../../shared/estimates.schema.ts';
import type {
  PortalClient,
  PortalDecision,
  PortalInvoiceDetail,
  PortalLinkState,
  PortalView,
} from '../../../shared/portal.schema.ts';
import type { EinvoiceFormat } from '../../../shared/einvoices.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import { gone } from '../../plugins/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findSeller } from '../business/business.repository.ts';
import { portalContracts } from '../contracts/contracts.service.ts';
import { openBalances } from '../clients/clients.repository.ts';
import {
  decideEstimate,
  decideProposal,
  markEstimateViewed,
} from '../estimates/acceptance.service.ts';
import { estimatePdfOf } from '../estimates/estimates.service.ts';
import { findWorkspaceLogoFile } from '../files/files.repository.ts';
import { creditNoteEinvoiceDocument, einvoiceDocument } from '../einvoices/einvoice.service.ts';
import { invoicePaymentQr, paymentQrView } from '../einvoices/payment-qr.ts';
import { getInvoice, invoicePdf } from '../invoices/invoices.service.ts';
import { balanceOf } from '../invoices/invoices.repository.ts';
import { findCreditNote, listClientCreditNotes } from '../credit-notes/credit-notes.repository.ts';
import { creditNotePdf } from '../credit-notes/credit-notes.service.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Config } from '../../config.ts';
import { onlinePaymentOf } from '../payments-online/payments-online.service.ts';
import { documentAnswered, invoiceEvent } from '../notifications/notification-events.ts';
import {
  clientNotFound,
  revokePortalLinks,
  rotatePortalLink,
  type PortalTarget,
} from './portal-links.service.ts';
import * as repo from './portal.repository.ts';
import type { PortalDocumentKind } from './portal.repository.ts';

/**
 * One answer for every refusal of the portal: an unknown, revoked or malformed token, and a
 * document that is not the token's client's (another client, another workspace, a draft).
 * A guesser learns nothing from it.
 */
export const PORTAL_NOT_FOUND = 'Not found';
export const portalNotFound = () => new TRPCError({ code: 'NOT_FOUND', message: PORTAL_NOT_FOUND });

/**
 * An emailed link past its expiry: 410 with how to get a new one. It names the business
 * and nothing of the client; only a token that was really given out gets this answer.
 */
export async function portalLinkExpired(db: Database, workspaceId: number) {
  const { seller } = await findSeller(db, workspaceId);
  return gone(`This link has expired. Ask ${seller.name} for a new one.`);
}

// The workspace side: links of a client

function toLinkState(row: {
  liveLinks: number | null;
  createdAt: Date | null;
  lastUsedAt: Date | null;
}): PortalLinkState {
  const liveLinks = row.liveLinks ?? 0;
  return {
    live: liveLinks > 0,
    liveLinks,
    createdAt: iso(row.createdAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

export async function linkState(scope: WorkspaceScope, clientId: number) {
  const row = await repo.findClientLinkState(scope.db, scope.workspace.id, clientId);
  if (!row) throw clientNotFound();
  return toLinkState(row);
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
  const { rows, total } = await repo.listClientsWithLinkState(db, workspaceId, query);
  return {
    items: rows.map(({ liveLinks, createdAt, lastUsedAt, ...client }) => ({
      ...client,
      portal: toLinkState({ liveLinks, createdAt, lastUsedAt }),
    })),
    total,
  };
}

// The client side: what a token opens

const money = (value: string, currency: string) => normalizeAmount(value, minorDigits(currency));

/** The workspace's logo file, when it has one (served by `GET /api/portal/{token}/logo`). */
export async function findPortalLogo(db: Database, workspaceId: number) {
  const url = await repo.findLogoUrl(db, workspaceId);
  return url ? findWorkspaceLogoFile(db, workspaceId, url) : undefined;
}

async function decisionsOf(
  db: Database,
  workspaceId: number,
  documentType: 'estimate' | 'proposal',
  ids: number[],
): Promise<Map<number, PortalDecision>> {
  const rows = await repo.listDecisions(db, workspaceId, documentType, ids);
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

/**
 * The client's portal page: the business, the client, its issued documents and balance.
 * A read only: opening a document is what marks it viewed (markProposalViewed and the
 * invoice and estimate openings below).
 */
export async function portalView(
  db: Database,
  target: PortalTarget,
  token: string,
): Promise<PortalView> {
  const { workspaceId, clientId } = target;
  const client = await repo.findPortalClient(db, workspaceId, clientId);
  if (!client) throw portalNotFound();
  const { profile, seller } = await findSeller(db, workspaceId);
  const logoUrl = await repo.findLogoUrl(db, workspaceId);
  const invoices = await repo.listIssuedInvoices(db, workspaceId, clientId);
  const balances = await openBalances(db, workspaceId, clientId);
  const proposals = await repo.listIssuedProposals(db, workspaceId, clientId);
  const proposalDecisions = await decisionsOf(
    db,
    workspaceId,
    'proposal',
    proposals.map((p) => p.id),
  );
  const estimates = await repo.listIssuedEstimates(db, workspaceId, clientId);
  const estimateDecisions = await decisionsOf(
    db,
    workspaceId,
    'estimate',
    estimates.map((e) => e.id),
  );
  const today = todayIn(profile.timezone);
  const contracts = await portalContracts(db, target);
  const creditNotes = await listClientCreditNotes(db, workspaceId, clientId);

  return {
    business: {
      name: seller.name,
      address: seller.address,
      email: seller.email,
      logoUrl: logoUrl ? `/api/portal/${token}/logo` : null,
      paymentInstructions: profile.paymentInstructions,
      einvoicing: profile.einvoicing,
    },
    client,
    clock: {
      timezone: profile.timezone,
      dateFormat: profile.dateFormat,
      timeFormat: profile.timeFormat,
    },
    balances: balances.map((b) => ({
      currency: b.currency,
      balance: money(b.balance, b.currency),
      invoices: b.invoices,
    })),
    invoices: invoices.map((i) => {
      const open = i.status !== 'void';
      const total = money(i.amount, i.currency);
      const paidTotal = money(i.paidTotal, i.currency);
      const credited = money(i.creditedTotal, i.currency);
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
          ? balanceOf(total, paidTotal, credited, minorDigits(i.currency))
          : money('0', i.currency),
        viewedAt: iso(i.viewedAt),
      };
    }),
    creditNotes: creditNotes.map((n) => ({
      id: n.id,
      creditNoteNumber: n.creditNoteNumber,
      invoiceNumber: n.invoice.number,
      issueDate: n.issueDate,
      currency: n.currency,
      total: n.total,
      reason: n.reason,
    })),
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
    contracts,
  };
}

/** An issued document of the token's client, or the portal's one refusal. */
async function assertClientDocument(
  db: Database,
  target: PortalTarget,
  kind: PortalDocumentKind,
  id: number,
) {
  if (!(await repo.isIssuedToClient(db, target.workspaceId, target.clientId, kind, id)))
    throw portalNotFound();
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
    const first = await repo.markInvoiceViewed(trx, target.workspaceId, target.clientId, id);
    // The first opening only: the owners hear once.
    if (first)
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
  config: Config,
): Promise<PortalInvoiceDetail> {
  await assertClientDocument(db, target, 'invoice', id);
  await markInvoiceViewed(db, target, id, jobs);
  const invoice = await getInvoice(scopeOf(db, target), id);
  const viewedAt = await repo.findInvoiceViewedAt(db, target.workspaceId, id);
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
    viewedAt: iso(viewedAt),
    paymentQr: paymentQrView(invoicePaymentQr(invoice)),
    onlinePayment: await onlinePaymentOf(db, config, target.workspaceId, invoice),
  };
}

/** The invoice's PDF; downloading it counts as opening it. */
export async function portalInvoicePdf(db: Database, target: PortalTarget, id: number, jobs: Jobs) {
  await assertClientDocument(db, target, 'invoice', id);
  await markInvoiceViewed(db, target, id, jobs);
  return invoicePdf(scopeOf(db, target), id);
}

/** A credit note's PDF, when it is the token's client's (any other answers the one refusal). */
export async function portalCreditNotePdf(db: Database, target: PortalTarget, id: number) {
  const note = await findCreditNote(db, target.workspaceId, id);
  if (!note || note.clientId !== target.clientId) throw portalNotFound();
  return creditNotePdf(scopeOf(db, target), id);
}

/**
 * An issued invoice's e-invoice (UBL or CII), the document the business downloads; reading
 * it changes nothing (the PDF is what counts as opening the invoice).
 */
export async function portalInvoiceEinvoice(
  db: Database,
  target: PortalTarget,
  id: number,
  format: EinvoiceFormat,
) {
  await assertClientDocument(db, target, 'invoice', id);
  return einvoiceDocument(scopeOf(db, target), id, format);
}

/** A credit note's e-invoice (UBL CreditNote or CII 381), when it is the token's client's. */
export async function portalCreditNoteEinvoice(
  db: Database,
  target: PortalTarget,
  id: number,
  format: EinvoiceFormat,
) {
  const note = await findCreditNote(db, target.workspaceId, id);
  if (!note || note.clientId !== target.clientId) throw portalNotFound();
  return creditNoteEinvoiceDocument(scopeOf(db, target), id, format);
}

// Estimates and proposals: their PDF, and the client's decision

/**
 * The client opened a proposal (the portal shows it whole, so the page says when it is on
 * screen): a sent one becomes viewed. Its own write, so reading the portal changes nothing.
 */
export async function portalProposalViewed(db: Database, target: PortalTarget, id: number) {
  await assertClientDocument(db, target, 'proposal', id);
  await repo.markProposalViewed(db, target.workspaceId, target.clientId, id);
  return { success: true as const };
}

/** The estimate's PDF; opening it marks a sent estimate viewed. */
export async function portalEstimatePdf(db: Database, target: PortalTarget, id: number) {
  await assertClientDocument(db, target, 'estimate', id);
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
  await assertClientDocument(db, target, documentType, id);
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
