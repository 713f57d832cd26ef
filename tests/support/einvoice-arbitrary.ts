import fc from 'fast-check';
import { minorDigits } from '../../src/shared/currencies.ts';
import { computeTotals, fromMinor, type Discount } from '../../src/shared/invoice-math.ts';
import type {
  KeelDocument,
  KeelLine,
  TaxCategory,
} from '../../src/server/domains/einvoices/einvoice.model.ts';

/**
 * Valid Keel documents for e-invoicing, generated: mixed tax categories and rates, percent
 * and amount discounts, currencies with 0 and 2 decimals, long texts, non-Latin names and
 * XML's special characters. Their totals come from Keel's own computeTotals, as an issued
 * invoice's do.
 */

/** Texts with what XML must escape, scripts beyond Latin, and plain words. */
const TRICKY = [
  'Ä & Ö <Müller> "GmbH"',
  "O'Brien & Sons > Co",
  '株式会社 東京デザイン',
  'Αθήνα Σύμβουλοι',
  'ООО «Ромашка»',
  'شركة المستقبل',
  'עברית בע"מ',
  ']]> <![CDATA[ x ]]>',
  'Emoji 🚀 ✓',
  'Tab\tand  double  spaces',
];

const word = fc.constantFrom(
  'Design',
  'Consulting',
  'Hosting',
  'Audit',
  'Workshop',
  'Übersetzung',
  'Ремонт',
  '翻訳',
  'A&B',
  '<draft>',
  'naïve',
);

/** A short text: words and tricky pieces. */
const text = (maxWords: number) =>
  fc
    .array(fc.oneof(word, fc.constantFrom(...TRICKY)), { minLength: 1, maxLength: maxWords })
    .map((parts) => parts.join(' '));

/** A long text with several lines, up to ~2,000 characters. */
const longText = fc
  .array(text(12), { minLength: 1, maxLength: 20 })
  .map((lines) => lines.join('\n').slice(0, 2000).trim() || 'Services');

