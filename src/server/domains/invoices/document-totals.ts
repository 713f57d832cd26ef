import { TRPCError } from '@trpc/server';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  compareAmounts,
  computeTotals,
  normalizeAmount,
  type InvoiceTotals,
} from '../../../shared/invoice-math.ts';
import {
  MAX_INVOICE_TOTAL,
  type Discount,
  type InvoiceLineInput,
} from '../../../shared/invoices.schema.ts';
import { amountDecimalsMessage, fitsCurrency } from '../../../shared/money.ts';
import type { Database } from '../../db/create-db.ts';
import type { documentLineRows, RowValues } from './document-rows.ts';
import * as invoicesRepo from './invoices.repository.ts';

/**
 * What invoices and estimates share: a document with priced lines in a lines table, whose
 * totals (lines + discount + taxes) the server computes exactly and writes back. Each kind of
 * document gives its lines table as a `DocumentLines`.
 */

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

/** A line as stored, for recomputing totals. */
export type StoredLine = RowValues<'invoiceLines', 'id' | 'quantity' | 'unitPrice' | 'taxRate'>;

/** A line as a draft writes it: what the shared line schema validates, without its id. */
export type LineValues = Omit<InvoiceLineInput, 'id'>;

/** A document's totals as stored (the total in `amount`). */
export type DocumentTotals = RowValues<
  'invoices',
  'subtotal' | 'discountTotal' | 'taxTotal' | 'amount'
>;

/**
 * The lines table of a kind of document (invoice, estimate), keyed by the document's id:
 * its rows (documentLineRows), the noun that names it in messages, and where its totals go.
 */
export type DocumentLines = Omit<ReturnType<typeof documentLineRows>, 'answeredLines'> & {
  /** Names the document in messages: 'invoice', 'estimate'. */
  noun: string;
  setTotals(
    db: Database,
    workspaceId: number,
    documentId: number,
    totals: DocumentTotals,
  ): Promise<void>;
};

/** The discount a draft row stores (type and value columns), as its service takes it. */
export function storedDiscount(row: {
  discountType: string | null;
  discountValue: string | null;
}): Discount | null {
  return row.discountType && row.discountValue !== null
    ? {
        type: row.discountType as 'percent' | 'amount',
        value: normalizeAmount(row.discountValue, 3),
      }
    : null;
}

/** The unit prices and an amount discount must fit the currency's minor unit. */
export function checkCurrencyDigits(
  lines: { unitPrice: string }[],
  discount: Discount | null,
  currency: string,
) {
  lines.forEach((line, index) => {
    if (!fitsCurrency(line.unitPrice, currency)) {
      throw badRequest(`Line ${index + 1}: ${amountDecimalsMessage(currency)}`);
    }
  });
  if (discount?.type === 'amount' && !fitsCurrency(discount.value, currency)) {
    throw badRequest(`The discount: ${amountDecimalsMessage(currency)}`);
  }
}

const normalized = (stored: Omit<StoredLine, 'id'>[], digits: number) =>
  stored.map((l) => ({
    quantity: normalizeAmount(l.quantity, 2),
    unitPrice: normalizeAmount(l.unitPrice, digits),
    taxRate: normalizeAmount(l.taxRate, 3),
  }));

async function writeBack(
  db: Database,
  workspaceId: number,
  documentId: number,
  table: DocumentLines,
  stored: StoredLine[],
  totals: InvoiceTotals,
) {
  await table.setLineAmounts(
    db,
    workspaceId,
    stored.map((l, i) => ({ id: l.id, ...totals.lines[i]! })),
  );
  await table.setTotals(db, workspaceId, documentId, {
    subtotal: totals.subtotal,
    discountTotal: totals.discount,
    taxTotal: totals.taxTotal,
    amount: totals.total,
  });
}

/**
 * The totals of priced lines, exactly (integer minor units), as every invoice computes
 * them; 400 when an amount has more decimals than the currency, the discount is larger
 * than the subtotal or the total passes the bound. Drafts (recomputeTotals) and recurring
 * templates (what each of their invoices will come to) both check through here.
 */
export function checkedTotals(
  lines: Omit<StoredLine, 'id'>[],
  discount: Discount | null,
  currency: string,
  noun = 'invoice',
): InvoiceTotals {
  checkCurrencyDigits(lines, discount, currency);
  const digits = minorDigits(currency) as 0 | 2 | 3;
  const totals = computeTotals(
    normalized(lines, digits),
    discount && { type: discount.type, value: discount.value },
    digits,
  );
  if (discount?.type === 'amount' && compareAmounts(discount.value, totals.subtotal) > 0) {
    throw badRequest('The discount cannot be more than the subtotal');
  }
  if (compareAmounts(totals.total, String(MAX_INVOICE_TOTAL)) > 0) {
    throw badRequest(
      `An ${noun} total must be at most ${MAX_INVOICE_TOTAL.toLocaleString('en-US')}`,
    );
  }
  return totals;
}

/**
 * Recomputes a draft's totals from its stored lines (checkedTotals) and writes every
 * line's amount and discount share.
 */
export async function recomputeTotals(
  db: Database,
  workspaceId: number,
  documentId: number,
  currency: string,
  discount: Discount | null,
  table: DocumentLines,
) {
  const stored = await table.lineInputs(db, workspaceId, documentId);
  const totals = checkedTotals(stored, discount, currency, table.noun);
  await writeBack(db, workspaceId, documentId, table, stored, totals);
  return totals;
}

/**
 * Writes the totals of lines copied from a document already checked (an estimate's
 * conversion, a proposal's deposit), without the checks of `recomputeTotals`.
 */
export async function writeTotals(
  db: Database,
  workspaceId: number,
  documentId: number,
  currency: string,
  discount: Discount | null,
  table: DocumentLines,
) {
  const digits = minorDigits(currency) as 0 | 2 | 3;
  const stored = await table.lineInputs(db, workspaceId, documentId);
  const totals = computeTotals(normalized(stored, digits), discount, digits);
  await writeBack(db, workspaceId, documentId, table, stored, totals);
  return totals;
}

/**
 * Replaces a draft's lines: lines with an id are kept and updated (404 when the draft has no
 * such line), the others removed, new ones added; answers the next free position.
 */
export async function replaceLines(
  db: Database,
  workspaceId: number,
  documentId: number,
  lines: InvoiceLineInput[],
  table: DocumentLines,
) {
  const keep = lines.flatMap((l) => (l.id !== undefined ? [l.id] : []));
  await table.deleteLinesExcept(db, workspaceId, documentId, keep);
  let position = 1;
  for (const { id, ...line } of lines) {
    if (id !== undefined) {
      if (!(await table.updateLine(db, workspaceId, documentId, id, position, line)))
        throw notFound(`${table.noun[0]!.toUpperCase()}${table.noun.slice(1)} line not found`);
    } else {
      await table.insertLine(db, workspaceId, documentId, position, line);
    }
    position++;
  }
  return position;
}

/** The invoice lines table. */
export const invoiceLines: DocumentLines = {
  noun: 'invoice',
  lineInputs: invoicesRepo.lineInputs,
  insertLine: invoicesRepo.insertLine,
  updateLine: invoicesRepo.updateLine,
  deleteLinesExcept: invoicesRepo.deleteLinesExcept,
  setLineAmounts: invoicesRepo.setLineAmounts,
  setTotals: invoicesRepo.setTotals,
};
