import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { computeTotals } from '../../src/shared/invoice-math.ts';
import { toCii } from '../../src/server/domains/einvoices/cii.ts';
import {
  buildEinvoiceModel,
  type EinvoiceModel,
  type KeelDocument,
} from '../../src/server/domains/einvoices/einvoice.model.ts';
import { checkEinvoice } from '../../src/server/domains/einvoices/einvoice.rules.ts';
import {
  PEPPOL_CUSTOMIZATION,
  toUbl,
  XRECHNUNG_CUSTOMIZATION,
} from '../../src/server/domains/einvoices/ubl.ts';
import { einvoiceDocument } from '../support/einvoice-arbitrary.ts';
import { useFuzzSeed } from '../support/fuzz-seed.ts';
import {
  ciiSchema,
  describeFailures,
  validateWithSaxon,
  type SaxonReport,
} from '../support/saxon.ts';

/**
 * Keel's e-invoices against EN 16931's own rules: ≥200 generated documents (Keel's totals,
 * mixed categories and rates, discounts, 0- and 2-decimal currencies, long and non-Latin
 * texts, XML's special characters) as UBL and CII through the official XSLTs (one java run
 * per syntax) and the CII schema; each one passes Keel's pre-issue rules too. Hand-made bad
 * documents that Keel's rules refuse are refused by the official rules as well.
 */

const seed = useFuzzSeed('einvoice-conformance');
const RUNS = 220;

const generated = fc.sample(einvoiceDocument, { numRuns: RUNS, seed });

/** A valid reverse-charge-free base document, for the hand-made bad cases. */
function baseDocument(): KeelDocument {
  const lines = [
    { description: 'Design', quantity: '2', unitPrice: '100.00', taxRate: '20' },
    { description: 'Hosting', quantity: '1', unitPrice: '10.00', taxRate: '0' },
  ];
  const totals = computeTotals(lines, null, 2);
  return {
    kind: 'invoice',
    number: 'INV-0042',
    issueDate: '2026-11-29',
    dueDate: '2026-12-29',
    currency: 'EUR',
    seller: { name: 'Atelier Lumière', taxId: 'FR40123456824', countryCode: 'FR', city: 'Lyon' },
    buyer: { name: 'Nordwind GmbH', taxId: null, countryCode: 'DE', city: 'Hamburg' },
    lines: lines.map((l, i) => ({
      ...l,
      taxCategory: i === 0 ? 'S' : 'Z',
      amount: totals.lines[i]!.amount,
      discount: totals.lines[i]!.discount,
    })),
    discount: null,
  };
}

/** Bad documents, each with the rule Keel names and the official rules must break too. */
const BAD: { name: string; rule: string; field: string; doc: () => KeelDocument }[] = [
  {
    name: 'reverse-charge-without-buyer-vat',
    rule: 'BR-AE-02',
    field: 'buyer.taxId',
    doc: () => {
      const d = baseDocument();
      d.lines[1] = { ...d.lines[1]!, taxCategory: 'AE' };
      return d;
    },
  },
  {
    name: 'standard-rate-without-seller-vat',
    rule: 'BR-S-02',
    field: 'seller.taxId',
    doc: () => {
      const d = baseDocument();
      d.seller = { ...d.seller, taxId: null, registrationId: '123 456 789' };
      return d;
    },
  },
  {
    name: 'exempt-without-reason',
    rule: 'BR-E-10',
    field: 'lines[1].taxExemptionReason',
    doc: () => {
      const d = baseDocument();
      d.lines[1] = { ...d.lines[1]!, taxCategory: 'E' };
      return d;
    },
  },
  {
    name: 'zero-rated-with-a-rate',
    rule: 'BR-Z-05',
    field: 'lines[1].taxRate',
    doc: () => {
      const d = baseDocument();
      const lines = [
        { description: 'Design', quantity: '2', unitPrice: '100.00', taxRate: '20' },
        { description: 'Hosting', quantity: '1', unitPrice: '10.00', taxRate: '7' },
      ];
      const totals = computeTotals(lines, null, 2);
      d.lines = lines.map((l, i) => ({
        ...l,
        taxCategory: i === 0 ? 'S' : 'Z',
        amount: totals.lines[i]!.amount,
        discount: totals.lines[i]!.discount,
      }));
      return d;
    },
  },
  {
    name: 'buyer-without-country',
    rule: 'BR-11',
    field: 'buyer.countryCode',
    doc: () => {
      const d = baseDocument();
      d.buyer = { ...d.buyer, countryCode: null };
      return d;
    },
  },
  {
    name: 'period-ends-before-it-starts',
    rule: 'BR-29',
    field: 'servicePeriodEnd',
    doc: () => ({
      ...baseDocument(),
      servicePeriodStart: '2026-11-10',
      servicePeriodEnd: '2026-11-01',
    }),
  },
  {
    name: 'three-decimal-currency',
    rule: 'BR-DEC-09',
    field: 'currency',
    doc: () => {
      const lines = [{ description: 'Advice', quantity: '1.5', unitPrice: '10.125', taxRate: '0' }];
      const totals = computeTotals(lines, null, 3);
      return {
        ...baseDocument(),
        currency: 'KWD',
        lines: lines.map((l, i) => ({
          ...l,
          taxCategory: 'Z' as const,
          amount: totals.lines[i]!.amount,
          discount: totals.lines[i]!.discount,
        })),
      };
    },
  },
];

