import { minorDigits } from '../../../shared/currencies.ts';
import {
  TAX_CATEGORIES,
  taxCategoryOf,
  unitCodeOf,
  type TaxCategory,
} from '../../../shared/einvoice-fields.ts';
import {
  compareAmounts,
  discountLabel,
  fromMinor,
  plainPercent,
  toMinor,
  type Discount,
} from '../../../shared/invoice-math.ts';

/**
 * The EN 16931 semantic model of one Keel document (invoice or credit note): what the UBL
 * and CII serializers write and what Keel's pre-issue rules check. Business terms are named
 * by their EN 16931 numbers (BT-n a term, BG-n a group). Amounts are exact decimal strings
 * with the currency's decimals, computed as Keel computes its own totals (invoice-math.ts):
 * each line rounded to the currency, the discount spread over the lines, tax rounded once
 * per rate; so the document's totals are the invoice's own, to the cent.
 */

export type { TaxCategory };

/** The reason EN 16931 asks for (BT-120) when a category is not taxed and none was given. */
export const DEFAULT_EXEMPTION_REASONS: Partial<Record<TaxCategory, string>> = {
  AE: 'Reverse charge',
  K: 'Intra-Community supply',
  G: 'Export outside the EU',
  O: 'Not subject to VAT',
};

/** A postal address (BG-5 seller, BG-8 buyer, and the deliver-to country BT-80). */
export interface EinvoiceAddress {
  /** BT-35 / BT-50 */
  street: string | null;
  /** BT-37 / BT-52 */
  city: string | null;
  /** BT-38 / BT-53 */
  postalCode: string | null;
  /** BT-40 / BT-55: ISO 3166-1 alpha-2. */
  countryCode: string | null;
}

/** The seller (BG-4) or the buyer (BG-7). */
export interface EinvoiceParty {
  /** BT-27 / BT-44: the legal name. */
  name: string;
  address: EinvoiceAddress;
  /** BT-31 / BT-48: the VAT identifier, with its country prefix. */
  vatId: string | null;
  /** BT-30 / BT-47: the legal registration identifier (company number). */
  registrationId: string | null;
  /** BT-34 / BT-49 with its scheme (BT-34-1 / BT-49-1, an EAS code such as 0088, 9930). */
  electronicAddress: { value: string; scheme: string | null } | null;
  /** BG-6 / BG-9: the contact person (BT-41 / BT-56) and email (BT-43 / BT-58). */
  contactName: string | null;
  email: string | null;
}

/** BG-16 payment instructions. */
export interface EinvoicePayment {
  /** BT-81: 58 SEPA credit transfer (EUR), 30 credit transfer (other currencies). */
  meansCode: '58' | '30';
  /** BT-83: the remittance information, the document's number. */
  remittance: string;
  /** BT-84: the IBAN. */
  iban: string;
  /** BT-86: the BIC, when known. */
  bic: string | null;
  /** BT-85: the account name. */
  accountName: string | null;
}

/** BG-25: one invoice line. */
export interface EinvoiceLine {
  /** BT-126: the line's number in the document, from 1. */
  id: string;
  /** BT-153: the item name, the description's first line. */
  name: string;
  /** BT-154: the whole description, when it says more than the name. */
  description: string | null;
  /** BT-129, with 2 decimals as Keel keeps it. */
  quantity: string;
  /** BT-130: UN/ECE Recommendation 20. */
  unitCode: string;
  /** BT-146: the net price, with the currency's decimals. */
  netPrice: string;
  /** BT-149: the quantity the net price is for; null for one unit. */
  priceBaseQuantity: string | null;
  /** BG-27: an allowance on this line (a credit note line's share of its invoice's discount). */
  allowance: EinvoiceLineAllowance | null;
  /** BT-131: quantity × price ÷ base quantity rounded to the currency, less the line's allowance. */
  netAmount: string;
  /** BT-151 */
  taxCategory: TaxCategory;
  /** BT-152: a plain percent ("20", "7.5"); null for category O, which carries none. */
  taxRate: string | null;
  /** The line's exemption reason, gathered into its breakdown's BT-120. */
  exemptionReason: string | null;
  /** This line's share of the document discount (Keel's allocation), for its allowance. */
  discountShare: string;
}

/** BG-27: an allowance on one line. */
export interface EinvoiceLineAllowance {
  /** BT-136 */
  amount: string;
  /** BT-139 text and BT-140 code (UNCL 5189: 95 Discount). */
  reason: string;
  reasonCode: '95';
}

