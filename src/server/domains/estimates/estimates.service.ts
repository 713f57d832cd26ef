import { TRPCError } from '@trpc/server';
import { addDays, format, parseISO } from 'date-fns';
import { minorDigits } from '../../../shared/currencies.ts';
import { todayIn } from '../../../shared/datetime.ts';
import {
  DEFAULT_VALIDITY_DAYS,
  type EstimateDetail,
  type EstimateInput,
  type EstimateUpdate,
} from '../../../shared/estimates.schema.ts';
import { computeTotals, discountLabel } from '../../../shared/invoice-math.ts';
import { type Discount } from '../../../shared/invoices.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findDocumentLogo, findProfile, findSeller } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import {
  checkCurrencyDigits,
  invoiceLines,
  recomputeTotals,
  replaceLines,
  storedDiscount,
  writeTotals,
  type DocumentLines,
  type LineValues,
} from '../invoices/document-totals.ts';
import { buyerOf } from '../invoices/document-rows.ts';
import { renderInvoicePdf } from '../invoices/invoice-pdf.ts';
import * as invoicesRepo from '../invoices/invoices.repository.ts';
import * as repo from './estimates.repository.ts';
import { resolveLines } from '../services/line-services.ts';

const NOT_FOUND = 'Estimate not found';
const notFound = (message = NOT_FOUND) => new TRPCError({ code: 'NOT_FOUND', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

const daysAfter = (date: string, days: number) =>
  format(addDays(parseISO(date), days), 'yyyy-MM-dd');

/** The estimate lines table, for the totals and line writing shared with invoices. */
const estimateLines: DocumentLines = {
  noun: 'estimate',
  lineInputs: repo.lineInputs,
  insertLine: repo.insertLine,
  updateLine: repo.updateLine,
  deleteLinesExcept: repo.deleteLinesExcept,
  setLineAmounts: repo.setLineAmounts,
  setTotals: (db, workspaceId, id, totals) => repo.updateEstimate(db, workspaceId, id, totals),
};

/** Creates a draft estimate (or sends it at once with `status: sent`). */
export async function createEstimate(scope: WorkspaceScope, input: EstimateInput) {
  const { db, workspace } = scope;
  const profile = await findProfile(db, workspace.id);
  const client = await findClient(db, workspace.id, input.clientId);
  if (!client) throw notFound('Client not found');
  const currency = input.currency ?? client.currency ?? profile.currency;
  const discount = input.discount ?? null;
  const lines = await resolveLines(db, workspace.id, currency, input.lines ?? []);
  checkCurrencyDigits(lines, discount, currency);
  const id = await withNumber(() =>
    db.transaction().execute(async (trx) => {
      const estimateId = await repo.insertEstimate(trx, workspace.id, {
        clientId: input.clientId,
        currency,
        issueDate: input.issueDate ?? null,
        validUntil: input.validUntil ?? null,
        discountType: discount?.type ?? null,
        discountValue: discount?.value ?? null,
        notes: input.notes ?? null,
      });
      await replaceLines(trx, workspace.id, estimateId, lines, estimateLines);
      await recomputeTotals(trx, workspace.id, estimateId, currency, discount, estimateLines);
      if (input.status === 'sent') await sendLocked(trx, workspace.id, estimateId);
      return estimateId;
    }),
  );
  return (await repo.findEstimate(db, workspace.id, id))!;
}

async function withNumber<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('An estimate with this number already exists');
    throw error;
  }
}

/** `PUT /api/estimates/{id}`: edits a draft (409 once sent), then sends it if asked. */
export async function updateEstimate(
  scope: WorkspaceScope,
  { id, status, ...changes }: EstimateUpdate,
) {
  const { db, workspace } = scope;
  const edits = Object.keys(changes).filter(
    (k) => changes[k as keyof typeof changes] !== undefined,
  );
  if (edits.length > 0) await editDraft(scope, id, changes);
  if (status === 'sent') return sendEstimate(scope, id);
  const estimate = await repo.findEstimate(db, workspace.id, id);
  if (!estimate) throw notFound();
  return estimate;
}

