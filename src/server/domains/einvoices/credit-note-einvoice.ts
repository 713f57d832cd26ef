import { TRPCError } from '@trpc/server';
import type { CreditNoteDetail, CreditNoteLine } from '../../../shared/credit-notes.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  TAX_CATEGORIES,
  TAX_CATEGORY_LABELS,
  taxCategoryOf,
  type TaxCategory,
} from '../../../shared/einvoice-fields.ts';
import type { EinvoiceError } from '../../../shared/einvoices.schema.ts';
import type { InvoiceDetail, InvoiceLine } from '../../../shared/invoices.schema.ts';
import { discountLabel, fromMinor, plainPercent, toMinor } from '../../../shared/invoice-math.ts';
import { EinvoiceRefusal } from '../../trpc/einvoice-refusal.ts';
import { keelPartyOf } from './einvoice-check.ts';
import {
  buildEinvoiceModel,
  type EinvoiceModel,
  type KeelDocument,
  type KeelLine,
} from './einvoice.model.ts';
import { checkEinvoice } from './einvoice.rules.ts';

/**
 * A credit note as an e-invoice (UBL CreditNote, CII 381): its frozen parties and stored
 * lines, the invoice it credits as the preceding invoice (BG-3), and that invoice's buyer
 * reference, order reference and service period (an issued invoice never changes, so the
 * same credit note always gives the same document). Amounts are the credit note's own:
 *
 * - a line credited by quantity keeps its invoice's unit price while its amount is after its
 *   share of the invoice's discount: the difference is the line's allowance (BG-27), so
 *   quantity × price − allowance is its amount exactly; where no discount explains it (a
 *   cent of proportional rounding) the price is stated for the credited quantity (BT-149);
 * - a line credited by an amount, or an amount at a tax rate, is one unit (C62) at it;
 * - an amount at a rate takes the tax category of the invoice's lines at that rate, and is
 *   split by category in proportion to them when the invoice mixes categories at that rate;
 * - the tax per rate is the credit note's (the rest of a rate's tax may differ from rounding
 *   its base by the cent the invoice's rounding left).
 */

const ONE_UNIT = 'C62';

/** a ÷ b rounded half away from zero, b > 0. */
function divideRounded(a: bigint, b: bigint): bigint {
  const half = (a < 0n ? -a : a) * 2n + b;
  const rounded = half / (b * 2n);
  return a < 0n ? -rounded : rounded;
}

/** The e-invoice line(s) of a line credited by quantity. */
function quantityLine(
  line: CreditNoteLine,
  invoiceLine: InvoiceLine | undefined,
  invoice: InvoiceDetail,
  digits: number,
): KeelLine {
  const quantity = toMinor(line.quantity, 2);
  const price = toMinor(line.unitPrice, digits);
  const amount = toMinor(line.amount, digits);
  const gross = divideRounded(quantity * price, 100n);
  const base = {
    description: line.description,
    quantity: line.quantity,
    unit: line.unit,
    unitCode: line.unitCode,
    unitPrice: line.unitPrice,
    taxRate: line.taxRate,
    taxCategory: line.taxCategory as TaxCategory | null,
    taxExemptionReason: line.taxExemptionReason,
    amount: line.amount,
    discount: '0',
  };
  if (gross === amount) return base;
  const discounted = invoiceLine !== undefined && toMinor(invoiceLine.discount, digits) > 0n;
  if (quantity > 0n && gross > amount && discounted) {
    return {
      ...base,
      allowance: {
        amount: fromMinor(gross - amount, digits),
        reason: discountLabel(invoice.discount),
      },
    };
  }
  if (quantity > 0n) {
    // The amount for the credited quantity: exact, whatever cent the proportion rounded.
    return { ...base, unitPrice: line.amount, priceBaseQuantity: line.quantity };
  }
  // Nothing of the quantity left to credit, only an amount: one unit at that amount.
  return { ...base, quantity: '1', unit: null, unitCode: ONE_UNIT, unitPrice: line.amount };
}

/**
 * The e-invoice line(s) of an amount at a tax rate: the category of the invoice's lines at
 * that rate; several categories share the amount in proportion to their amounts, the cents
 * left by the division going to the largest remainders (ties in UNCL 5305's order).
 */
