import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AFRelationship, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type ApiClient, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { fileUpload } from '../../../../tests/support/uploads.ts';

/* Issue 41, item 6: a supplier's e-invoice (UBL, CII, or a Factur-X PDF) becomes a draft expense. */

const { t, owner, other } = useTwoWorkspaces('Import Studio', 'Other Import Studio');

const SHARED = path.resolve(import.meta.dirname, '../../../../../shared/einvoice');
const sample = (syntax: 'ubl' | 'cii', name: string) =>
  readFileSync(path.join(SHARED, syntax, 'examples', name));

interface Expense {
  id: number;
  date: string;
  amount: string;
  currency: string;
  vendor: string | null;
  vendorTaxId: string | null;
  supplierInvoiceNumber: string | null;
  taxAmount: string | null;
  notes: string | null;
  draft: boolean;
  receipt: { url: string; contentType: string; size: number } | null;
}

function importFile(client: ApiClient, name: string, data: Buffer, type = 'application/xml') {
  const body = fileUpload('file', name, type, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/expenses/import-einvoice',
    payload: body.payload,
    headers: { ...body.headers, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });
}

/*
 * The expected values, read from each file on its own terms (a regular expression on the
 * text, not the importer's parser): the currency, the total with VAT, the VAT total in the
 * document's currency. Seller and number are written out, as read in the files.
 */
function expectedOf(xml: string) {
  const first = (re: RegExp) => re.exec(xml)?.[1]?.trim();
  const currency = first(/<(?:\w+:)?(?:DocumentCurrencyCode|InvoiceCurrencyCode)[^>]*>([^<]+)</)!;
  const total = first(/<(?:\w+:)?(?:TaxInclusiveAmount|GrandTotalAmount)[^>]*>([^<]+)</)!;
  const tax =
    first(
      new RegExp(`<(?:\\w+:)?TaxTotal>\\s*<(?:\\w+:)?TaxAmount currencyID="${currency}">([^<]+)<`),
    ) ?? first(new RegExp(`<(?:\\w+:)?TaxTotalAmount currencyID="${currency}">([^<]+)<`));
  return { currency, total, tax };
}

const SELLERS: Record<string, [vendor: string, number: string, vatId: string | null]> = {
  'BIS3_Invoice_positive.XML': ['Company A', '12345', 'DK12345678'],
  'guide-example1.xml': ['De Koksmaat', '12115118', 'NL8200.98.395.B.01'],
  'guide-example2.xml': ['Salescompany ltd.', 'TOSL108', 'NO123456789MVA'],
  'guide-example3.xml': ['SubscriptionSeller', 'TOSL108', 'DK16356706'],
  'issue116.xml': ['SÄLJARNAMNET', '2018210', 'SE123456789001'],
  'sample-discount-price.xml': ['HEP SPLIT', 'test decimal 1', 'HR46830600751'],
  'ubl-tc434-example1.xml': ['De Koksmaat', '12115118', 'NL8200.98.395.B.01'],
  'ubl-tc434-example10.xml': ['De Koksmaat', '12115118', 'NL8200.98.395.B.01'],
  'ubl-tc434-example2.xml': ['Salescompany ltd.', 'TOSL108', 'NO123456789MVA'],
  'ubl-tc434-example3.xml': ['SubscriptionSeller', 'TOSL108', 'DK16356706'],
  'ubl-tc434-example4.xml': ['SellerCompany', 'TOSL110', 'DK16356706'],
  'ubl-tc434-example5.xml': ['SellerCompany', 'TOSL110', 'NL16356706'],
  'ubl-tc434-example6.xml': ['SellerCompany', 'TOSL110', 'DK123456789MVA'],
  'ubl-tc434-example7.xml': ['The Sellercompany Incorporated', 'INVOICE_test_7', null],
  'ubl-tc434-example8.xml': ['Enexis B.V.', '1100512149', 'NL809561074B01'],
  'ubl-tc434-example9.xml': ['Bluem BV', '20150483', 'NL809163160B01'],
  'CII_business_example_01.xml': ['Salescompany ltd.', 'TOSL108', 'NO123456789MVA'],
  'CII_business_example_02.xml': ['xxxx', 'INV000013', 'DE1111111'],
  'CII_business_example_Z.xml': ['XXX AG', '2016166', 'DE37/302/30168'],
  'CII_example1.xml': ['De Koksmaat', '12115118', 'NL8200.98.395.B.01'],
  'CII_example2.xml': ['Salescompany ltd.', 'TOSL108', 'NO123456789MVA'],
  'CII_example3.xml': ['SubscriptionSeller', 'TOSL108', 'DK16356706'],
  'CII_example4.xml': ['SellerCompany', 'TOSL110', 'DK16356706'],
  'CII_example5.xml': ['SellerCompany', 'TOSL110', 'NL16356706'],
  'CII_example6.xml': ['SellerCompany', 'TOSL110', 'DK123456789MVA'],
  'CII_example7.xml': ['The Sellercompany Incorporated', 'INVOICE_test_7', null],
  'CII_example8.xml': ['Enexis B.V.', '1100512149', 'NL809561074B01'],
  'CII_example9.xml': ['Bluem BV', '20150483', 'NL809163160B01'],
  'XRechnung-O.xml': ['XX', '150377292', null],
  'huf_example_cii.xml': ['DKV Euro Service GmbH + Co. KG', '21/001003559/996', 'HU30048650'],
};

