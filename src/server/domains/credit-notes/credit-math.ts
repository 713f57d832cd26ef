import { TRPCError } from '@trpc/server';
import type { CreditNoteLineInput, CreditNoteTax } from '../../../shared/credit-notes.schema.ts';
import { formatMoney, fitsCurrency, amountDecimalsMessage } from '../../../shared/money.ts';
import { fromMinor, plainPercent, toMinor } from '../../../shared/invoice-math.ts';
import type { NewCreditNoteLine } from './credit-notes.repository.ts';

/**
 * What a credit note credits, computed exactly in integer minor units from the issued
 * invoice and its earlier credit notes. Three ways:
 *
 * - in full (neither lines nor amount): everything that remains, line by line with each
 *   line's remaining quantity and amount, or (once an earlier credit was by amount, which
 *   names no line) per tax rate; the tax is the invoice's tax at each rate less what was
 *   credited of it, so the credit notes of an invoice add up to its total exactly;
 * - by lines: a quantity of a line (its amount before tax in proportion, all that remains
 *   of it for its whole remaining quantity) or an amount of it (before tax); the tax per
 *   rate on the credited amounts, rounded half-up as the invoice's own, and the rest of a
 *   rate's tax when the credit takes the rest of its base;
 * - by an amount, tax included: split over the invoice's tax rates in proportion to each
 *   rate's amount (base and tax), so each rate is credited the same share; the cents left by
 *   the division go one by one to the largest remainders, ties to the lower rate; within a
 *   rate, the part before tax is the share ÷ (1 + rate) rounded half-up, the tax the rest.
 *
 * Never more than remains: the invoice's total less earlier credit notes (409), nor more of
 * a tax rate than remains of it.
 */

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

export interface CreditedInvoice {
  number: string;
  currency: string;
  digits: number;
  total: string;
  lines: {
    id: number;
    description: string;
    quantity: string;
    unit: string | null;
    unitPrice: string;
    taxRate: string;
    /** quantity × price, and the line's share of the invoice discount. */
    amount: string;
    discount: string;
    unitCode?: string | null;
    taxCategory?: string | null;
    taxExemptionReason?: string | null;
  }[];
  /** The invoice's tax per non-zero rate. */
  taxes: { rate: string; amount: string }[];
}

export interface EarlierCredits {
  taxes: CreditNoteTax[];
  totals: string[];
  lines: {
    invoiceLineId: number | null;
    credits: string;
    quantity: string;
    amount: string;
  }[];
}

export interface CreditPlan {
  mode: 'full' | 'lines' | 'amount';
  lines: NewCreditNoteLine[];
  /** Every rate credited, a 0 % rate included (its base counts against what remains). */
  taxes: CreditNoteTax[];
  subtotal: string;
  taxTotal: string;
  total: string;
}

const divideHalfUp = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);
const rateKey = (rate: string) => plainPercent(rate);
/** A percent ×1,000 ("20" → 20000n). */
const rateOf = (rate: string) => toMinor(rate, 3);
/** Tax on a base at a rate, half-up, as computeTotals does. */
const taxOn = (base: bigint, rate: string) => divideHalfUp(base * rateOf(rate), 100_000n);

/** What remains of the invoice: in all, per rate (base and tax), per line. */
export function remainingOf(invoice: CreditedInvoice, earlier: EarlierCredits) {
  const d = invoice.digits;
  const money = (s: string) => toMinor(s, d);
  const rates = new Map<string, { base: bigint; tax: bigint; gross: bigint }>();
  const lines = invoice.lines.map((line) => {
    const net = money(line.amount) - money(line.discount);
    const key = rateKey(line.taxRate);
    const r = rates.get(key) ?? { base: 0n, tax: 0n, gross: 0n };
    r.base += net;
    rates.set(key, r);
    let creditedQuantity = 0n;
    let creditedAmount = 0n;
    for (const c of earlier.lines) {
      if (c.invoiceLineId !== line.id) continue;
      if (c.credits === 'quantity') creditedQuantity += toMinor(c.quantity, 2);
      creditedAmount += money(c.amount);
    }
    return {
      line,
      net,
      quantity: toMinor(line.quantity, 2),
      remainingQuantity: toMinor(line.quantity, 2) - creditedQuantity,
      remainingAmount: net - creditedAmount,
    };
  });
  for (const t of invoice.taxes) {
    const r = rates.get(rateKey(t.rate));
    if (r) r.tax = money(t.amount);
  }
  for (const r of rates.values()) r.gross = r.base + r.tax;
  const remaining = new Map<string, { base: bigint; tax: bigint }>();
  for (const [key, r] of rates) remaining.set(key, { base: r.base, tax: r.tax });
  for (const t of earlier.taxes) {
    const r = remaining.get(rateKey(t.rate));
    if (!r) continue;
    r.base -= money(t.base);
    r.tax -= money(t.amount);
  }
  const credited = earlier.totals.reduce((sum, t) => sum + money(t), 0n);
  return {
    total: money(invoice.total),
    credited,
    remaining: money(invoice.total) - credited,
    rates,
    remainingRates: remaining,
    lines,
    byAmountBefore: earlier.lines.some((l) => l.credits === 'rate'),
  };
}