describe('e-invoices against the official EN 16931 rules', () => {
  const models = new Map<string, EinvoiceModel>();
  let ubl: SaxonReport;
  let cii: SaxonReport;
  const ublDocs = new Map<string, string>();
  const ciiDocs = new Map<string, string>();

  beforeAll(async () => {
    generated.forEach(({ doc }, index) => {
      const model = buildEinvoiceModel(doc);
      const name = `generated-${String(index).padStart(3, '0')}`;
      models.set(name, model);
      ublDocs.set(name, toUbl(model));
      ciiDocs.set(name, toCii(model));
    });
    for (const bad of BAD) {
      const model = buildEinvoiceModel(bad.doc());
      models.set(bad.name, model);
      ublDocs.set(bad.name, toUbl(model));
      ciiDocs.set(bad.name, toCii(model));
    }
    // One java process per syntax, in turn: two cores are shared.
    ubl = await validateWithSaxon('ubl', ublDocs);
    cii = await validateWithSaxon('cii', ciiDocs);
  }, 300_000);

  it(`generates ${RUNS} documents of every kind`, () => {
    const all = generated.map((g) => buildEinvoiceModel(g.doc));
    const categories = new Set(all.flatMap((m) => m.taxes.map((t) => t.category)));
    expect([...categories].sort()).toEqual(['AE', 'E', 'G', 'K', 'O', 'S', 'Z']);
    expect(new Set(all.map((m) => m.currencyDigits))).toEqual(new Set([0, 2]));
    expect(all.some((m) => m.kind === 'creditNote')).toBe(true);
    expect(all.some((m) => m.allowances.some((a) => a.percent !== null))).toBe(true);
    expect(all.some((m) => m.allowances.some((a) => a.percent === null))).toBe(true);
  });

  it('every generated document says exactly the totals Keel computed', () => {
    generated.forEach(({ doc, totals }, index) => {
      const model = models.get(`generated-${String(index).padStart(3, '0')}`)!;
      expect(model.totals.lineNet).toBe(totals.subtotal);
      expect(model.totals.allowances).toBe(totals.discount);
      expect(model.totals.tax).toBe(totals.taxTotal);
      expect(model.totals.payable).toBe(totals.total);
      expect(doc.lines.length).toBe(model.lines.length);
    });
  });

  it("every generated document passes Keel's own rules", () => {
    const refused = generated.flatMap(({ totals }, index) => {
      const name = `generated-${String(index).padStart(3, '0')}`;
      const errors = checkEinvoice(models.get(name)!, {
        subtotal: totals.subtotal,
        discountTotal: totals.discount,
        taxTotal: totals.taxTotal,
        total: totals.total,
      });
      return errors.map((e) => `${name}: ${e.rule} ${e.field} ${e.message}`);
    });
    expect(refused).toEqual([]);
  });

  it('every generated UBL document passes the official rules with no fatal failure', () => {
    const generatedOnly = new Map([...ubl].filter(([name]) => name.startsWith('generated-')));
    expect(generatedOnly.size).toBe(RUNS);
    expect(describeFailures(generatedOnly)).toEqual([]);
  });

  it('every generated CII document passes the official rules with no fatal failure', () => {
    const generatedOnly = new Map([...cii].filter(([name]) => name.startsWith('generated-')));
    expect(generatedOnly.size).toBe(RUNS);
    expect(describeFailures(generatedOnly)).toEqual([]);
  });

  it('every generated CII document is valid under the D16B schema', async () => {
    const { schema, preload } = ciiSchema();
    const result = await validateXML({
      xml: [...ciiDocs]
        .filter(([name]) => name.startsWith('generated-'))
        .map(([name, contents]) => ({ fileName: `${name}.xml`, contents })),
      schema,
      preload,
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each(BAD.map((b) => [b.name, b] as const))(
    '%s: refused by Keel and by the official rules',
    (name, bad) => {
      const errors = checkEinvoice(models.get(name)!);
      expect(errors).toContainEqual(expect.objectContaining({ rule: bad.rule, field: bad.field }));
      expect(errors.every((e) => e.message.length > 10)).toBe(true);
      // The official rules refuse it too, in both syntaxes (BR-DEC-* for the amounts of a
      // 3-decimal currency, which the rules name per amount).
      for (const report of [ubl, cii]) {
        const ids = report.get(name)!.map((f) => f.id);
        if (bad.rule.startsWith('BR-DEC')) {
          expect(ids.some((id) => id.startsWith('BR-DEC'))).toBe(true);
        } else {
          expect(ids).toContain(bad.rule);
        }
      }
    },
  );

  it('asks for a due date or payment terms when an amount is due (BR-CO-25)', () => {
    // EN 16931's rule, which this release of the official artefacts does not check yet.
    const errors = checkEinvoice(
      buildEinvoiceModel({ ...baseDocument(), dueDate: null, paymentTerms: null }),
    );
    expect(errors).toContainEqual(expect.objectContaining({ rule: 'BR-CO-25', field: 'dueDate' }));
    expect(
      checkEinvoice(
        buildEinvoiceModel({ ...baseDocument(), dueDate: null, paymentTerms: 'Net 30' }),
      ),
    ).toEqual([]);
  });

  it('the same model always gives the same bytes', () => {
    const { doc } = generated[0]!;
    expect(toUbl(buildEinvoiceModel(doc))).toBe(toUbl(buildEinvoiceModel(doc)));
    expect(toCii(buildEinvoiceModel(doc))).toBe(toCii(buildEinvoiceModel(doc)));
  });

  it('names XRechnung only for a German buyer with a buyer reference', () => {
    const doc = baseDocument();
    expect(toUbl(buildEinvoiceModel(doc))).toContain(PEPPOL_CUSTOMIZATION);
    const german = buildEinvoiceModel({ ...doc, buyerReference: '04011000-12345-34' });
    expect(toUbl(german)).toContain(XRECHNUNG_CUSTOMIZATION);
    expect(toCii(german)).toContain(XRECHNUNG_CUSTOMIZATION);
    const french = buildEinvoiceModel({
      ...doc,
      buyerReference: 'REF-1',
      buyer: { ...doc.buyer, countryCode: 'FR' },
    });
    expect(toUbl(french)).toContain(PEPPOL_CUSTOMIZATION);
  });

  it('escapes what XML must and keeps non-Latin text as written', () => {
    const doc = baseDocument();
    doc.buyer = { ...doc.buyer, name: 'Müller & Söhne <株式会社> "Ω"' };
    const xml = toUbl(buildEinvoiceModel(doc));
    expect(xml).toContain('Müller &amp; Söhne &lt;株式会社&gt; &quot;Ω&quot;');
    expect(xml).not.toContain('<株式会社>');
  });
});
