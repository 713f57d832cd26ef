import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import type { Creditable, CreditNoteDetail } from '../../src/shared/credit-notes.schema.ts';
import { minorDigits } from '../../src/shared/currencies.ts';
import { computeTotals, fromMinor, toMinor } from '../../src/shared/invoice-math.ts';
import { EINVOICING_SELLER } from '../support/einvoice-seller.ts';
import { useFuzzSeed } from '../support/fuzz-seed.ts';
import { ok } from '../support/responses.ts';
import {
  ciiSchema,
  describeFailures,
  validateWithSaxon,
  type SaxonReport,
} from '../support/saxon.ts';
import { useOwner, useTestApp } from '../support/test-app.ts';

/**
 * Issue 41's proof, through the API: invoices generated with mixed tax categories and rates,
 * discounts, currencies with 0 and 2 decimals, long texts and non-Latin names are issued with
 * e-invoicing on, then credited in full, by lines (part of a quantity, an amount of a line)
 * and by amounts, once or several times; every invoice's and credit note's UBL and CII
 * (≥ 200 documents) pass EN 16931's official rules (one Saxon run per syntax) with no fatal
 * failure, and every CII the D16B schema. Each credit note's document says its own totals.
 */

const seed = useFuzzSeed('einvoice-api-conformance');
const owner = useOwner(useTestApp(), 'Conformité Atelier');

/** At least this many documents (invoices and credit notes), each as UBL and as CII. */
const DOCUMENTS = 200;

interface Client {
  id: number;
  currency: string;
  /** Has a VAT ID: reverse charge and intra-Community supplies may be billed to it. */
  vat: boolean;
}

const CLIENTS = [
  {
    name: 'Société <Générale> & Fils "SA"',
    currency: 'EUR',
    countryCode: 'FR',
    city: 'Lyon',
    street: '3 quai Saint-Vincent',
    postalCode: '69001',
    taxId: 'FR12345678901',
  },
  {
    name: 'Nordwind GmbH & Co. KG',
    currency: 'EUR',
    countryCode: 'DE',
    city: 'Hamburg',
    taxId: 'DE123456789',
    buyerReference: '04011000-12345-34',
  },
  { name: '株式会社 東京デザイン', currency: 'JPY', countryCode: 'JP', city: '東京' },
  { name: 'Bergblick AG', currency: 'CHF', countryCode: 'CH', taxId: 'CHE123456789' },
  { name: 'Αθήνα Σύμβουλοι Ltd', currency: 'GBP', countryCode: 'GB', taxId: 'GB123456789' },
  { name: 'شركة المستقبل', currency: 'CLP', countryCode: 'CL', city: 'Santiago' },
  { name: 'ООО «Ромашка» / עברית בע"מ', currency: 'PLN', countryCode: 'PL', taxId: 'PL1234567890' },
  { name: 'Ísland ehf.', currency: 'ISK', countryCode: 'IS' },
];

const LONG = Array.from(
  { length: 12 },
  (_, i) => `Phase ${i + 1}: analyse, Entwurf & 検証 <${'x'.repeat(i)}> — “review”`,
)
  .join('\n')
  .padEnd(1900, ' und so weiter');

const description = fc.constantFrom(
  'Design <sprint> & review',
  'Übersetzung "Handbuch"',
  'ウェブサイト制作',
  'Ремонт и настройка',
  'Συμβουλευτική',
  'استشارات',
  ']]> <![CDATA[ x ]]>',
  'Emoji 🚀 ✓',
  LONG,
);

const S_RATES = ['20', '19', '10', '7', '5.5', '8.1', '21', '2.1', '12.345'];

interface LineTax {
  taxCategory: string;
  taxRate: string;
  taxExemptionReason?: string;
}