/** Valid IBANs (check digits right) with their BICs, and EUR ones for SEPA (code 58). */
const ACCOUNTS = [
  { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
  { iban: 'GB29NWBK60161331926819', bic: 'NWBKGB2L' },
  { iban: 'BE68539007547034', bic: null },
  { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A' },
];

const COUNTRIES = ['FR', 'DE', 'BE', 'NL', 'IT', 'ES', 'AT', 'JP', 'CH', 'GB', 'US', 'PL'];
const CURRENCIES = ['EUR', 'EUR', 'JPY', 'CHF', 'GBP', 'CLP', 'USD', 'ISK', 'PLN'];

const vatId = (country: string) =>
  fc.integer({ min: 100_000_000, max: 999_999_999 }).map((n) => `${country}${n}`);

const party = (withVatId: boolean) =>
  fc.constantFrom(...COUNTRIES).chain((country) =>
    fc.record({
      name: text(4),
      contactName: fc.option(text(2), { nil: null }),
      email: fc.option(fc.constantFrom('billing@example.com', 'ana.lópez@example.org'), {
        nil: null,
      }),
      taxId: withVatId ? vatId(country) : fc.option(vatId(country), { nil: null }),
      registrationId: fc.option(
        fc.integer({ min: 10_000, max: 99_999_999 }).map((n) => `RCS ${n}`),
        { nil: null },
      ),
      street: fc.option(text(4), { nil: null }),
      city: fc.option(text(2), { nil: null }),
      postalCode: fc.option(fc.constantFrom('75001', '10115', 'SW1A 1AA', '100-0001'), {
        nil: null,
      }),
      countryCode: fc.constant(country),
      electronicAddress: fc.constant(null as string | null),
      electronicAddressScheme: fc.constant(null as string | null),
    }),
  );

/** A tax category with a rate it allows (S above 0, the others 0). */
const categoryAndRate: fc.Arbitrary<{
  taxCategory: TaxCategory;
  taxRate: string;
  taxExemptionReason: string | null;
}> = fc.oneof(
  fc.record({
    taxCategory: fc.constant<TaxCategory>('S'),
    taxRate: fc.constantFrom('20', '19', '7', '5.5', '8.1', '21', '2.1', '12.345', '0.5'),
    taxExemptionReason: fc.constant(null),
  }),
  fc.record({
    taxCategory: fc.constantFrom<TaxCategory>('Z', 'AE', 'K', 'G'),
    taxRate: fc.constant('0'),
    taxExemptionReason: fc.option(text(3), { nil: null }),
  }),
  fc.record({
    taxCategory: fc.constant<TaxCategory>('E'),
    taxRate: fc.constant('0'),
    taxExemptionReason: fc.oneof(fc.constantFrom('Article 293 B du CGI', '§ 19 UStG'), text(3)),
  }),
);

const price = (digits: number) =>
  fc
    .bigInt({ min: 0n, max: 5_000_000n })
    .map((minor) => fromMinor(digits === 0 ? minor / 100n : minor, digits));
const quantity = fc.bigInt({ min: 1n, max: 100_000n }).map((q) => fromMinor(q, 2));

/** Lines' inputs of one document (before totals). */
const lineInputs = (digits: number, outsideScope: boolean) =>
  fc.array(
    fc.record({
      description: fc.oneof(text(5), longText),
      quantity,
      unit: fc.option(fc.constantFrom('hour', 'day', 'item', 'month', 'page', 'licence'), {
        nil: null,
      }),
      unitPrice: price(digits),
      tax: outsideScope
        ? fc.constant({
            taxCategory: 'O' as TaxCategory,
            taxRate: '0',
            taxExemptionReason: null as string | null,
          })
        : categoryAndRate,
    }),
    { minLength: 1, maxLength: 6 },
  );

/** A Keel document e-invoicing takes, with the totals computeTotals gives it. */
export const einvoiceDocument: fc.Arbitrary<{
  doc: KeelDocument;
  totals: ReturnType<typeof computeTotals>;
}> = fc
  .record({
    currency: fc.constantFrom(...CURRENCIES),
    // One document in ten is outside the scope of VAT altogether (category O on every line).
    outsideScope: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    kind: fc.constantFrom<'invoice' | 'creditNote'>('invoice', 'invoice', 'invoice', 'creditNote'),
  })
  .chain(({ currency, outsideScope, kind }) => {
    const digits = minorDigits(currency);
    return fc
      .record({
        lines: lineInputs(digits, outsideScope),
        discountKind: fc.constantFrom('none', 'percent', 'amount'),
        percent: fc.bigInt({ min: 0n, max: 100_000n }).map((p) => fromMinor(p, 3)),
        amountShare: fc.integer({ min: 0, max: 100 }),
        number: fc.integer({ min: 1, max: 99_999 }).map((n) => `INV-${String(n).padStart(4, '0')}`),
        issueDay: fc.integer({ min: 0, max: 700 }),
        dueDays: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
        paymentTerms: fc.option(
          fc.oneof(fc.constantFrom('Net 30', 'Zahlbar innerhalb 14 Tagen'), text(6)),
          {
            nil: null,
          },
        ),
        buyerReference: fc.option(
          fc.oneof(fc.constantFrom('04011000-12345-34', 'PO-7788'), text(2)),
          {
            nil: null,
          },
        ),
        purchaseOrderReference: fc.option(fc.constantFrom('PO 2026/11', 'Bestellung #42'), {
          nil: null,
        }),
        notes: fc.option(longText, { nil: null }),
        period: fc.option(
          fc.record({
            start: fc.integer({ min: 0, max: 30 }),
            length: fc.integer({ min: 0, max: 60 }),
          }),
          { nil: null },
        ),
        seller: party(true),
        buyer: party(false),
        account: fc.option(fc.constantFrom(...ACCOUNTS), { nil: null }),
        sellerEndpoint: fc.option(
          fc.constantFrom(
            { value: '7300010000001', scheme: '0088' },
            { value: 'DE123456789', scheme: '9930' },
          ),
          { nil: null },
        ),
      })
      .map((g) => {
        const hasK = g.lines.some((l) => l.tax.taxCategory === 'K');
        const needsBuyerVat = g.lines.some(
          (l) => l.tax.taxCategory === 'AE' || l.tax.taxCategory === 'K',
        );
        let discount: Discount = null;
        if (g.discountKind === 'percent') discount = { type: 'percent', value: g.percent };
        const inputs = g.lines.map((l) => ({
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          taxRate: l.tax.taxRate,
        }));
        if (g.discountKind === 'amount') {
          const subtotal = computeTotals(inputs, null, digits as 0 | 2).subtotal;
          const minor = (BigInt(subtotal.replace('.', '')) * BigInt(g.amountShare)) / 100n;
          discount = { type: 'amount', value: fromMinor(minor, digits) };
        }
        const totals = computeTotals(inputs, discount, digits as 0 | 2);
        const issue = new Date(Date.UTC(2026, 0, 1 + g.issueDay));
        const iso = (d: Date) => d.toISOString().slice(0, 10);
        const plus = (days: number) => iso(new Date(issue.getTime() + days * 86_400_000));
        const period = g.period ?? (hasK ? { start: 0, length: 10 } : null);
        const lines: KeelLine[] = g.lines.map((l, i) => ({
          description: l.description,
          quantity: l.quantity,
          unit: l.unit,
          unitPrice: l.unitPrice,
          ...l.tax,
          amount: totals.lines[i]!.amount,
          discount: totals.lines[i]!.discount,
        }));
        const seller = {
          ...g.seller,
          // Outside the scope of VAT the seller is named by its company number (BR-CO-26).
          registrationId: outsideScope
            ? (g.seller.registrationId ?? 'RCS 123456')
            : g.seller.registrationId,
          iban: g.account?.iban ?? null,
          bic: g.account?.bic ?? null,
          electronicAddress: g.sellerEndpoint?.value ?? null,
          electronicAddressScheme: g.sellerEndpoint?.scheme ?? null,
        };
        const buyer = {
          ...g.buyer,
          taxId: needsBuyerVat
            ? (g.buyer.taxId ?? `${g.buyer.countryCode}987654321`)
            : g.buyer.taxId,
        };
        const doc: KeelDocument = {
          kind,
          number: kind === 'creditNote' ? g.number.replace('INV', 'CN') : g.number,
          issueDate: iso(issue),
          // An amount due needs a due date or payment terms (BR-CO-25).
          dueDate:
            g.dueDays === null && !g.paymentTerms
              ? plus(30)
              : g.dueDays === null
                ? null
                : plus(g.dueDays),
          currency,
          buyerReference: g.buyerReference,
          purchaseOrderReference: g.purchaseOrderReference,
          notes: g.notes,
          paymentTerms: g.paymentTerms,
          servicePeriodStart: period ? plus(-period.start - period.length) : null,
          servicePeriodEnd: period ? plus(-period.start) : null,
          precedingInvoice:
            kind === 'creditNote' ? { number: g.number, issueDate: plus(-40) } : null,
          seller,
          buyer,
          lines,
          discount,
        };
        return { doc, totals };
      });
  });