/** BG-20: a document-level allowance, one per (category, rate) for Keel's discount. */
export interface EinvoiceAllowance {
  /** BT-92 */
  amount: string;
  /** BT-94 (with BT-93 the base) when the discount is a percent. */
  percent: string | null;
  baseAmount: string | null;
  /** BT-97 text and BT-98 code (UNCL 5189: 95 Discount). */
  reason: string;
  reasonCode: '95';
  /** BT-95 and BT-96 */
  taxCategory: TaxCategory;
  taxRate: string | null;
}

/** BG-23: the tax breakdown of one (category, rate). */
export interface EinvoiceTaxBreakdown {
  /** BT-118 */
  category: TaxCategory;
  /** BT-119: null for O. */
  rate: string | null;
  /** BT-116: the lines' net amounts less the allowances of this (category, rate). */
  taxableAmount: string;
  /** BT-117: taxable × rate rounded once to the currency (0 for categories without tax). */
  taxAmount: string;
  /** BT-120: required for E, AE, K, G, O; never for S and Z. */
  exemptionReason: string | null;
}

/** BG-22: the document totals. */
export interface EinvoiceTotals {
  /** BT-106: Σ BT-131. */
  lineNet: string;
  /** BT-107: Σ BT-92. */
  allowances: string;
  /** BT-109 = BT-106 − BT-107 (Keel has no charges, BT-108). */
  taxExclusive: string;
  /** BT-110: Σ BT-117. */
  tax: string;
  /** BT-112 = BT-109 + BT-110. */
  taxInclusive: string;
  /** BT-115 = BT-112: payments are not part of an issued document (BT-113 stays out). */
  payable: string;
}

export interface EinvoiceModel {
  /** Invoice (BT-3 380) or credit note (381). */
  kind: 'invoice' | 'creditNote';
  typeCode: '380' | '381';
  /** BT-1 */
  number: string | null;
  /** BT-2, YYYY-MM-DD. */
  issueDate: string | null;
  /** BT-9 */
  dueDate: string | null;
  /** BT-5 */
  currency: string;
  /** The currency's decimals (ISO 4217): EN 16931 takes at most 2. */
  currencyDigits: number;
  /** BT-10: e.g. the German Leitweg-ID. */
  buyerReference: string | null;
  /** BT-13 */
  purchaseOrderReference: string | null;
  /** BG-1 / BT-22 */
  notes: string[];
  /** BG-3: the invoice a credit note corrects (BT-25 number, BT-26 date). */
  precedingInvoice: { number: string; issueDate: string | null } | null;
  /** BG-14: the service period (BT-73, BT-74). */
  servicePeriod: { start: string | null; end: string | null } | null;
  seller: EinvoiceParty;
  buyer: EinvoiceParty;
  /** BG-16, or null without an IBAN. */
  payment: EinvoicePayment | null;
  /** BT-20 */
  paymentTerms: string | null;
  lines: EinvoiceLine[];
  allowances: EinvoiceAllowance[];
  taxes: EinvoiceTaxBreakdown[];
  totals: EinvoiceTotals;
}

/** A party as Keel keeps it: the frozen snapshot of an issued document, or live data. */
export interface KeelParty {
  name: string;
  contactName?: string | null;
  email?: string | null;
  taxId?: string | null;
  registrationId?: string | null;
  street?: string | null;
  city?: string | null;
  postalCode?: string | null;
  countryCode?: string | null;
  electronicAddress?: string | null;
  electronicAddressScheme?: string | null;
}

/** A line as Keel stores it, with its computed amount and discount share. */
export interface KeelLine {
  description: string;
  quantity: string;
  /** Keel's unit word ("hour", "day"), for the UN/ECE code when the line has none. */
  unit?: string | null;
  unitCode?: string | null;
  unitPrice: string;
  taxRate: string;
  /** UNCL 5305; none: standard rated with a rate, else zero rated (as Keel answers). */
  taxCategory?: TaxCategory | null;
  taxExemptionReason?: string | null;
  /** quantity × unit price rounded (InvoiceTotals.lines[i].amount), less `allowance`. */
  amount: string;
  /** The line's share of the discount (InvoiceTotals.lines[i].discount). */
  discount: string;
  /** An allowance on the line itself (BG-27), already taken off `amount`. */
  allowance?: { amount: string; reason: string } | null;
  /** The quantity `unitPrice` is for (BT-149), when not one unit. */
  priceBaseQuantity?: string | null;
}