/** A line's tax: standard at a rate, or one of the 0 % categories the client allows. */
const standard = fc.record({ taxCategory: fc.constant('S'), taxRate: fc.constantFrom(...S_RATES) });
const tax = (client: Client): fc.Arbitrary<LineTax> =>
  fc.oneof<fc.Arbitrary<LineTax>[]>(
    standard,
    standard,
    standard,
    fc.record({ taxCategory: fc.constant('Z'), taxRate: fc.constant('0') }),
    fc.record({
      taxCategory: fc.constant('E'),
      taxRate: fc.constant('0'),
      taxExemptionReason: fc.constantFrom('Article 261-4-4° du CGI', '§ 4 Nr. 21 UStG'),
    }),
    fc.record({ taxCategory: fc.constant('G'), taxRate: fc.constant('0') }),
    ...(client.vat
      ? [fc.record({ taxCategory: fc.constantFrom('AE', 'K'), taxRate: fc.constant('0') })]
      : []),
  );

const line = (client: Client, outsideScope: boolean) => {
  const digits = minorDigits(client.currency);
  return fc.record({
    description,
    quantity: fc.integer({ min: 1, max: 40_000 }).map((q) => fromMinor(BigInt(q), 2)),
    unit: fc.constantFrom('hour', 'day', 'page', 'item', null),
    unitPrice: fc
      .integer({ min: 1, max: 2_000_000 })
      .map((p) => fromMinor(BigInt(digits === 0 ? Math.ceil(p / 100) : p), digits)),
    tax: outsideScope ? fc.constant<LineTax>({ taxCategory: 'O', taxRate: '0' }) : tax(client),
  });
};

/** How an invoice is credited: each step a way, with fractions (per cent) to pick amounts. */
const creditStep = fc.oneof(
  fc.record({ way: fc.constant('full' as const) }),
  fc.record({
    way: fc.constant('lines' as const),
    byAmount: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    chosen: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ way: fc.constant('amount' as const), percent: fc.integer({ min: 1, max: 100 }) }),
);

const invoicePlan = (client: Client) =>
  fc.integer({ min: 0, max: 9 }).chain((roll) => {
    const outsideScope = roll === 0;
    return fc.record({
      lines: fc.array(line(client, outsideScope), { minLength: 1, maxLength: 6 }),
      discount: fc.constantFrom('none', 'percent', 'amount'),
      percent: fc.constantFrom('5', '12.5', '33.333', '50', '0.5'),
      amountShare: fc.integer({ min: 1, max: 60 }),
      period: fc.boolean(),
      purchaseOrderReference: fc.option(fc.constant('PO 2026/118'), { nil: undefined }),
      notes: fc.option(fc.constantFrom('Merci & à bientôt <3', LONG), { nil: undefined }),
      credits: fc.array(creditStep, { minLength: 1, maxLength: 3 }),
    });
  });

type Plan = ReturnType<typeof invoicePlan> extends fc.Arbitrary<infer P> ? P : never;

/** The invoice body the API takes for a plan. */
function invoiceBody(client: Client, plan: Plan) {
  const digits = minorDigits(client.currency) as 0 | 2;
  const lines = plan.lines.map(({ tax: t, ...rest }) => ({ ...rest, ...t }));
  let discount: { type: string; value: string } | null = null;
  if (plan.discount === 'percent') discount = { type: 'percent', value: plan.percent };
  if (plan.discount === 'amount') {
    const subtotal = toMinor(computeTotals(lines, null, digits).subtotal, digits);
    const value = (subtotal * BigInt(plan.amountShare)) / 100n;
    if (value > 0n) discount = { type: 'amount', value: fromMinor(value, digits) };
  }
  const needsPeriod = lines.some((l) => l.taxCategory === 'K');
  return {
    clientId: client.id,
    status: 'sent',
    lines,
    discount,
    purchaseOrderReference: plan.purchaseOrderReference,
    notes: plan.notes,
    ...(needsPeriod || plan.period
      ? { servicePeriodStart: '2026-10-01', servicePeriodEnd: '2026-10-31' }
      : {}),
  };
}