async function editDraft(
  { db, workspace }: WorkspaceScope,
  id: number,
  changes: Omit<EstimateUpdate, 'id' | 'status'>,
) {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockEstimate(trx, workspace.id, id);
    if (!current) throw notFound();
    if (current.status !== 'draft') throw conflict('Only a draft estimate can be edited');
    if (changes.clientId !== undefined && !(await findClient(trx, workspace.id, changes.clientId)))
      throw notFound('Client not found');
    const currency = changes.currency ?? current.currency;
    const discount: Discount | null =
      changes.discount !== undefined ? changes.discount : storedDiscount(current);
    const lines = changes.lines && (await resolveLines(trx, workspace.id, currency, changes.lines));
    if (lines) checkCurrencyDigits(lines, discount, currency);
    await repo.updateEstimate(trx, workspace.id, id, {
      clientId: changes.clientId ?? current.clientId,
      currency,
      discountType: discount?.type ?? null,
      discountValue: discount?.value ?? null,
      ...(changes.issueDate !== undefined ? { issueDate: changes.issueDate } : {}),
      ...(changes.validUntil !== undefined ? { validUntil: changes.validUntil } : {}),
      ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
    });
    if (lines) await replaceLines(trx, workspace.id, id, lines, estimateLines);
    await recomputeTotals(trx, workspace.id, id, currency, discount, estimateLines);
  });
}

/**
 * Sends a locked draft inside the caller's transaction: the next number of the workspace's
 * estimate sequence, its dates, and frozen copies of seller and buyer.
 */
async function sendLocked(db: Database, workspaceId: number, id: number) {
  const current = await repo.lockEstimate(db, workspaceId, id);
  if (!current) throw notFound();
  if (current.status !== 'draft') throw conflict('This estimate has already been sent');
  if ((await repo.lineInputs(db, workspaceId, id)).length === 0)
    throw badRequest('Add at least one line before sending the estimate');
  const { profile, seller } = await findSeller(db, workspaceId);
  const client = (await findClient(db, workspaceId, current.clientId))!;
  const issueDate = current.issueDate ?? todayIn(profile.timezone);
  const validUntil = current.validUntil ?? daysAfter(issueDate, DEFAULT_VALIDITY_DAYS);
  if (validUntil < issueDate) throw badRequest('The valid-until date is before the issue date');
  await repo.updateEstimate(db, workspaceId, id, {
    estimateNumber: current.estimateNumber ?? (await repo.takeEstimateNumber(db, workspaceId)),
    status: 'sent',
    issueDate,
    validUntil,
    issuedAt: new Date(),
    seller: JSON.stringify(seller),
    buyer: JSON.stringify(buyerOf(client)),
  });
}

/** Marks a draft sent: numbered from the estimate sequence in one transaction (gap-free). */
export async function sendEstimate(scope: Pick<WorkspaceScope, 'db' | 'workspace'>, id: number) {
  const { db, workspace } = scope;
  await withNumber(() => db.transaction().execute((trx) => sendLocked(trx, workspace.id, id)));
  return (await repo.findEstimate(db, workspace.id, id))!;
}

export async function deleteEstimate(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockEstimate(trx, workspace.id, id);
    if (!current) throw notFound();
    if (current.status !== 'draft')
      throw conflict('Only draft estimates can be deleted; a sent estimate keeps its number');
    await repo.deleteEstimate(trx, workspace.id, id);
  });
  return { success: true as const };
}

/**
 * The estimate with its lines, taxes, both parties (frozen once sent) and its acceptance
 * record. Takes the database and workspace, so the portal can read it too.
 */
export async function estimateDetail(
  db: Database,
  workspaceId: number,
  id: number,
): Promise<EstimateDetail | undefined> {
  const estimate = await repo.findEstimate(db, workspaceId, id);
  if (!estimate) return undefined;
  const [lines, parties, { profile, seller }, acceptance] = await Promise.all([
    repo.findLines(db, workspaceId, id, estimate.currency),
    repo.findParties(db, workspaceId, id),
    findSeller(db, workspaceId),
    repo.findAcceptance(db, workspaceId, 'estimate', id),
  ]);
  const totals = computeTotals(
    lines,
    estimate.discount,
    minorDigits(estimate.currency) as 0 | 2 | 3,
  );
  const client = parties?.buyer ? null : await findClient(db, workspaceId, estimate.clientId);
  return {
    ...estimate,
    lines,
    taxes: totals.taxes,
    seller: parties?.seller ?? seller,
    buyer: parties?.buyer ?? buyerOf(client!),
    footer: profile.invoiceFooter,
    acceptance,
  };
}

export async function getEstimate(scope: WorkspaceScope, id: number) {
  const detail = await estimateDetail(scope.db, scope.workspace.id, id);
  if (!detail) throw notFound();
  return detail;
}