function rateLines(line: CreditNoteLine, invoice: InvoiceDetail, digits: number): KeelLine[] {
  const rate = plainPercent(line.taxRate);
  const byCategory = new Map<TaxCategory, { net: bigint; reasons: string[] }>();
  for (const l of invoice.lines) {
    if (plainPercent(l.taxRate) !== rate) continue;
    const entry = byCategory.get(l.taxCategory) ?? { net: 0n, reasons: [] };
    entry.net += toMinor(l.amount, digits) - toMinor(l.discount, digits);
    const reason = l.taxExemptionReason?.trim();
    if (reason && !entry.reasons.includes(reason)) entry.reasons.push(reason);
    byCategory.set(l.taxCategory, entry);
  }
  const categories = TAX_CATEGORIES.filter((c) => (byCategory.get(c)?.net ?? 0n) > 0n).map((c) => ({
    category: c,
    ...byCategory.get(c)!,
  }));
  const one = (category: TaxCategory, amount: string, reasons: string[], label = '') => ({
    description: `${line.description}${label}`,
    quantity: '1',
    unit: null,
    unitCode: ONE_UNIT,
    unitPrice: amount,
    taxRate: line.taxRate,
    taxCategory: category,
    taxExemptionReason: reasons.join('; ') || null,
    amount,
    discount: '0',
  });
  if (categories.length <= 1) {
    const only = categories[0];
    return [one(only?.category ?? taxCategoryOf(null, rate), line.amount, only?.reasons ?? [])];
  }
  const amount = toMinor(line.amount, digits);
  const total = categories.reduce((sum, c) => sum + c.net, 0n);
  const shares = categories.map((c, index) => ({
    ...c,
    index,
    share: (amount * c.net) / total,
    remainder: (amount * c.net) % total,
  }));
  let left = amount - shares.reduce((sum, s) => sum + s.share, 0n);
  for (const s of [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  )) {
    if (left === 0n) break;
    s.share += 1n;
    left -= 1n;
  }
  return shares
    .filter((s) => s.share > 0n)
    .map((s) =>
      one(
        s.category,
        fromMinor(s.share, digits),
        s.reasons,
        ` (${TAX_CATEGORY_LABELS[s.category].toLowerCase()})`,
      ),
    );
}

/** The credit note as Keel's document model, ready for the EN 16931 model. */
export function creditNoteDocument(note: CreditNoteDetail, invoice: InvoiceDetail): KeelDocument {
  const digits = minorDigits(note.currency);
  const invoiceLines = new Map(invoice.lines.map((l) => [l.id, l]));
  const lines = note.lines.flatMap((line): KeelLine[] => {
    if (line.credits === 'rate') return rateLines(line, invoice, digits);
    if (line.credits === 'amount') {
      return [
        {
          description: line.description,
          quantity: '1',
          unit: null,
          unitCode: ONE_UNIT,
          unitPrice: line.amount,
          taxRate: line.taxRate,
          taxCategory: line.taxCategory as TaxCategory | null,
          taxExemptionReason: line.taxExemptionReason,
          amount: line.amount,
          discount: '0',
        },
      ];
    }
    const invoiceLine =
      line.invoiceLineId === null ? undefined : invoiceLines.get(line.invoiceLineId);
    return [quantityLine(line, invoiceLine, invoice, digits)];
  });
  const credited = note.invoice.number ?? invoice.invoiceNumber;
  return {
    kind: 'creditNote',
    number: note.creditNoteNumber,
    issueDate: note.issueDate,
    dueDate: null,
    currency: note.currency,
    buyerReference: invoice.buyerReference ?? invoice.buyer.buyerReference ?? null,
    purchaseOrderReference: invoice.purchaseOrderReference,
    notes: note.reason,
    // BR-CO-25 asks for terms when an amount is stated: the credit is against the invoice.
    paymentTerms: credited ? `This credit note reduces what is due on invoice ${credited}.` : null,
    servicePeriodStart: invoice.servicePeriodStart,
    servicePeriodEnd: invoice.servicePeriodEnd,
    precedingInvoice: credited
      ? { number: credited, issueDate: note.invoice.issueDate ?? invoice.issueDate }
      : null,
    seller: keelPartyOf(note.seller),
    buyer: keelPartyOf(note.buyer),
    lines,
    discount: null,
    taxAmounts: note.taxes.map((t) => ({ rate: t.rate, amount: t.amount })),
  };
}

export function creditNoteModelOf(note: CreditNoteDetail, invoice: InvoiceDetail): EinvoiceModel {
  return buildEinvoiceModel(creditNoteDocument(note, invoice));
}

/** Keel's EN 16931 rules over a credit note, its document's totals held to its own. */
export function creditNoteErrorsOf(
  note: CreditNoteDetail,
  invoice: InvoiceDetail,
): EinvoiceError[] {
  return checkEinvoice(creditNoteModelOf(note, invoice), {
    subtotal: note.subtotal,
    discountTotal: '0',
    taxTotal: note.taxTotal,
    total: note.total,
  });
}

/** The 422 of a credit note whose document would break the rules. */
export function creditNoteRefusal(errors: EinvoiceError[]): TRPCError {
  return new TRPCError({
    code: 'UNPROCESSABLE_CONTENT',
    message: `This credit note cannot be an e-invoice: ${errors[0]!.message} A credit note keeps the parties and lines of the invoice it credits as they were issued, so a fix made now holds for invoices issued from now on.`,
    cause: new EinvoiceRefusal(errors),
  });
}