/** A share (per cent, at least one minor unit) of a remaining amount, in minor units. */
const share = (remaining: bigint, percent: number) => {
  const part = (remaining * BigInt(percent)) / 100n;
  return part > 0n ? part : remaining > 0n ? 1n : 0n;
};

/** The request of one credit step, from what remains of the invoice. */
function creditRequest(step: Plan['credits'][number], creditable: Creditable) {
  const digits = minorDigits(creditable.currency);
  if (step.way === 'full') return { reason: 'Cancelled in full' };
  if (step.way === 'amount') {
    const amount = share(toMinor(creditable.remaining, digits), step.percent);
    return { reason: 'Goodwill', amount: fromMinor(amount, digits) };
  }
  const open = creditable.lines.filter((l) => toMinor(l.remainingAmount, digits) > 0n);
  const lines = open
    .filter((_, i) => step.chosen[i % 6] || i === 0)
    .map((l, i) => {
      if (step.byAmount[i % 6]) {
        const amount = share(toMinor(l.remainingAmount, digits), step.percent);
        return { invoiceLineId: l.invoiceLineId, amount: fromMinor(amount, digits) };
      }
      const quantity = share(toMinor(l.remainingQuantity, 2), step.percent);
      return quantity > 0n
        ? { invoiceLineId: l.invoiceLineId, quantity: fromMinor(quantity, 2) }
        : { invoiceLineId: l.invoiceLineId, amount: l.remainingAmount };
    });
  return lines.length > 0 ? { reason: 'Partly returned', lines } : { reason: 'The rest' };
}