function planOf(
  invoice: CreditedInvoice,
  mode: CreditPlan['mode'],
  lines: NewCreditNoteLine[],
  taxes: { rate: string; base: bigint; amount: bigint }[],
): CreditPlan {
  const d = invoice.digits;
  const subtotal = taxes.reduce((s, t) => s + t.base, 0n);
  const taxTotal = taxes.reduce((s, t) => s + t.amount, 0n);
  return {
    mode,
    lines,
    taxes: taxes
      .sort((a, b) => (rateOf(a.rate) < rateOf(b.rate) ? -1 : 1))
      .map((t) => ({ rate: t.rate, base: fromMinor(t.base, d), amount: fromMinor(t.amount, d) })),
    subtotal: fromMinor(subtotal, d),
    taxTotal: fromMinor(taxTotal, d),
    total: fromMinor(subtotal + taxTotal, d),
  };
}

/** One credit line per tax rate: `bases` before tax. */
function rateLines(
  invoice: CreditedInvoice,
  bases: { rate: string; base: bigint }[],
): NewCreditNoteLine[] {
  const several = bases.length > 1;
  return bases
    .filter((b) => b.base > 0n)
    .map((b) => ({
      invoiceLineId: null,
      credits: 'rate' as const,
      description: `Credit on invoice ${invoice.number}${several ? ` (tax ${b.rate} %)` : ''}`,
      quantity: '1',
      unit: null,
      unitPrice: fromMinor(b.base, invoice.digits),
      taxRate: b.rate,
      amount: fromMinor(b.base, invoice.digits),
    }));
}

