import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { todayIn } from '../../../shared/datetime.ts';
import { taxCategoryOf, unitCodeOf } from '../../../shared/einvoice-fields.ts';
import type {
  Acceptance,
  DocumentDecision,
  EstimateDetail,
} from '../../../shared/estimates.schema.ts';
import type { Proposal } from '../../../shared/proposals.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findProfile } from '../business/business.repository.ts';
import * as repo from './estimates.repository.ts';
import { estimateDetail } from './estimates.service.ts';

/*
 * Acceptance records (issue 21, items 3 and 6): a client's decision on an estimate or a
 * proposal, from the client portal or recorded in the app. One decision per document; the
 * record keeps the typed name, time, IP, user agent and a SHA-256 of the document as it
 * was decided, and the document's status moves in the same transaction.
 *
 * The portal calls decideEstimate / decideProposal with via 'portal' (no user); the app
 * with via 'app' and the user who recorded it.
 */

export interface DecisionInput {
  decision: DocumentDecision;
  /** The name the client typed. */
  name: string;
  reason?: string | null;
  ip: string | null;
  userAgent: string | null;
  via: 'portal' | 'app';
  userId?: number | null;
}

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

/** JSON with object keys sorted at every level, so the same document always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * What of an estimate the client accepts: its number, dates, currency, both parties,
 * lines and totals, and notes. Its canonical JSON is what `documentSha256` hashes.
 */
export function estimateDocument(e: EstimateDetail) {
  return {
    type: 'estimate',
    number: e.estimateNumber,
    issueDate: e.issueDate,
    validUntil: e.validUntil,
    currency: e.currency,
    seller: e.seller,
    buyer: e.buyer,
    lines: e.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      // The unit only when the line has one: a record made before lines had units hashed
      // lines without the field, and an estimate without units must hash as it did then,
      // or its acceptance record would no longer verify. (The service a line came from is
      // not part of what the client agrees to: the line holds its own copy.)
      ...(l.unit ? { unit: l.unit } : {}),
      // Likewise the EN 16931 codes (issue 41) only where they say more than the unit and
      // the rate already do: a code the line would derive anyway is not hashed, so an
      // estimate accepted before lines had codes still verifies.
      ...(l.unitCode !== unitCodeOf(l.unit) ? { unitCode: l.unitCode } : {}),
      ...(l.taxCategory !== taxCategoryOf(null, l.taxRate) ? { taxCategory: l.taxCategory } : {}),
      ...(l.taxExemptionReason ? { taxExemptionReason: l.taxExemptionReason } : {}),
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      amount: l.amount,
      discount: l.discount,
    })),
    subtotal: e.subtotal,
    discount: e.discount,
    discountTotal: e.discountTotal,
    taxes: e.taxes,
    taxTotal: e.taxTotal,
    total: e.total,
    notes: e.notes,
  };
}

/** What of a proposal the client accepts: its title, client, description, amount, due date. */
export function proposalDocument(
  p: Pick<Proposal, 'id' | 'title' | 'clientName' | 'description' | 'amount' | 'dueDate'>,
) {
  return {
    type: 'proposal',
    id: p.id,
    title: p.title,
    clientName: p.clientName,
    description: p.description,
    amount: p.amount,
    dueDate: p.dueDate,
  };
}

/** Runs `fn` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Database, fn: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

async function record(
  trx: Database,
  workspaceId: number,
  documentType: 'estimate' | 'proposal',
  documentId: number,
  document: object,
  input: DecisionInput,
): Promise<Acceptance> {
  if (await repo.findAcceptance(trx, workspaceId, documentType, documentId))
    throw conflict(`This ${documentType} has already been accepted or declined`);
  try {
    return await repo.insertAcceptance(trx, {
      workspaceId,
      documentType,
      documentId,
      decision: input.decision,
      name: input.name.trim(),
      reason: input.reason?.trim() || null,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 1000) ?? null,
      documentSha256: sha256Hex(canonicalJson(document)),
      via: input.via,
      userId: input.userId ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`This ${documentType} has already been accepted or declined`);
    throw error;
  }
}

/**
 * Records the client's decision on a sent (or viewed) estimate and moves it to accepted
 * or declined, in one transaction. 404 when it is not of the workspace; 409 for a draft,
 * an estimate already decided or converted, and (from the portal) an expired one.
 */
export async function decideEstimate(
  db: Database,
  workspaceId: number,
  estimateId: number,
  input: DecisionInput,
): Promise<Acceptance> {
  return inTransaction(db, async (trx) => {
    const current = await repo.lockEstimate(trx, workspaceId, estimateId);
    if (!current) throw notFound('Estimate not found');
    if (current.status === 'draft')
      throw conflict('A draft estimate cannot be accepted or declined: send it first');
    if (current.status !== 'sent' && current.status !== 'viewed')
      throw conflict('This estimate has already been accepted, declined or converted');
    if (input.via === 'portal' && current.validUntil !== null) {
      const { timezone } = await findProfile(trx, workspaceId);
      if (current.validUntil < todayIn(timezone))
        throw conflict('This estimate has expired: ask for a new one');
    }
    const detail = (await estimateDetail(trx, workspaceId, estimateId))!;
    const acceptance = await record(
      trx,
      workspaceId,
      'estimate',
      estimateId,
      estimateDocument(detail),
      input,
    );
    await repo.updateEstimate(trx, workspaceId, estimateId, {
      status: input.decision,
      decidedAt: new Date(),
    });
    return acceptance;
  });
}

/**
 * Records the client's decision on a sent (or viewed) proposal and moves it to accepted or
 * rejected, in one transaction; same refusals as estimates. The follow-ups of an accepted
 * proposal (deal won, project, deposit invoice) are the user's choice, applied after.
 */
export async function decideProposal(
  db: Database,
  workspaceId: number,
  proposalId: number,
  input: DecisionInput,
): Promise<Acceptance> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('proposals')
      .select(['id', 'title', 'clientName', 'description', 'amount', 'status', 'dueDate'])
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', proposalId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Proposal not found');
    if (row.status === 'draft')
      throw conflict('A draft proposal cannot be accepted or declined: send it first');
    if (row.status !== 'sent' && row.status !== 'viewed')
      throw conflict('This proposal has already been accepted or declined');
    const acceptance = await record(
      trx,
      workspaceId,
      'proposal',
      proposalId,
      proposalDocument(row),
      input,
    );
    await trx
      .updateTable('proposals')
      .set({
        status: input.decision === 'accepted' ? 'accepted' : 'rejected',
        updatedAt: new Date(),
      })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', proposalId)
      .execute();
    return acceptance;
  });
}

/** The portal opened a sent estimate: it is marked viewed, with the time (once). */
export async function markEstimateViewed(db: Database, workspaceId: number, estimateId: number) {
  await db
    .updateTable('estimates')
    .set({ status: 'viewed', viewedAt: new Date() })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', estimateId)
    .where('status', '=', 'sent')
    .execute();
}

/** The decision recorded on a document, or null. */
export const findDecision = repo.findAcceptance;