describe('invoices and credit notes made through the API, against the official EN 16931 rules', () => {
  const ubl = new Map<string, string>();
  const cii = new Map<string, string>();
  const notes: CreditNoteDetail[] = [];
  let invoices = 0;
  let ublReport: SaxonReport;
  let ciiReport: SaxonReport;

  const download = async (kind: 'invoices' | 'credit-notes', id: number, name: string) => {
    for (const [format, documents] of [
      ['ubl', ubl],
      ['cii', cii],
    ] as const) {
      const res = await owner.client.get(`/api/${kind}/${id}/einvoice?format=${format}`);
      expect(res.statusCode, `${name} ${format}: ${res.body}`).toBe(200);
      documents.set(name, res.body);
    }
  };

  beforeAll(async () => {
    await ok(
      owner.client.put('/api/settings/business', {
        legalName: 'Conformité Atelier SARL',
        ...EINVOICING_SELLER,
        registrationId: 'RCS Paris 123 456 789',
        electronicAddress: '7300010000001',
        electronicAddressScheme: '0088',
        einvoicing: true,
      }),
    );
    const clients: Client[] = [];
    for (const body of CLIENTS) {
      const created = await ok<{ id: number }>(
        owner.client.post('/api/clients', { email: 'billing@example.com', ...body }),
        201,
      );
      clients.push({ id: created.id, currency: body.currency, vat: 'taxId' in body });
    }

    for (let index = 0; ubl.size < DOCUMENTS; index++) {
      const client = clients[index % clients.length]!;
      const [plan] = fc.sample(invoicePlan(client), { numRuns: 1, seed: seed + index });
      const invoice = await ok<{ id: number; invoiceNumber: string }>(
        owner.client.post('/api/invoices', invoiceBody(client, plan!)),
        201,
      );
      invoices++;
      await download('invoices', invoice.id, `invoice-${invoice.invoiceNumber}`);
      for (const step of plan!.credits) {
        const creditable = await ok<Creditable>(
          owner.client.get(`/api/invoices/${invoice.id}/creditable`),
        );
        if (toMinor(creditable.remaining, minorDigits(creditable.currency)) === 0n) break;
        let res = await owner.client.post(
          `/api/invoices/${invoice.id}/credit-notes`,
          creditRequest(step, creditable),
        );
        // Less may remain at one tax rate than a proportional amount asks, or a small part of
        // a quantity may come to nothing: the rest, then.
        if (res.statusCode === 409 || res.statusCode === 400) {
          res = await owner.client.post(`/api/invoices/${invoice.id}/credit-notes`, {
            reason: 'The rest',
          });
        }
        expect(res.statusCode, res.body).toBe(201);
        const note = res.json() as CreditNoteDetail;
        notes.push(note);
        await download('credit-notes', note.id, `credit-note-${note.creditNoteNumber}`);
      }
    }
    // One java process per syntax, in turn: two cores are shared.
    ublReport = await validateWithSaxon('ubl', ubl);
    ciiReport = await validateWithSaxon('cii', cii);
  }, 900_000);

  it(`makes at least ${DOCUMENTS} documents of every kind`, () => {
    expect(ubl.size).toBeGreaterThanOrEqual(DOCUMENTS);
    expect(ubl.size).toBe(invoices + notes.length);
    expect(notes.length).toBeGreaterThanOrEqual(80);
    expect(new Set(notes.map((n) => n.mode))).toEqual(new Set(['full', 'lines', 'amount']));
    const credits = new Set(notes.flatMap((n) => n.lines.map((l) => l.credits)));
    expect(credits).toEqual(new Set(['quantity', 'amount', 'rate']));
    expect(new Set(notes.map((n) => minorDigits(n.currency)))).toEqual(new Set([0, 2]));
    const creditNotes = notes.map((n) => ubl.get(`credit-note-${n.creditNoteNumber}`)!);
    // Discount shares as line allowances, and every tax category, among the credit notes.
    expect(
      creditNotes.some((x) => /<cac:CreditNoteLine>[\s\S]*<cac:AllowanceCharge>/.test(x)),
    ).toBe(true);
    for (const category of ['S', 'Z', 'E', 'AE', 'K', 'G', 'O']) {
      expect(
        creditNotes.some((x) =>
          new RegExp(`<cac:TaxSubtotal>[\\s\\S]*?<cbc:ID>${category}</cbc:ID>`).test(x),
        ),
        category,
      ).toBe(true);
    }
  });

  it('every UBL Invoice and CreditNote passes the official rules with no fatal failure', () => {
    expect(ublReport.size).toBe(ubl.size);
    expect(describeFailures(ublReport)).toEqual([]);
  });

  it('every CII 380 and 381 passes the official rules with no fatal failure', () => {
    expect(ciiReport.size).toBe(cii.size);
    expect(describeFailures(ciiReport)).toEqual([]);
  });

  it('every CII document is valid under the D16B schema', async () => {
    const { schema, preload } = ciiSchema();
    const result = await validateXML({
      xml: [...cii].map(([name, contents]) => ({ fileName: `${name}.xml`, contents })),
      schema,
      preload,
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("every credit note's document says the credit note's own totals", () => {
    for (const note of notes) {
      const name = `credit-note-${note.creditNoteNumber}`;
      const amount = (v: string) => `currencyID="${note.currency}">${v}</`;
      const u = ubl.get(name)!;
      expect(u).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
      expect(u).toContain(`<cbc:PayableAmount ${amount(note.total)}cbc:PayableAmount>`);
      expect(u).toContain(
        `<cbc:TaxExclusiveAmount ${amount(note.subtotal)}cbc:TaxExclusiveAmount>`,
      );
      expect(u).toMatch(new RegExp(`<cac:TaxTotal>\\s*<cbc:TaxAmount ${amount(note.taxTotal)}`));
      expect(u).toContain(`<cbc:ID>${note.invoice.number}</cbc:ID>`);
      const c = cii.get(name)!;
      expect(c).toContain('<ram:TypeCode>381</ram:TypeCode>');
      expect(c).toContain(`<ram:DuePayableAmount>${note.total}</ram:DuePayableAmount>`);
      expect(c).toContain(`<ram:IssuerAssignedID>${note.invoice.number}</ram:IssuerAssignedID>`);
    }
  });
});