/** Samples an expense cannot be: a credit note, a negative invoice, a zero total. */
const REFUSED: Record<string, RegExp> = {
  'ubl-tc434-creditnote1.xml': /credit note/,
  'BIS3_Invoice_negativ.XML': /total is -782179\.43 DKK: an expense is an amount greater than 0/,
  'CII-BR-CO-10-RoundingIssue.xml': /total is 0\.00 EUR/,
};

/** "1125" and "1125.00" are one amount: compared as the expense writes it (2 decimals here). */
const cents = (v: string) => {
  const [whole, fraction = ''] = v.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

describe('importing the standard’s sample e-invoices', () => {
  for (const syntax of ['ubl', 'cii'] as const) {
    const files = readdirSync(path.join(SHARED, syntax, 'examples')).sort();
    it(`every ${syntax.toUpperCase()} sample imports with its seller, number, date, currency, total and VAT (or is refused for a stated reason)`, async () => {
      expect(files.length).toBeGreaterThan(10);
      for (const name of files) {
        const data = sample(syntax, name);
        const res = await importFile(owner.client, name, data);
        if (REFUSED[name]) {
          expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
          const body = res.json() as { error: string; errors: { rule: string }[] };
          expect(body.error, name).toMatch(REFUSED[name]);
          expect(body.errors[0]!.rule, name).toMatch(/^(credit-note|amount)$/);
          continue;
        }
        expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
        const expense = res.json() as Expense;
        const expected = expectedOf(data.toString('utf8'));
        const [vendor, number, vatId] = SELLERS[name]!;
        expect(expense, name).toMatchObject({
          draft: true,
          vendor,
          vendorTaxId: vatId,
          supplierInvoiceNumber: number,
          currency: expected.currency,
          amount: cents(expected.total),
          taxAmount: expected.tax === undefined ? null : cents(expected.tax),
        });
        expect(expense.date, name).toMatch(/^20\d\d-\d\d-\d\d$/);
        expect(expense.notes, name).toContain(`E-invoice ${number}`);
        expect(expense.receipt, name).toMatchObject({
          contentType: 'application/xml',
          size: data.length,
        });
        // The next sample may be the same invoice in the other syntax: make room for it.
        expect((await owner.client.delete(`/api/expenses/${expense.id}`)).statusCode).toBe(200);
      }
    });
  }

  it('reads a UBL invoice’s date and lines: quantity, unit, item name and net amount', async () => {
    const res = await importFile(owner.client, 'ubl.xml', sample('ubl', 'ubl-tc434-example9.xml'));
    expect(res.statusCode, res.body).toBe(201);
    const expense = res.json() as Expense;
    expect(expense.date).toBe('2015-04-01');
    expect(expense.notes).toMatch(/^E-invoice 20150483 \(UBL\)\n- \S+ .+: -?\d+\.\d\d EUR net$/);
    const file = await owner.client.get(expense.receipt!.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="receipt.xml"');
    expect(file.body).toContain('20150483');
    await owner.client.delete(`/api/expenses/${expense.id}`);
  });
});

/** A Factur-X PDF: one page, the CII attached as factur-x.xml (compressed, as pdf-lib writes it). */
async function facturX(xml: Buffer, name = 'factur-x.xml') {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Invoice', { x: 50, y: 780 });
  await pdf.attach(xml, name, {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    afRelationship: AFRelationship.Alternative,
  });
  return Buffer.from(await pdf.save());
}

describe('Factur-X / ZUGFeRD PDFs', () => {
  it('a PDF carrying a CII imports as its XML does, the PDF kept as the receipt', async () => {
    const xml = sample('cii', 'CII_example8.xml');
    const pdf = await facturX(xml);
    const fromPdf = await importFile(owner.client, 'invoice.pdf', pdf, 'application/pdf');
    expect(fromPdf.statusCode, fromPdf.body).toBe(201);
    const a = fromPdf.json() as Expense;
    // The same invoice in another workspace, as XML: no collision across workspaces.
    const fromXml = await importFile(other.client, 'invoice.xml', xml);
    expect(fromXml.statusCode, fromXml.body).toBe(201);
    const b = fromXml.json() as Expense;
    const facts = (e: Expense) => ({
      date: e.date,
      amount: e.amount,
      currency: e.currency,
      vendor: e.vendor,
      vendorTaxId: e.vendorTaxId,
      supplierInvoiceNumber: e.supplierInvoiceNumber,
      taxAmount: e.taxAmount,
      notes: e.notes,
      draft: e.draft,
    });
    expect(facts(a)).toEqual(facts(b));
    expect(a).toMatchObject({ amount: '1099.78', supplierInvoiceNumber: '1100512149' });
    expect(a.receipt).toMatchObject({ contentType: 'application/pdf', size: pdf.length });
    await owner.client.delete(`/api/expenses/${a.id}`);
    await other.client.delete(`/api/expenses/${b.id}`);
  });

  it('a ZUGFeRD name, or any embedded XML that is an e-invoice, is found', async () => {
    for (const name of ['zugferd-invoice.xml', 'xrechnung.xml', 'rechnung-4711.xml']) {
      const pdf = await facturX(sample('cii', 'CII_example9.xml'), name);
      const res = await importFile(owner.client, 'invoice.pdf', pdf, 'application/pdf');
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      expect((res.json() as Expense).amount).toBe('177.87');
      await owner.client.delete(`/api/expenses/${(res.json() as Expense).id}`);
    }
  });
});

describe('refusals', () => {
  const refusal = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(422);
    return res.json() as {
      error: string;
      errors: { rule: string; field: string; message: string }[];
    };
  };

  it('an XML that is no e-invoice, a random PDF, a PDF without attachment: 422 with the reason', async () => {
    const notInvoice = refusal(
      await importFile(
        owner.client,
        'order.xml',
        Buffer.from('<?xml version="1.0"?><Order><ID>1</ID></Order>'),
      ),
    );
    expect(notInvoice).toEqual({
      error: 'This file is not a UBL or CII e-invoice',
      errors: [
        { rule: 'format', field: 'file', message: 'This file is not a UBL or CII e-invoice' },
      ],
    });
    expect(refusal(await importFile(owner.client, 'notes.txt', Buffer.from('hello'))).error).toBe(
      'This file is not a UBL or CII e-invoice',
    );
    const randomPdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.from([...Array(512).keys()].map((i) => (i * 37) % 256)),
    ]);
    expect(
      refusal(await importFile(owner.client, 'r.pdf', randomPdf, 'application/pdf')).error,
    ).toMatch(/no embedded e-invoice/);
    const plain = await PDFDocument.create();
    plain.addPage();
    const noAttachment = Buffer.from(await plain.save());
    expect(
      refusal(await importFile(owner.client, 'p.pdf', noAttachment, 'application/pdf')).error,
    ).toBe('This PDF has no embedded e-invoice');
    // An attachment that is not an e-invoice is no better.
    const withOther = await facturX(Buffer.from('<Order/>'), 'order.xml');
    expect(
      refusal(await importFile(owner.client, 'o.pdf', withOther, 'application/pdf')).error,
    ).toBe('This PDF has no embedded e-invoice');
    // Entity declarations are never expanded.
    const bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><Invoice>&a;</Invoice>';
    expect(
      refusal(await importFile(owner.client, 'b.xml', Buffer.from(bomb))).errors[0]!.rule,
    ).toBe('format');
    const list = await owner.client.get('/api/expenses?draft=true');
    expect(list.json()).toEqual([]);
  });

  it('a supplier’s credit note (UBL CreditNote, CII 381, in a PDF): 422 naming it and the invoice it credits', async () => {
    const before = (await owner.client.get('/api/expenses?draft=true')).json() as Expense[];
    const ubl = sample('ubl', 'ubl-tc434-creditnote1.xml').toString('utf8');
    expect(refusal(await importFile(owner.client, 'cn.xml', Buffer.from(ubl)))).toEqual({
      error:
        "018304 / 28865 from My Supplier Company is a credit note: Keel's expenses are amounts greater than 0, so a supplier's credit note cannot be imported; lower the expense of the credited invoice by its amount instead",
      errors: [expect.objectContaining({ rule: 'credit-note', field: 'file' })],
    });
    const withReference = ubl.replace(
      '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
      '<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode><cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>INV-77</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>',
    );
    expect(
      refusal(await importFile(owner.client, 'cn.xml', Buffer.from(withReference))).error,
    ).toMatch(/^018304 \/ 28865 from My Supplier Company is a credit note for invoice INV-77: /);

    // The credited invoice was imported: the refusal names its expense, as XML and as a PDF.
    const invoiceXml = sample('cii', 'CII_example9.xml');
    const imported = await importFile(owner.client, 'invoice.xml', invoiceXml);
    expect(imported.statusCode, imported.body).toBe(201);
    const expense = imported.json() as Expense;
    const credit = invoiceXml
      .toString('utf8')
      .replace('<ram:ID>20150483</ram:ID>', '<ram:ID>CN-20150483</ram:ID>')
      .replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>381</ram:TypeCode>')
      .replace(
        '<ram:ApplicableHeaderTradeSettlement>',
        '<ram:ApplicableHeaderTradeSettlement><ram:InvoiceReferencedDocument><ram:IssuerAssignedID>20150483</ram:IssuerAssignedID></ram:InvoiceReferencedDocument>',
      );
    const expected = `CN-20150483 from Bluem BV is a credit note for invoice 20150483: Keel's expenses are amounts greater than 0, so a supplier's credit note cannot be imported; lower expense #${expense.id} (invoice 20150483) by its amount instead`;
    expect(refusal(await importFile(owner.client, 'cn.xml', Buffer.from(credit))).error).toBe(
      expected,
    );
    const pdf = await facturX(Buffer.from(credit));
    expect(refusal(await importFile(owner.client, 'cn.pdf', pdf, 'application/pdf')).error).toBe(
      expected,
    );
    // Nothing was made of them.
    const after = (await owner.client.get('/api/expenses?draft=true')).json() as Expense[];
    expect(after.map((e) => e.id).sort()).toEqual([...before.map((e) => e.id), expense.id].sort());
    await owner.client.delete(`/api/expenses/${expense.id}`);
  });

  it('a currency Keel does not know: 422 naming it', async () => {
    const xml = sample('ubl', 'ubl-tc434-example9.xml')
      .toString('utf8')
      .replaceAll('>EUR<', '>XYZ<')
      .replaceAll('"EUR"', '"XYZ"');
    const body = refusal(await importFile(owner.client, 'x.xml', Buffer.from(xml)));
    expect(body.errors[0]).toMatchObject({ rule: 'currency', field: 'currency' });
    expect(body.error).toContain('XYZ');
  });

  it('over 5 MB: 413', async () => {
    const big = Buffer.concat([
      sample('ubl', 'ubl-tc434-example9.xml'),
      Buffer.alloc(5 * 1024 * 1024, 0x20),
    ]);
    const res = await importFile(owner.client, 'big.xml', big);
    expect(res.statusCode).toBe(413);
  });

  it('the same supplier invoice twice: 409 naming the expense (also as a PDF, also when confirmed)', async () => {
    const xml = sample('ubl', 'ubl-tc434-example8.xml');
    const first = await importFile(owner.client, 'a.xml', xml);
    expect(first.statusCode, first.body).toBe(201);
    const { id } = first.json() as Expense;
    const again = await importFile(owner.client, 'a.xml', xml);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: `Invoice 1100512149 from Enexis B.V. was already imported as expense #${id}`,
      expenseId: id,
    });
    expect((await owner.client.post(`/api/expenses/${id}/confirm`)).statusCode).toBe(200);
    // The CII rendering of the same invoice is the same supplier invoice.
    const asPdf = await importFile(
      owner.client,
      'a.pdf',
      await facturX(sample('cii', 'CII_example8.xml')),
      'application/pdf',
    );
    expect(asPdf.statusCode).toBe(409);
    const list = await owner.client.get('/api/expenses?search=Enexis');
    expect((list.json() as Expense[]).map((e) => e.id)).toEqual([id]);
    await owner.client.delete(`/api/expenses/${id}`);
  });
});