/** The estimate as a PDF: the invoice layout, titled Estimate, valid until instead of due. */
export async function estimatePdfOf(db: Database, workspaceId: number, id: number) {
  const estimate = await estimateDetail(db, workspaceId, id);
  if (!estimate) throw notFound();
  const { dateFormat } = await findProfile(db, workspaceId);
  const content = await renderInvoicePdf({
    dateFormat,
    title: 'Estimate',
    dueLabel: 'Valid until',
    showBalance: false,
    number: estimate.estimateNumber,
    status: estimate.status,
    issueDate: estimate.issueDate,
    dueDate: estimate.validUntil,
    currency: estimate.currency,
    seller: estimate.seller,
    buyer: estimate.buyer,
    lines: estimate.lines,
    subtotal: estimate.subtotal,
    discount: estimate.discountTotal,
    discountLabel: discountLabel(estimate.discount),
    taxes: estimate.taxes,
    total: estimate.total,
    paid: '0',
    balance: estimate.total,
    notes: estimate.notes,
    paymentInstructions: null,
    footer: estimate.footer,
    logo: await findDocumentLogo(db, workspaceId),
  });
  const name = (estimate.estimateNumber ?? `draft-${estimate.id}`).replace(/[^A-Za-z0-9._-]/g, '_');
  return { filename: `estimate-${name}.pdf`, content };
}

export const estimatePdf = (scope: WorkspaceScope, id: number) =>
  estimatePdfOf(scope.db, scope.workspace.id, id);

/**
 * Writes a draft invoice with these lines and its exact totals (the shared invoice
 * arithmetic), inside the caller's transaction: an estimate's conversion, a proposal's
 * deposit.
 */
export async function insertDraftInvoice(
  trx: Database,
  workspaceId: number,
  draft: {
    clientId: number;
    currency: string;
    dueDate: string | null;
    discount: Discount | null;
    notes: string | null;
    lines: LineValues[];
    estimateId?: number;
  },
) {
  const newId = await invoicesRepo.insertInvoice(trx, workspaceId, {
    clientId: draft.clientId,
    currency: draft.currency,
    dueDate: draft.dueDate,
    discountType: draft.discount?.type ?? null,
    discountValue: draft.discount?.value ?? null,
    notes: draft.notes,
  });
  let position = 1;
  for (const line of draft.lines) {
    await invoicesRepo.insertLine(trx, workspaceId, newId, position++, {
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitCode: line.unitCode,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      taxCategory: line.taxCategory,
      taxExemptionReason: line.taxExemptionReason,
      serviceId: line.serviceId ?? null,
    });
  }
  await writeTotals(trx, workspaceId, newId, draft.currency, draft.discount, invoiceLines);
  if (draft.estimateId !== undefined) {
    await trx
      .updateTable('invoices')
      .set({ estimateId: draft.estimateId })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', newId)
      .execute();
  }
  return newId;
}

/**
 * Converts a sent, viewed or accepted estimate into a draft invoice with its lines,
 * currency, discount and notes; both keep the link. Once only (409 after).
 */
export async function convertEstimate(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  const invoiceId = await db.transaction().execute(async (trx) => {
    const current = await repo.lockEstimate(trx, workspace.id, id);
    if (!current) throw notFound();
    if (current.status === 'converted' || current.convertedInvoiceId !== null)
      throw conflict('This estimate has already been converted into an invoice');
    if (current.status === 'draft') throw conflict('Send the estimate before converting it');
    if (current.status === 'declined')
      throw conflict('A declined estimate cannot be converted into an invoice');
    const profile = await findProfile(trx, workspace.id);
    const client = (await findClient(trx, workspace.id, current.clientId))!;
    const today = todayIn(profile.timezone);
    const lines = await repo.lineInputs(trx, workspace.id, id);
    const newId = await insertDraftInvoice(trx, workspace.id, {
      clientId: current.clientId,
      currency: current.currency,
      dueDate: daysAfter(today, client.paymentTermsDays ?? profile.paymentTermsDays),
      discount: storedDiscount(current),
      notes: current.notes,
      lines,
      estimateId: id,
    });
    await repo.updateEstimate(trx, workspace.id, id, {
      status: 'converted',
      convertedInvoiceId: newId,
      convertedAt: new Date(),
    });
    return newId;
  });
  return (await invoicesRepo.findInvoice(db, workspace.id, invoiceId))!;
}