export function planCredit(
  invoice: CreditedInvoice,
  earlier: EarlierCredits,
  request: { lines?: CreditNoteLineInput[]; amount?: string },
): CreditPlan {
  const d = invoice.digits;
  const state = remainingOf(invoice, earlier);
  const show = (minor: bigint) => formatMoney(fromMinor(minor, d), invoice.currency);
  if (state.remaining <= 0n) throw conflict('This invoice is already credited in full');
  const tooMuch = () =>
    conflict(
      `This is more than remains to credit on this invoice: at most ${show(state.remaining)}`,
    );

  // What remains, in full: per rate, and per line when no earlier credit was by amount.
  const rest = () =>
    [...state.remainingRates.entries()]
      .filter(([, r]) => r.base > 0n || r.tax > 0n)
      .map(([rate, r]) => ({ rate, base: r.base, amount: r.tax }));

  if (request.lines === undefined && request.amount === undefined) {
    const taxes = rest();
    const lines = state.byAmountBefore
      ? rateLines(invoice, taxes)
      : state.lines
          .filter((l) => l.remainingAmount > 0n)
          .map((l) =>
            creditLine(
              invoice,
              l.line,
              'quantity',
              l.remainingQuantity > 0n ? l.remainingQuantity : 0n,
              l.remainingAmount,
            ),
          );
    return planOf(invoice, 'full', lines, taxes);
  }

  if (request.amount !== undefined) {
    if (!fitsCurrency(request.amount, invoice.currency))
      throw badRequest(`The amount: ${amountDecimalsMessage(invoice.currency)}`);
    const amount = toMinor(request.amount, 3) / 10n ** BigInt(3 - d);
    if (amount <= 0n) throw badRequest('The amount to credit must be more than 0');
    if (amount > state.remaining) throw tooMuch();
    if (amount === state.remaining) {
      const taxes = rest();
      return planOf(invoice, 'amount', rateLines(invoice, taxes), taxes);
    }
    const rates = [...state.rates.entries()]
      .filter(([, r]) => r.gross > 0n)
      .sort(([a], [b]) => (rateOf(a) < rateOf(b) ? -1 : 1));
    const gross = rates.reduce((s, [, r]) => s + r.gross, 0n);
    const shares = rates.map(([rate, r], index) => {
      const exact = amount * r.gross;
      return { rate, index, share: exact / gross, remainder: exact % gross };
    });
    let left = amount - shares.reduce((s, x) => s + x.share, 0n);
    for (const x of [...shares].sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    )) {
      if (left === 0n) break;
      x.share += 1n;
      left -= 1n;
    }
    const taxes = shares
      .filter((x) => x.share > 0n)
      .map((x) => {
        const base = divideHalfUp(x.share * 100_000n, 100_000n + rateOf(x.rate));
        return { rate: x.rate, base, amount: x.share - base };
      });
    for (const t of taxes) {
      const r = state.remainingRates.get(t.rate)!;
      if (t.base > r.base || t.amount > r.tax)
        throw conflict(
          `Less remains to credit at the ${t.rate} % tax rate: credit this invoice by lines, or credit what remains in full`,
        );
    }
    return planOf(invoice, 'amount', rateLines(invoice, taxes), taxes);
  }

  // By lines.
  const seen = new Set<number>();
  const lines: NewCreditNoteLine[] = [];
  const bases = new Map<string, bigint>();
  for (const wanted of request.lines!) {
    if (seen.has(wanted.invoiceLineId)) throw badRequest('Credit each invoice line once');
    seen.add(wanted.invoiceLineId);
    const l = state.lines.find((x) => x.line.id === wanted.invoiceLineId);
    if (!l) throw notFound('Invoice line not found');
    const name = `“${l.line.description.slice(0, 60)}”`;
    let quantity: bigint;
    let amount: bigint;
    if (wanted.quantity !== undefined) {
      quantity = toMinor(wanted.quantity, 2);
      if (quantity <= 0n) throw badRequest(`${name}: the quantity to credit must be more than 0`);
      if (quantity > l.remainingQuantity)
        throw conflict(
          `${name}: at most ${fromMinor(l.remainingQuantity > 0n ? l.remainingQuantity : 0n, 2)} can still be credited`,
        );
      amount =
        quantity === l.remainingQuantity
          ? l.remainingAmount
          : min(l.remainingAmount, divideHalfUp(l.net * quantity, l.quantity));
    } else {
      if (!fitsCurrency(wanted.amount!, invoice.currency))
        throw badRequest(`${name}: ${amountDecimalsMessage(invoice.currency)}`);
      amount = toMinor(wanted.amount!, 3) / 10n ** BigInt(3 - d);
      quantity = 100n;
      if (amount <= 0n) throw badRequest(`${name}: the amount to credit must be more than 0`);
      if (amount > l.remainingAmount)
        throw conflict(
          `${name}: at most ${show(l.remainingAmount > 0n ? l.remainingAmount : 0n)} can still be credited`,
        );
    }
    lines.push(
      creditLine(
        invoice,
        l.line,
        wanted.quantity !== undefined ? 'quantity' : 'amount',
        quantity,
        amount,
      ),
    );
    const key = rateKey(l.line.taxRate);
    bases.set(key, (bases.get(key) ?? 0n) + amount);
  }
  const taxes = [...bases.entries()].map(([rate, base]) => {
    const r = state.remainingRates.get(rate)!;
    if (base > r.base)
      throw conflict(
        `Less remains to credit at the ${rate} % tax rate: at most ${show(r.base > 0n ? r.base : 0n)} before tax`,
      );
    return { rate, base, amount: base === r.base ? r.tax : min(r.tax, taxOn(base, rate)) };
  });
  const plan = planOf(invoice, 'lines', lines, taxes);
  if (toMinor(plan.total, d) > state.remaining) throw tooMuch();
  if (toMinor(plan.total, d) <= 0n) throw badRequest('There is nothing to credit on these lines');
  return plan;
}

function creditLine(
  invoice: CreditedInvoice,
  line: CreditedInvoice['lines'][number],
  credits: 'quantity' | 'amount',
  quantity: bigint,
  amount: bigint,
): NewCreditNoteLine {
  const d = invoice.digits;
  return {
    invoiceLineId: line.id,
    credits,
    description: line.description,
    quantity: fromMinor(quantity, 2),
    unit: credits === 'quantity' ? line.unit : null,
    // By amount: one unit at the amount; by quantity: the invoice's price.
    unitPrice: credits === 'quantity' ? line.unitPrice : fromMinor(amount, d),
    taxRate: rateKey(line.taxRate),
    amount: fromMinor(amount, d),
    unitCode: line.unitCode ?? null,
    taxCategory: line.taxCategory ?? null,
    taxExemptionReason: line.taxExemptionReason ?? null,
  };
}
