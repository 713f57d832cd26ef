import { TRPCError } from '@trpc/server';
import { minorDigits } from '../../../shared/currencies.ts';
import type {
  Creditable,
  CreditNoteDetail,
  CreditNoteInput,
} from '../../../shared/credit-notes.schema.ts';
import { todayIn } from '../../../shared/datetime.ts';
import {
  addAmounts,
  computeTotals,
  fromMinor,
  normalizeAmount,
} from '../../../shared/invoice-math.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import {
  findDocumentLogo,
  findProfile,
  findSeller,
  takeCreditNoteNumber,
} from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { buyerOf } from '../invoices/document-rows.ts';
import { formatDate, renderInvoicePdf } from '../invoices/invoice-pdf.ts';
import * as invoicesRepo from '../invoices/invoices.repository.ts';
import { refreshPaid } from '../invoices/invoices.service.ts';
import { planCredit, remainingOf, type CreditedInvoice } from './credit-math.ts';
import * as repo from './credit-notes.repository.ts';

const notFound = (message = 'Credit note not found') =>
  new TRPCError({ code: 'NOT_FOUND', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

type ReadScope = Pick<WorkspaceScope, 'db' | 'workspace'>;

/** An issued invoice as crediting reads it: its lines with their discount shares, its taxes. */
async function creditedInvoice(
  db: Database,
  workspaceId: number,
  invoice: { id: number; invoiceNumber: string | null; currency: string; amount: string },
  discount: { discountType: string | null; discountValue: string | null },
): Promise<CreditedInvoice> {
  const digits = minorDigits(invoice.currency) as 0 | 2 | 3;
  const lines = await invoicesRepo.findLines(db, workspaceId, invoice.id, invoice.currency);
  const totals = computeTotals(
    lines,
    discount.discountType && discount.discountValue !== null
      ? {
          type: discount.discountType as 'percent' | 'amount',
          value: normalizeAmount(discount.discountValue, 3),
        }
      : null,
    digits,
  );
  return {
    number: invoice.invoiceNumber ?? '',
    currency: invoice.currency,
    digits,
    total: normalizeAmount(invoice.amount, digits),
    lines,
    taxes: totals.taxes,
  };
}

function checkCreditable(status: string) {
  if (status === 'draft')
    throw conflict('Only an issued invoice can be credited: edit or delete the draft instead');
  if (status === 'void') throw conflict('A void invoice cannot be credited');
}

/**
 * `POST /api/invoices/{id}/credit-notes`: credits an issued invoice in full, by lines or by
 * an amount (credit-math.ts), in one transaction that locks the invoice (so two credits of
 * it are made one after the other and never credit more than remains), takes the next
 * number of the credit note sequence (gap-free, as invoice numbers), freezes both parties
 * as the invoice has them, and settles the invoice when its payments and credit notes reach
 * its total.
 */
export async function createCreditNote(scope: WorkspaceScope, input: CreditNoteInput) {
  const { db, workspace, user } = scope;
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      const current = await invoicesRepo.lockInvoice(trx, workspace.id, input.id);
      if (!current) throw notFound('Invoice not found');
      checkCreditable(current.status);
      const invoice = await creditedInvoice(trx, workspace.id, current, current);
      const earlier = await repo.creditsOfInvoice(trx, workspace.id, current.id);
      const plan = planCredit(invoice, earlier, input);
      const profile = await findProfile(trx, workspace.id);
      const issueDate = todayIn(profile.timezone);
      const parties = await invoicesRepo.findParties(trx, workspace.id, current.id);
      const seller = parties?.seller ?? (await findSeller(trx, workspace.id)).seller;
      const buyer =
        parties?.buyer ?? buyerOf((await findClient(trx, workspace.id, current.clientId))!);
      const creditNoteNumber = await takeCreditNoteNumber(trx, workspace.id);
      const noteId = await repo.insertCreditNote(
        trx,
        workspace.id,
        {
          invoiceId: current.id,
          clientId: current.clientId,
          projectId: current.projectId,
          creditNoteNumber,
          issueDate,
          currency: current.currency,
          reason: input.reason,
          mode: plan.mode,
          seller,
          buyer,
          subtotal: plan.subtotal,
          taxTotal: plan.taxTotal,
          total: plan.total,
          taxes: plan.taxes,
          createdBy: user.id,
        },
        plan.lines,
      );
      const creditedTotal = addAmounts(current.creditedTotal, plan.total, 3);
      await invoicesRepo.updateInvoice(trx, workspace.id, current.id, { creditedTotal });
      await refreshPaid(trx, workspace.id, current.id, { ...current, creditedTotal }, issueDate);
      return noteId;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('A credit note with this number already exists: check the credit note prefix');
    throw error;
  }
  return getCreditNote(scope, id);
}

/** The credit note with its lines, taxes and frozen parties. */
export async function getCreditNote(scope: ReadScope, id: number): Promise<CreditNoteDetail> {
  const { db, workspace } = scope;
  const note = await repo.findCreditNote(db, workspace.id, id);
  if (!note) throw notFound();
  const [record, lines] = await Promise.all([
    repo.findCreditNoteRecord(db, workspace.id, id),
    repo.findCreditNoteLines(db, workspace.id, id, note.currency),
  ]);
  const digits = minorDigits(note.currency);
  return {
    ...note,
    lines,
    taxes: record!.taxes.map((t) => ({
      rate: t.rate,
      base: normalizeAmount(t.base, digits),
      amount: normalizeAmount(t.amount, digits),
    })),
    seller: record!.seller,
    buyer: record!.buyer,
  };
}

/** `GET /api/invoices/{id}/creditable`: what of an issued invoice may still be credited. */
export async function creditable(scope: ReadScope, invoiceId: number): Promise<Creditable> {
  const { db, workspace } = scope;
  const current = await db
    .selectFrom('invoices')
    .select([
      'id',
      'status',
      'invoiceNumber',
      'currency',
      'amount',
      'discountType',
      'discountValue',
    ])
    .where('workspaceId', '=', workspace.id)
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!current) throw notFound('Invoice not found');
  checkCreditable(current.status);
  const invoice = await creditedInvoice(db, workspace.id, current, current);
  const state = remainingOf(invoice, await repo.creditsOfInvoice(db, workspace.id, invoiceId));
  const d = invoice.digits;
  const nonNegative = (v: bigint) => (v > 0n ? v : 0n);
  return {
    invoiceId,
    currency: invoice.currency,
    total: invoice.total,
    credited: fromMinor(state.credited, d),
    remaining: fromMinor(nonNegative(state.remaining), d),
    lines: state.lines.map((l) => ({
      invoiceLineId: l.line.id,
      description: l.line.description,
      unit: l.line.unit,
      taxRate: l.line.taxRate,
      quantity: l.line.quantity,
      remainingQuantity: fromMinor(nonNegative(l.remainingQuantity), 2),
      amount: fromMinor(l.net, d),
      remainingAmount: fromMinor(nonNegative(l.remainingAmount), d),
    })),
  };
}