/** A Keel document (invoice, credit note) with everything the e-invoice says. */
export interface KeelDocument {
  kind: 'invoice' | 'creditNote';
  number: string | null;
  issueDate: string | null;
  dueDate: string | null;
  currency: string;
  buyerReference?: string | null;
  purchaseOrderReference?: string | null;
  notes?: string | null;
  paymentTerms?: string | null;
  servicePeriodStart?: string | null;
  servicePeriodEnd?: string | null;
  precedingInvoice?: { number: string; issueDate: string | null } | null;
  seller: KeelParty & { iban?: string | null; bic?: string | null };
  buyer: KeelParty;
  lines: KeelLine[];
  discount: Discount | null;
  /**
   * The document's own tax per rate, when it is not the rounding of each rate's base: a
   * credit note that takes what remains of its invoice's tax takes the cent that rounding
   * left. Within the rounding EN 16931 allows (BR-CO-17: one unit of the currency).
   */
  taxAmounts?: { rate: string; amount: string }[];
}

const blank = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text ? text : null;
};

function partyOf(party: KeelParty): EinvoiceParty {
  const electronic = blank(party.electronicAddress);
  return {
    name: party.name.trim(),
    address: {
      street: blank(party.street),
      city: blank(party.city),
      postalCode: blank(party.postalCode),
      countryCode: blank(party.countryCode)?.toUpperCase() ?? null,
    },
    vatId: blank(party.taxId)?.replace(/\s+/g, '') ?? null,
    registrationId: blank(party.registrationId),
    electronicAddress: electronic
      ? { value: electronic, scheme: blank(party.electronicAddressScheme) }
      : null,
    contactName: blank(party.contactName),
    email: blank(party.email),
  };
}

/** Integer arithmetic in minor units; an amount the currency cannot hold throws. */
const minor = (amount: string, digits: number) => toMinor(amount, digits);

/**
 * The EN 16931 model of a Keel document. The lines' amounts and discount shares are Keel's
 * own (computeTotals); the breakdown groups them per (category, rate) and rounds each
 * group's tax once, as Keel rounds per rate. A 3-decimal currency keeps its 3 decimals here:
 * the rules refuse it (BR-DEC-*) rather than this rounding it.
 */
