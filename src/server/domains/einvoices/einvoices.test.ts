import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { EINVOICING_SELLER } from '../../../../tests/support/einvoice-seller.ts';
import { useFuzzSeed } from '../../../../tests/support/fuzz-seed.ts';
import { describeFailures, validateWithSaxon } from '../../../../tests/support/saxon.ts';
import { useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { extractEmbeddedXml } from './pdf-attachments.ts';

/**
 * E-invoices through the API (issue 41, items 2 and 4): varied invoices created, issued and
 * downloaded as UBL and CII pass EN 16931's official rules; the same invoice always gives
 * the same bytes, whatever happens to its client later; with e-invoicing on, an invoice that
 * breaks a rule is refused at issue with the rule and the field to fix.
 */

const seed = useFuzzSeed('einvoices');
const { owner, other } = useTwoWorkspaces('Atelier Lumière', 'Other Studio');

interface Client {
  id: number;
  currency: string;
  vat: boolean;
}
let clients: Record<'fr' | 'de' | 'jp' | 'ch' | 'noVat' | 'kwd', Client>;

async function newClient(body: Record<string, unknown>, vat: boolean): Promise<Client> {
  const res = await owner.client.post('/api/clients', { email: 'billing@example.com', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, currency: body.currency as string, vat };
}

beforeAll(async () => {
  const profile = await owner.client.put('/api/settings/business', {
    legalName: 'Atelier Lumière SARL',
    ...EINVOICING_SELLER,
    einvoicing: true,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  clients = {
    fr: await newClient(
      {
        name: 'Société <Générale> & Fils',
        currency: 'EUR',
        countryCode: 'FR',
        city: 'Lyon',
        street: '3 quai "Saint-Vincent"',
        postalCode: '69001',
        taxId: 'FR12345678901',
      },
      true,
    ),
    de: await newClient(
      {
        name: 'Nordwind GmbH & Co. KG',
        currency: 'EUR',
        countryCode: 'DE',
        city: 'Hamburg',
        taxId: 'DE123456789',
        buyerReference: '04011000-12345-34',
      },
      true,
    ),
    jp: await newClient(
      { name: '株式会社 東京デザイン', currency: 'JPY', countryCode: 'JP' },
      false,
    ),
    ch: await newClient(
      { name: 'Bergblick AG', currency: 'CHF', countryCode: 'CH', taxId: 'CHE123456789' },
      true,
    ),
    noVat: await newClient({ name: 'Ohne USt GmbH', currency: 'EUR', countryCode: 'DE' }, false),
    kwd: await newClient({ name: 'Gulf Trading', currency: 'KWD', countryCode: 'KW' }, false),
  };
});

async function createDraft(body: Record<string, unknown>) {
  const res = await owner.client.post('/api/invoices', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function issue(id: number) {
  return owner.client.post(`/api/invoices/${id}/issue`);
}

const einvoice = (id: number, format: 'ubl' | 'cii', client = owner.client) =>
  client.get(`/api/invoices/${id}/einvoice?format=${format}`);

/** A line of an invoice the API takes, for a client (reverse charge only with a VAT ID). */
const line = (client: Client) => {
  const digits = client.currency === 'JPY' ? 0 : 2;
  const categories = [
    fc.record({
      taxCategory: fc.constant('S'),
      taxRate: fc.constantFrom('20', '10', '5.5', '8.1'),
    }),
    fc.record({ taxCategory: fc.constant('Z'), taxRate: fc.constant('0') }),
    fc.record({
      taxCategory: fc.constant('E'),
      taxRate: fc.constant('0'),
      taxExemptionReason: fc.constant('Article 261 C du CGI'),
    }),
    ...(client.vat
      ? [fc.record({ taxCategory: fc.constantFrom('AE', 'K'), taxRate: fc.constant('0') })]
      : []),
  ];
  return fc.record({
    description: fc.constantFrom(
      'Design <sprint> & review',
      'Übersetzung "Handbuch"',
      'ウェブサイト制作',
      'Workshop\nwith a second line of detail that is rather long '.repeat(4).trim(),
    ),
    quantity: fc.integer({ min: 1, max: 4000 }).map((q) => (q / 100).toFixed(2)),
    unit: fc.constantFrom('hour', 'day', 'item', null),
    unitPrice: fc
      .integer({ min: 1, max: 500_000 })
      .map((p) => (digits === 0 ? String(p) : (p / 100).toFixed(2))),
    tax: fc.oneof(...categories),
  });
};

const invoiceBody = (client: Client) =>
  fc.record({
    lines: fc.array(line(client), { minLength: 1, maxLength: 4 }),
    discount: fc.oneof(
      fc.constant(null),
      fc.record({ type: fc.constant('percent'), value: fc.constantFrom('5', '12.5', '33.333') }),
      fc.record({
        type: fc.constant('amount'),
        value: fc.constant(client.currency === 'JPY' ? '7' : '7.25'),
      }),
    ),
    purchaseOrderReference: fc.option(fc.constant('PO 2026/118'), { nil: undefined }),
    notes: fc.option(fc.constant('Merci & à bientôt <3'), { nil: undefined }),
  });

describe('e-invoices of issued invoices', () => {
  const issued: { id: number; total: string; currency: string }[] = [];
  const ubl = new Map<string, string>();
  const cii = new Map<string, string>();

  beforeAll(async () => {
    const pool = [clients.fr, clients.de, clients.jp, clients.ch];
    for (let index = 0; index < 20; index++) {
      const client = pool[index % pool.length]!;
      const [body] = fc.sample(invoiceBody(client), { numRuns: 1, seed: seed + index });
      const hasK = body!.lines.some((l) => l.tax.taxCategory === 'K');
      const draft = await createDraft({
        clientId: client.id,
        lines: body!.lines.map(({ tax, ...rest }) => ({ ...rest, ...tax })),
        // An amount discount larger than the subtotal is refused: a percent always fits.
        discount: body!.discount?.type === 'amount' ? null : body!.discount,
        purchaseOrderReference: body!.purchaseOrderReference,
        notes: body!.notes,
        ...(hasK || index % 3 === 0
          ? { servicePeriodStart: '2026-10-01', servicePeriodEnd: '2026-10-31' }
          : {}),
      });
      const res = await issue(draft.id);
      expect(res.statusCode, res.body).toBe(200);
      const invoice = res.json() as { id: number; total: string; currency: string };
      issued.push(invoice);
      for (const [format, documents] of [
        ['ubl', ubl],
        ['cii', cii],
      ] as const) {
        const doc = await einvoice(invoice.id, format);
        expect(doc.statusCode, doc.body).toBe(200);
        expect(doc.headers['content-type']).toContain('application/xml');
        expect(doc.headers['content-disposition']).toMatch(
          new RegExp(`attachment; filename="invoice-.+-${format}\\.xml"`),
        );
        documents.set(`invoice-${invoice.id}`, doc.body);
      }
    }
  }, 240_000);

  it('pass the official EN 16931 rules with no fatal failure, UBL and CII', async () => {
    expect(describeFailures(await validateWithSaxon('ubl', ubl))).toEqual([]);
    expect(describeFailures(await validateWithSaxon('cii', cii))).toEqual([]);
  }, 240_000);

  it("say the invoice's own total", () => {
    for (const invoice of issued) {
      expect(ubl.get(`invoice-${invoice.id}`)).toContain(
        `<cbc:PayableAmount currencyID="${invoice.currency}">${invoice.total}</cbc:PayableAmount>`,
      );
      expect(cii.get(`invoice-${invoice.id}`)).toContain(
        `<ram:DuePayableAmount>${invoice.total}</ram:DuePayableAmount>`,
      );
    }
  });

  it('are the same bytes every time, whatever the client becomes after issue', async () => {
    const invoice = issued[0]!;
    const first = await einvoice(invoice.id, 'ubl');
    expect((await einvoice(invoice.id, 'ubl')).body).toBe(first.body);
    const edit = await owner.client.put(`/api/clients/${clients.fr.id}`, {
      name: 'Renamed Client',
      countryCode: 'BE',
      taxId: 'BE0123456789',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await einvoice(invoice.id, 'ubl')).body).toBe(first.body);
    expect((await einvoice(invoice.id, 'cii')).body).toBe(cii.get(`invoice-${invoice.id}`));
    expect(first.body).toContain('Société &lt;Générale&gt; &amp; Fils');
  });

  it("are another workspace's business only as not found", async () => {
    const invoice = issued[0]!;
    expect((await einvoice(invoice.id, 'ubl', other.client)).statusCode).toBe(404);
    expect(
      (await other.client.post(`/api/invoices/${invoice.id}/einvoice/validate`)).statusCode,
    ).toBe(404);
  });

  it('as Factur-X: the PDF embeds, as factur-x.xml, the very CII the CII download answers', async () => {
    for (const invoice of issued.slice(0, 3)) {
      const res = await owner.client.get(`/api/invoices/${invoice.id}/pdf?format=facturx`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      const embedded = await extractEmbeddedXml(new Uint8Array(res.rawPayload));
      expect(embedded?.name).toBe('factur-x.xml');
      expect(embedded?.xml).toBe(cii.get(`invoice-${invoice.id}`));
    }
    expect(
      (await other.client.get(`/api/invoices/${issued[0]!.id}/pdf?format=facturx`)).statusCode,
    ).toBe(404);
  });

  it('refuses a format it does not know', async () => {
    const res = await owner.client.get(`/api/invoices/${issued[0]!.id}/einvoice?format=pdf`);
    expect(res.statusCode).toBe(400);
  });
});

describe('valid by construction', () => {
  it('refuses to issue reverse charge without the buyer VAT ID, naming the rule and the field', async () => {
    const draft = await createDraft({
      clientId: clients.noVat.id,
      lines: [
        {
          description: 'Consulting',
          quantity: '3',
          unitPrice: '400.00',
          taxRate: '0',
          taxCategory: 'AE',
        },
      ],
    });
    const check = await owner.client.post(`/api/invoices/${draft.id}/einvoice/validate`);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().valid).toBe(false);
    expect(check.json().errors).toContainEqual({
      rule: 'BR-AE-02',
      field: 'buyer.taxId',
      message: expect.stringContaining("client's VAT ID"),
    });

    const refused = await issue(draft.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toEqual(check.json().errors);
    expect(refused.json().error).toContain("client's VAT ID");
    // Sending issues the draft too: refused alike.
    const sent = await owner.client.put(`/api/invoices/${draft.id}`, { status: 'sent' });
    expect(sent.statusCode).toBe(422);
    const still = (await owner.client.get(`/api/invoices/${draft.id}`)).json();
    expect(still.status).toBe('draft');
    expect(still.invoiceNumber).toBeNull();
    // A draft has no e-invoice yet.
    expect((await einvoice(draft.id, 'ubl')).statusCode).toBe(409);

    // Fixed on the client, it issues.
    const fix = await owner.client.put(`/api/clients/${clients.noVat.id}`, {
      taxId: 'DE987654321',
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const validNow = await owner.client.post(`/api/invoices/${draft.id}/einvoice/validate`);
    expect(validNow.json()).toEqual({ valid: true, errors: [] });
    expect((await issue(draft.id)).statusCode).toBe(200);
    const report = await validateWithSaxon(
      'ubl',
      new Map([['fixed', (await einvoice(draft.id, 'ubl')).body]]),
    );
    expect(describeFailures(report)).toEqual([]);
  });

  it('refuses a 3-decimal currency, naming the rule, rather than rounding it', async () => {
    const draft = await createDraft({
      clientId: clients.kwd.id,
      lines: [{ description: 'Advice', quantity: '1', unitPrice: '10.125', taxRate: '0' }],
    });
    const refused = await issue(draft.id);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors).toContainEqual(
      expect.objectContaining({ rule: 'BR-DEC-09', field: 'currency' }),
    );
  });

  it('issues anything with e-invoicing off; its e-invoice is then refused with the rules it breaks', async () => {
    const off = await owner.client.put('/api/settings/business', { einvoicing: false });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const draft = await createDraft({
        clientId: clients.kwd.id,
        lines: [{ description: 'Advice', quantity: '1', unitPrice: '10.125', taxRate: '0' }],
      });
      expect((await issue(draft.id)).statusCode).toBe(200);
      const res = await einvoice(draft.id, 'cii');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ rule: 'BR-DEC-09' }));
    } finally {
      await owner.client.put('/api/settings/business', { einvoicing: true });
    }
  });
});