describe('drafts', () => {
  it('a draft is listed with a filter, counted in no total or report until confirmed', async () => {
    const res = await importFile(owner.client, 'd.xml', sample('ubl', 'issue116.xml'));
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json() as Expense;
    expect(draft).toMatchObject({ draft: true, amount: '830.00', currency: 'SEK' });

    const drafts = await owner.client.get('/api/expenses?draft=true');
    expect((drafts.json() as Expense[]).map((e) => e.id)).toEqual([draft.id]);
    // Listed, not summed: the totals header counts confirmed expenses only.
    expect(drafts.headers['x-total-amounts']).toBe('');
    const confirmed = (await owner.client.get('/api/expenses?draft=false')).json() as Expense[];
    expect(confirmed.map((e) => e.id)).not.toContain(draft.id);

    const period = 'from=2018-01-01&to=2018-12-31';
    const sekExpenses = async () => {
      const report = (await owner.client.get(`/api/reports/profitability?${period}`)).json();
      const overview = (
        await owner.client.get(`/api/dashboard/financial-overview?${period}`)
      ).json();
      return JSON.stringify({ report, overview });
    };
    expect(await sekExpenses()).not.toContain('830');

    // Another member's workspace cannot confirm it (404), the owner can.
    expect((await other.client.post(`/api/expenses/${draft.id}/confirm`)).statusCode).toBe(404);
    const done = await owner.client.post(`/api/expenses/${draft.id}/confirm`);
    expect(done.statusCode).toBe(200);
    expect((done.json() as Expense).draft).toBe(false);
    expect(await sekExpenses()).toContain('830');
    const listed = await owner.client.get('/api/expenses?currency=SEK');
    expect(listed.headers['x-total-amounts']).toBe('SEK 830.00');
    await owner.client.delete(`/api/expenses/${draft.id}`);
  });

  it('a draft is not billed until confirmed', async () => {
    const client = await owner.client.post('/api/clients', {
      name: 'Import Client',
      email: 'ap@import-client.example',
      currency: 'EUR',
    });
    expect(client.statusCode, client.body).toBe(201);
    const clientId = (client.json() as { id: number }).id;
    const res = await importFile(owner.client, 'b.xml', sample('ubl', 'ubl-tc434-example9.xml'));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as Expense;
    const edited = await owner.client.put(`/api/expenses/${id}`, { billable: true, clientId });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Expense).draft).toBe(true);
    const refused = await owner.client.post('/api/invoices', { clientId, expenseIds: [id] });
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { error: string }).error).toMatch(/is a draft from an e-invoice/);
    expect((await owner.client.post(`/api/expenses/${id}/confirm`)).statusCode).toBe(200);
    const billed = await owner.client.post('/api/invoices', { clientId, expenseIds: [id] });
    expect(billed.statusCode, billed.body).toBe(201);
    expect((billed.json() as { total: string }).total).toBe('177.87');
  });
});