export function buildEinvoiceModel(doc: KeelDocument): EinvoiceModel {
  const digits = minorDigits(doc.currency);
  const fmt = (value: bigint) => fromMinor(value, digits);

  const lines: EinvoiceLine[] = doc.lines.map((line, index) => {
    const description = line.description.trim();
    const firstLine = description.split(/\r?\n/, 1)[0]!.trim();
    const category = taxCategoryOf(line.taxCategory, line.taxRate);
    return {
      id: String(index + 1),
      name: firstLine || description,
      description: description !== firstLine ? description : null,
      quantity: fromMinor(toMinor(line.quantity, 2), 2),
      unitCode: blank(line.unitCode) ?? unitCodeOf(line.unit),
      netPrice: fmt(minor(line.unitPrice, digits)),
      priceBaseQuantity: line.priceBaseQuantity
        ? fromMinor(toMinor(line.priceBaseQuantity, 2), 2)
        : null,
      allowance: line.allowance
        ? {
            amount: fmt(minor(line.allowance.amount, digits)),
            reason: line.allowance.reason,
            reasonCode: '95',
          }
        : null,
      netAmount: fmt(minor(line.amount, digits)),
      taxCategory: category,
      taxRate: category === 'O' ? null : plainPercent(line.taxRate),
      exemptionReason: blank(line.taxExemptionReason),
      discountShare: fmt(minor(line.discount, digits)),
    };
  });

  // One group per (category, rate), in a fixed order: the categories as UNCL lists them,
  // then the rate.
  const groups = new Map<
    string,
    {
      category: TaxCategory;
      rate: string | null;
      net: bigint;
      discount: bigint;
      reasons: string[];
    }
  >();
  for (const line of lines) {
    const key = `${line.taxCategory}|${line.taxRate ?? ''}`;
    const group = groups.get(key) ?? {
      category: line.taxCategory,
      rate: line.taxRate,
      net: 0n,
      discount: 0n,
      reasons: [],
    };
    group.net += minor(line.netAmount, digits);
    group.discount += minor(line.discountShare, digits);
    if (line.exemptionReason && !group.reasons.includes(line.exemptionReason)) {
      group.reasons.push(line.exemptionReason);
    }
    groups.set(key, group);
  }
  // The document's own tax per rate, where one (category, rate) holds that rate; a rate taxed
  // with no line left (the last cent of a rate's tax, credited in full) is a breakdown too.
  const ownTax = new Map<string, bigint>();
  for (const t of doc.taxAmounts ?? []) {
    const rate = plainPercent(t.rate);
    const holders = [...groups.values()].filter((g) => g.rate === rate);
    const amount = minor(t.amount, digits);
    if (holders.length === 1) ownTax.set(`${holders[0]!.category}|${rate}`, amount);
    else if (holders.length === 0 && amount !== 0n && toMinor(rate, 3) > 0n) {
      groups.set(`S|${rate}`, { category: 'S', rate, net: 0n, discount: 0n, reasons: [] });
      ownTax.set(`S|${rate}`, amount);
    }
  }
  const order = (c: TaxCategory) => TAX_CATEGORIES.indexOf(c);
  const sorted = [...groups.values()].sort(
    (a, b) =>
      order(a.category) - order(b.category) ||
      (a.rate === null || b.rate === null ? 0 : compareAmounts(a.rate, b.rate)),
  );

  const percent = doc.discount?.type === 'percent' ? plainPercent(doc.discount.value) : null;
  const allowances: EinvoiceAllowance[] = [];
  const taxes: EinvoiceTaxBreakdown[] = [];
  for (const group of sorted) {
    const taxed = group.category === 'S' || (group.rate !== null && toMinor(group.rate, 3) > 0n);
    const taxable = group.net - group.discount;
    // taxable (minor units) × rate (3 decimals) / 100, rounded half-up once: Keel's rule.
    const rate = group.rate === null ? 0n : toMinor(group.rate, 3);
    const own = ownTax.get(`${group.category}|${group.rate ?? ''}`);
    const tax =
      own !== undefined && taxed
        ? own
        : taxed && taxable > 0n
          ? (taxable * rate * 2n + 100_000n) / 200_000n
          : taxed && taxable < 0n
            ? -((-taxable * rate * 2n + 100_000n) / 200_000n)
            : 0n;
    if (group.discount > 0n) {
      allowances.push({
        amount: fmt(group.discount),
        percent,
        baseAmount: percent === null ? null : fmt(group.net),
        reason: discountLabel(doc.discount),
        reasonCode: '95',
        taxCategory: group.category,
        taxRate: group.rate,
      });
    }
    const reason =
      group.category === 'S' || group.category === 'Z'
        ? null
        : group.reasons.join('; ') || DEFAULT_EXEMPTION_REASONS[group.category] || null;
    taxes.push({
      category: group.category,
      rate: group.rate,
      taxableAmount: fmt(taxable),
      taxAmount: fmt(tax),
      exemptionReason: reason,
    });
  }

  const lineNet = lines.reduce((sum, l) => sum + minor(l.netAmount, digits), 0n);
  const allowanceTotal = allowances.reduce((sum, a) => sum + minor(a.amount, digits), 0n);
  const taxTotal = taxes.reduce((sum, t) => sum + minor(t.taxAmount, digits), 0n);
  const taxExclusive = lineNet - allowanceTotal;

  const iban = blank(doc.seller.iban)?.replace(/\s+/g, '').toUpperCase() ?? null;
  const periodStart = blank(doc.servicePeriodStart);
  const periodEnd = blank(doc.servicePeriodEnd);
  const notes = blank(doc.notes);

  return {
    kind: doc.kind,
    typeCode: doc.kind === 'creditNote' ? '381' : '380',
    number: blank(doc.number),
    issueDate: blank(doc.issueDate),
    dueDate: blank(doc.dueDate),
    currency: doc.currency,
    currencyDigits: digits,
    buyerReference: blank(doc.buyerReference),
    purchaseOrderReference: blank(doc.purchaseOrderReference),
    notes: notes ? [notes] : [],
    precedingInvoice: doc.precedingInvoice ?? null,
    servicePeriod: periodStart || periodEnd ? { start: periodStart, end: periodEnd } : null,
    seller: partyOf(doc.seller),
    buyer: partyOf(doc.buyer),
    payment: iban
      ? {
          meansCode: doc.currency === 'EUR' ? '58' : '30',
          remittance: blank(doc.number) ?? '',
          iban,
          bic: blank(doc.seller.bic)?.replace(/\s+/g, '').toUpperCase() ?? null,
          accountName: doc.seller.name.trim() || null,
        }
      : null,
    paymentTerms: blank(doc.paymentTerms),
    lines,
    allowances,
    taxes,
    totals: {
      lineNet: fmt(lineNet),
      allowances: fmt(allowanceTotal),
      taxExclusive: fmt(taxExclusive),
      tax: fmt(taxTotal),
      taxInclusive: fmt(taxExclusive + taxTotal),
      payable: fmt(taxExclusive + taxTotal),
    },
  };
}
