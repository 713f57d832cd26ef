import { beforeAll, describe, expect, it } from 'vitest';
import { EINVOICING_SELLER } from '../../../../tests/support/einvoice-seller.ts';
import { ok } from '../../../../tests/support/responses.ts';
import { describeFailures, validateWithSaxon } from '../../../../tests/support/saxon.ts';
import { useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import type { CreditNoteDetail } from '../../../shared/credit-notes.schema.ts';
import { fromMinor, toMinor } from '../../../shared/invoice-math.ts';
import { XRECHNUNG_CUSTOMIZATION } from './ubl.ts';

/**
 * Credit notes as e-invoices (issue 41, item 5): `GET /api/credit-notes/{id}/einvoice` answers
 * a UBL CreditNote or a CII 381 that names the invoice it credits, says the credit note's own
 * amounts (a line credited by quantity keeps its price, its discount share an allowance), and
 * passes EN 16931's official rules; the same bytes every time; 404 for another workspace; 422
 * with the rules when the credit note cannot be one.
 */

const { t, owner, other } = useTwoWorkspaces('Atelier Avoir', 'Studio Sans Pays');

const clients = { fr: 0, de: 0, jp: 0 };
const notes: CreditNoteDetail[] = [];
const ubl = new Map<string, string>();
const cii = new Map<string, string>();
let invoice: { id: number; invoiceNumber: string; issueDate: string };

const einvoice = (id: number, format: string, client = owner.client) =>
  client.get(`/api/credit-notes/${id}/einvoice?format=${format}`);

async function creditNote(invoiceId: number, body: object) {
  const note = await ok<CreditNoteDetail>(
    owner.client.post(`/api/invoices/${invoiceId}/credit-notes`, { reason: 'Correction', ...body }),
    201,
  );
  notes.push(note);
  return note;
}

beforeAll(async () => {
  await ok(
    owner.client.put('/api/settings/business', {
      legalName: 'Atelier Avoir SARL',
      ...EINVOICING_SELLER,
      einvoicing: true,
    }),
  );
  const client = async (body: object) =>
    (
      await ok<{ id: number }>(
        owner.client.post('/api/clients', { email: 'billing@example.com', ...body }),
        201,
      )
    ).id;
  clients.fr = await client({
    name: 'Société <Générale> & Fils',
    email: 'billing@example.com',
    currency: 'EUR',
    countryCode: 'FR',
    city: 'Lyon',
    taxId: 'FR12345678901',
  });
  clients.de = await client({
    name: 'Nordwind GmbH',
    currency: 'EUR',
    countryCode: 'DE',
    city: 'Hamburg',
    taxId: 'DE123456789',
    buyerReference: '04011000-12345-34',
  });
  clients.jp = await client({ name: '株式会社 東京デザイン', currency: 'JPY', countryCode: 'JP' });

  // Two standard rates, and at 0 % an exempt and a zero-rated line, 10 % off.
  invoice = await ok(
    owner.client.post('/api/invoices', {
      clientId: clients.fr,
      status: 'sent',
      discount: { type: 'percent', value: '10' },
      servicePeriodStart: '2026-10-01',
      servicePeriodEnd: '2026-10-31',
      lines: [
        { description: 'Design', quantity: '10', unit: 'hour', unitPrice: '100.00', taxRate: '20' },
        { description: 'Hosting', quantity: '3', unitPrice: '33.33', taxRate: '10' },
        {
          description: 'Training',
          quantity: '1',
          unitPrice: '50.00',
          taxRate: '0',
          taxCategory: 'E',
          taxExemptionReason: 'Article 261-4-4° du CGI',
        },
        { description: 'Books', quantity: '2', unitPrice: '12.50', taxRate: '0', taxCategory: 'Z' },
      ],
    }),
    201,
  );
  const lines = (
    await ok<{ lines: { id: number }[] }>(owner.client.get(`/api/invoices/${invoice.id}`))
  ).lines;
  await creditNote(invoice.id, { lines: [{ invoiceLineId: lines[0]!.id, quantity: '4' }] });
  await creditNote(invoice.id, { amount: '100.00' });
  await creditNote(invoice.id, {});

  const jpy = await ok<{ id: number }>(
    owner.client.post('/api/invoices', {
      clientId: clients.jp,
      status: 'sent',
      discount: { type: 'amount', value: '333' },
      lines: [
        { description: 'ウェブサイト制作', quantity: '3', unitPrice: '12345', taxRate: '10' },
        { description: '翻訳', quantity: '7', unit: 'page', unitPrice: '999', taxRate: '8' },
      ],
    }),
    201,
  );
  await creditNote(jpy.id, {});
  const german = await ok<{ id: number }>(
    owner.client.post('/api/invoices', {
      clientId: clients.de,
      status: 'sent',
      lines: [{ description: 'Beratung', quantity: '3', unitPrice: '400.00', taxRate: '19' }],
    }),
    201,
  );
  await creditNote(german.id, { amount: '119.00' });

  for (const note of notes) {
    for (const [format, documents] of [
      ['ubl', ubl],
      ['cii', cii],
    ] as const) {
      const res = await einvoice(note.id, format);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="credit-note-${note.creditNoteNumber}-${format}.xml"`,
      );
      documents.set(note.creditNoteNumber, res.body);
    }
  }
}, 120_000);

describe('GET /api/credit-notes/{id}/einvoice', () => {
  it('passes the official EN 16931 rules with no fatal failure, UBL CreditNote and CII 381', async () => {
    expect(describeFailures(await validateWithSaxon('ubl', ubl))).toEqual([]);
    expect(describeFailures(await validateWithSaxon('cii', cii))).toEqual([]);
  }, 240_000);

  it('is a credit note naming the invoice it credits, with its own totals', () => {
    for (const note of notes) {
      const u = ubl.get(note.creditNoteNumber)!;
      const c = cii.get(note.creditNoteNumber)!;
      const money = (v: string) => `currencyID="${note.currency}">${v}<`;
      expect(u).toContain(
        '<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"',
      );
      expect(u).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
      expect(u).toContain(`<cbc:ID>${note.creditNoteNumber}</cbc:ID>`);
      expect(u).toMatch(
        new RegExp(
          `<cac:InvoiceDocumentReference>\\s*<cbc:ID>${note.invoice.number}</cbc:ID>\\s*<cbc:IssueDate>${note.invoice.issueDate}</cbc:IssueDate>`,
        ),
      );
      expect(u).toContain(`<cbc:PayableAmount ${money(note.total)}/cbc:PayableAmount>`);
      expect(u).toContain(
        `<cbc:TaxExclusiveAmount ${money(note.subtotal)}/cbc:TaxExclusiveAmount>`,
      );
      expect(u).toMatch(new RegExp(`<cac:TaxTotal>\\s*<cbc:TaxAmount ${money(note.taxTotal)}`));
      expect(u).toContain(`<cbc:Note>${note.reason}</cbc:Note>`);
      expect(c).toContain('<ram:TypeCode>381</ram:TypeCode>');
      expect(c).toMatch(
        new RegExp(
          `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${note.invoice.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">${note.invoice.issueDate!.replaceAll('-', '')}<`,
        ),
      );
      expect(c).toContain(`<ram:DuePayableAmount>${note.total}</ram:DuePayableAmount>`);
      expect(c).toContain(`<ram:TaxBasisTotalAmount>${note.subtotal}</ram:TaxBasisTotalAmount>`);
    }
  });

  it("states a line credited by quantity at the invoice's price, its discount share an allowance", () => {
    const [byQuantity] = notes;
    const line = byQuantity!.lines[0]!;
    expect(line).toMatchObject({ credits: 'quantity', quantity: '4.00', unitPrice: '100.00' });
    const share = fromMinor(400_00n - toMinor(line.amount, 2), 2);
    expect(share).not.toBe('0.00');
    const u = ubl.get(byQuantity!.creditNoteNumber)!;
    expect(u).toMatch(
      new RegExp(
        `<cbc:CreditedQuantity unitCode="HUR">4.00</cbc:CreditedQuantity>\\s*` +
          `<cbc:LineExtensionAmount currencyID="EUR">${line.amount}</cbc:LineExtensionAmount>\\s*` +
          `<cac:AllowanceCharge>\\s*<cbc:ChargeIndicator>false</cbc:ChargeIndicator>\\s*` +
          `<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>\\s*` +
          `<cbc:AllowanceChargeReason>Discount \\(10 %\\)</cbc:AllowanceChargeReason>\\s*` +
          `<cbc:Amount currencyID="EUR">${share}</cbc:Amount>`,
      ),
    );
    expect(u).toContain('<cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount>');
    const c = cii.get(byQuantity!.creditNoteNumber)!;
    expect(c).toMatch(
      new RegExp(
        `<ram:SpecifiedTradeAllowanceCharge>\\s*<ram:ChargeIndicator>\\s*<udt:Indicator>false</udt:Indicator>\\s*</ram:ChargeIndicator>\\s*<ram:ActualAmount>${share}</ram:ActualAmount>`,
      ),
    );
  });

  it('splits an amount at 0 % between the exempt and the zero-rated lines it credits', () => {
    const byAmount = notes[1]!;
    expect(byAmount.mode).toBe('amount');
    const u = ubl.get(byAmount.creditNoteNumber)!;
    const breakdown = [...u.matchAll(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/g)].map(
      (m) => m[0],
    );
    const categories = breakdown.map((b) => /<cbc:ID>(\w+)<\/cbc:ID>\s*<cbc:Percent>/.exec(b)![1]);
    expect(categories).toEqual(['S', 'S', 'Z', 'E']);
    expect(breakdown[3]).toContain(
      '<cbc:TaxExemptionReason>Article 261-4-4° du CGI</cbc:TaxExemptionReason>',
    );
  });

  it('names XRechnung for a German buyer with a buyer reference', () => {
    const german = notes.at(-1)!;
    expect(ubl.get(german.creditNoteNumber)).toContain(XRECHNUNG_CUSTOMIZATION);
    expect(ubl.get(german.creditNoteNumber)).toContain(
      '<cbc:BuyerReference>04011000-12345-34</cbc:BuyerReference>',
    );
    expect(cii.get(german.creditNoteNumber)).toContain(XRECHNUNG_CUSTOMIZATION);
  });

  it('writes a 0-decimal currency without decimals', () => {
    const yen = notes.find((n) => n.currency === 'JPY')!;
    expect(ubl.get(yen.creditNoteNumber)).toContain(
      `<cbc:PayableAmount currencyID="JPY">${yen.total}</cbc:PayableAmount>`,
    );
    expect(yen.total).toMatch(/^\d+$/);
    expect(cii.get(yen.creditNoteNumber)).toContain('株式会社 東京デザイン');
  });

  it('is the same bytes every time, whatever the client and profile become', async () => {
    const note = notes[0]!;
    await ok(
      owner.client.put(`/api/clients/${clients.fr}`, {
        name: 'Renamed Client',
        countryCode: 'BE',
        taxId: 'BE0123456789',
      }),
    );
    await ok(owner.client.put('/api/settings/business', { city: 'Marseille' }));
    for (const [format, documents] of [
      ['ubl', ubl],
      ['cii', cii],
    ] as const) {
      expect((await einvoice(note.id, format)).body).toBe(documents.get(note.creditNoteNumber));
    }
    expect(ubl.get(note.creditNoteNumber)).toContain('Société &lt;Générale&gt; &amp; Fils');
  });

  it("is in the client's portal, as the same bytes, with the invoice's; never another client's", async () => {
    const note = notes[0]!;
    const portal = async (clientId: number) => {
      const link = await ok<{ url: string }>(
        owner.client.post(`/api/clients/${clientId}/portal-link`),
        201,
      );
      return link.url.split('/portal/')[1]!;
    };
    const token = await portal(clients.fr);
    const view = await ok<{ business: { einvoicing: boolean } }>(
      t.app.inject({ method: 'GET', url: `/api/portal/${token}` }),
    );
    expect(view.business.einvoicing).toBe(true);
    for (const format of ['ubl', 'cii'] as const) {
      const fromPortal = await t.app.inject({
        method: 'GET',
        url: `/api/portal/${token}/credit-notes/${note.id}/einvoice?format=${format}`,
      });
      expect(fromPortal.statusCode, fromPortal.body).toBe(200);
      expect(fromPortal.headers['content-type']).toContain('application/xml');
      expect(fromPortal.body).toBe((await einvoice(note.id, format)).body);
      const invoiceXml = await t.app.inject({
        method: 'GET',
        url: `/api/portal/${token}/invoices/${invoice.id}/einvoice?format=${format}`,
      });
      expect(invoiceXml.statusCode, invoiceXml.body).toBe(200);
      expect(invoiceXml.body).toBe(
        (await owner.client.get(`/api/invoices/${invoice.id}/einvoice?format=${format}`)).body,
      );
    }
    // Another client's link sees neither.
    const stranger = await portal(clients.de);
    for (const url of [
      `/api/portal/${stranger}/credit-notes/${note.id}/einvoice?format=ubl`,
      `/api/portal/${stranger}/invoices/${invoice.id}/einvoice?format=ubl`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
  });

  it("answers another workspace's credit note, or none, as not found", async () => {
    expect((await einvoice(notes[0]!.id, 'ubl', other.client)).statusCode).toBe(404);
    expect((await einvoice(999_999_999, 'cii')).statusCode).toBe(404);
  });

  it('refuses a format it does not know', async () => {
    expect((await einvoice(notes[0]!.id, 'pdf')).statusCode).toBe(400);
  });

  it('refuses (422) a credit note of an invoice issued without the seller country, naming the rule', async () => {
    const client = await ok<{ id: number }>(
      other.client.post('/api/clients', {
        name: 'Somebody',
        email: 'someone@example.com',
        countryCode: 'DE',
      }),
      201,
    );
    const issued = await ok<{ id: number }>(
      other.client.post('/api/invoices', {
        clientId: client.id,
        status: 'sent',
        lines: [{ description: 'Work', quantity: '1', unitPrice: '10.00', taxRate: '0' }],
      }),
      201,
    );
    const note = await ok<{ id: number }>(
      other.client.post(`/api/invoices/${issued.id}/credit-notes`, { reason: 'Cancelled' }),
      201,
    );
    const res = await einvoice(note.id, 'ubl', other.client);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toContain('This credit note cannot be an e-invoice');
    expect(res.json().errors).toContainEqual({
      rule: 'BR-09',
      field: 'seller.countryCode',
      message: expect.any(String),
    });
    expect((await einvoice(note.id, 'cii', other.client)).statusCode).toBe(422);
  });
});