/**
 * The credit note as a PDF: the invoice's layout titled "Credit note", its date and the
 * invoice it credits (number and date) under its number, the reason, no balance due.
 */
export async function creditNotePdf(scope: ReadScope, id: number) {
  const [note, profile] = await Promise.all([
    getCreditNote(scope, id),
    findProfile(scope.db, scope.workspace.id),
  ]);
  const { dateFormat, invoiceFooter } = profile;
  const credits = note.invoice.number
    ? `${note.invoice.number}${note.invoice.issueDate ? ` of ${formatDate(note.invoice.issueDate, dateFormat)}` : ''}`
    : '';
  const content = await renderInvoicePdf({
    title: 'Credit note',
    showBalance: false,
    headerRows: [
      ['Issue date', formatDate(note.issueDate, dateFormat)],
      ['Credits invoice', credits],
    ],
    notesTitle: 'Reason',
    number: note.creditNoteNumber,
    status: 'issued',
    issueDate: note.issueDate,
    dueDate: null,
    dateFormat,
    currency: note.currency,
    seller: note.seller,
    buyer: note.buyer,
    lines: note.lines,
    subtotal: note.subtotal,
    discount: '0',
    discountLabel: null,
    taxes: note.taxes.filter((t) => Number(t.rate) > 0),
    total: note.total,
    paid: '0',
    balance: '0',
    notes: note.reason,
    paymentInstructions: null,
    footer: invoiceFooter,
    logo: await findDocumentLogo(scope.db, scope.workspace.id),
  });
  const name = note.creditNoteNumber.replace(/[^A-Za-z0-9._-]/g, '_');
  return { filename: `credit-note-${name}.pdf`, content };
}
