import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
} from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { poppler } from '../../../../tests/support/poppler.ts';
import { renderInvoicePdf } from '../invoices/invoice-pdf.ts';
import { parseEinvoicePdf, parseEinvoiceXml } from './einvoice-import.ts';
import { toFacturX, type FacturXMeta } from './facturx.ts';
import { extractEmbeddedXml, pdfAttachments } from './pdf-attachments.ts';

const EXAMPLES = join(process.cwd(), '../shared/einvoice/cii/examples');
const cii = readFileSync(join(EXAMPLES, 'CII_example1.xml'), 'utf8');

const meta: FacturXMeta = {
  title: 'Invoice INV-0042',
  author: 'Jürgen Müller Design & Co <GmbH>',
  invoiceNumber: 'INV-0042',
  issueDate: '2025-03-07',
};

/** An invoice PDF as Keel renders it, Unicode names and all. */
function invoicePdf() {
  return renderInvoicePdf({
    number: 'INV-0042',
    status: 'sent',
    issueDate: '2025-03-07',
    dueDate: '2025-04-06',
    dateFormat: 'DD/MM/YYYY',
    currency: 'EUR',
    seller: {
      name: 'Jürgen Müller Design & Co <GmbH>',
      address: 'Königstraße 12\n70173 Stuttgart\nGermany',
      taxId: 'DE123456789',
      email: 'jurgen@example.com',
    },
    buyer: {
      name: 'Łódź Studio Ελλάδα',
      address: 'ul. Piotrkowska 1\n90-001 Łódź\nPoland',
      taxId: null,
      email: 'office@lodz.example',
    },
    lines: [
      {
        description: 'Website design for the Москва office',
        quantity: '2.5',
        unit: 'day',
        unitPrice: '400.00',
        taxRate: '20',
        amount: '1000.00',
      },
    ],
    subtotal: '1000.00',
    discount: '0.00',
    discountLabel: null,
    taxes: [{ rate: '20', base: '1000.00', amount: '200.00' }],
    total: '1200.00',
    paid: '0.00',
    balance: '1200.00',
    notes: 'Thank you for your business.',
    paymentInstructions: 'IBAN DE89 3704 0044 0532 0130 00',
    footer: null,
  });
}

let source: Uint8Array;
let pdf: Uint8Array;
let doc: PDFDocument;

beforeAll(async () => {
  source = await invoicePdf();
  pdf = await toFacturX(source, cii, meta);
  doc = await PDFDocument.load(pdf, { updateMetadata: false });
});

function streamBytes(ref: unknown): Uint8Array {
  const stream = doc.context.lookup(ref as PDFRef);
  if (!(stream instanceof PDFRawStream)) throw new Error('not a stream');
  return decodePDFRawStream(stream).decode();
}

describe('toFacturX', () => {
  it('embeds the CII as factur-x.xml, read back byte for byte', async () => {
    const extracted = await extractEmbeddedXml(pdf);
    expect(extracted).toEqual({ name: 'factur-x.xml', xml: cii });

    const [file, ...others] = await pdfAttachments(pdf);
    expect(others).toEqual([]);
    expect(file!.mimeType).toBe('text/xml');
    expect(file!.relationship).toBe('Alternative');
    expect(Buffer.from(file!.data).equals(Buffer.from(cii, 'utf8'))).toBe(true);
  });

  it('lists the file specification in the catalog /AF, with its dates', () => {
    const af = doc.catalog.lookup(PDFName.of('AF'), PDFArray);
    expect(af.size()).toBe(1);
    const spec = doc.context.lookup(af.get(0), PDFDict);
    expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    const ef = spec.lookup(PDFName.of('EF'), PDFDict);
    const stream = doc.context.lookup(ef.get(PDFName.of('F')), PDFStream);
    const params = stream.dict.lookup(PDFName.of('Params'), PDFDict);
    expect(params.get(PDFName.of('ModDate'))?.toString()).toBe('(D:20250307000000Z)');
    expect(params.get(PDFName.of('CreationDate'))?.toString()).toBe('(D:20250307000000Z)');
  });

  it('carries XMP metadata for PDF/A-3b and Factur-X EN 16931', () => {
    const ref = doc.catalog.get(PDFName.of('Metadata'));
    const xmp = new TextDecoder().decode(streamBytes(ref));
    const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xmp);
    const descriptions = parsed['x:xmpmeta']['rdf:RDF']['rdf:Description'] as Record<
      string,
      unknown
    >[];
    const all = Object.assign({}, ...descriptions);
    expect(all['pdfaid:part']).toBe('3');
    expect(all['pdfaid:conformance']).toBe('B');
    expect(all['fx:ConformanceLevel']).toBe('EN 16931');
    expect(all['fx:DocumentType']).toBe('INVOICE');
    expect(all['fx:DocumentFileName']).toBe('factur-x.xml');
    expect(all['fx:Version']).toBe('1.0');
    expect(all['xmp:CreateDate']).toBe('2025-03-07T00:00:00Z');
    expect(all['pdf:Producer']).toBe('Keel (pdf-lib)');
    expect(xmp).toContain('<rdf:li>Jürgen Müller Design &amp; Co &lt;GmbH&gt;</rdf:li>');
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
  });

  it('has a GTS_PDFA1 output intent with a valid sRGB ICC profile', () => {
    const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    const intent = doc.context.lookup(intents.get(0), PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    const icc = streamBytes(intent.get(PDFName.of('DestOutputProfile')));
    const view = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
    const ascii = (at: number) => String.fromCharCode(...icc.subarray(at, at + 4));
    expect(view.getUint32(0)).toBe(icc.length);
    expect(ascii(36)).toBe('acsp');
    expect(icc[8]).toBe(2); // major version 2
    expect([ascii(12), ascii(16), ascii(20)]).toEqual(['mntr', 'RGB ', 'XYZ ']);
    const tags = Array.from({ length: view.getUint32(128) }, (_, i) => {
      const at = 132 + i * 12;
      const [offset, size] = [view.getUint32(at + 4), view.getUint32(at + 8)];
      expect(offset + size).toBeLessThanOrEqual(icc.length);
      return ascii(at);
    });
    expect(tags.sort()).toEqual(
      ['bTRC', 'bXYZ', 'cprt', 'desc', 'gTRC', 'gXYZ', 'rTRC', 'rXYZ', 'wtpt'].sort(),
    );
  });

  it('has a document ID and Info matching the XMP', async () => {
    expect(doc.context.trailerInfo.ID).toBeInstanceOf(PDFArray);
    const info = await poppler('pdfinfo', [], pdf);
    expect(info).toMatch(/^Title:\s+Invoice INV-0042$/m);
    expect(info).toMatch(/^Author:\s+Jürgen Müller Design & Co <GmbH>$/m);
    expect(info).toMatch(/^Producer:\s+Keel \(pdf-lib\)$/m);
    expect(info).toMatch(/^Encrypted:\s+no$/m);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).not.toMatch(/error/i);
    const xmp = await poppler('pdfinfo', ['-meta'], pdf);
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
  });

  it('embeds every font (pdffonts)', async () => {
    const out = (await poppler('pdffonts', [], pdf)).trim().split('\n');
    const rows = out.slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      // name, type, encoding, emb, sub, uni, object ID (pdf-lib names subsets without a
      // tag, so pdffonts cannot tell they are subsets: only emb and uni matter)
      const columns = row.trim().split(/\s+/);
      expect([columns.at(-5), columns.at(-3)], row).toEqual(['yes', 'yes']);
    }
  });

  it('gives the same bytes for the same input', async () => {
    expect(Buffer.from(await toFacturX(source, cii, meta)).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe('the e-invoice importer', () => {
  it('reads a Factur-X PDF as it reads the CII alone', async () => {
    const fromPdf = await parseEinvoicePdf(pdf);
    expect(fromPdf).toEqual(parseEinvoiceXml(new TextEncoder().encode(cii)));
  });
});

describe('extractEmbeddedXml', () => {
  it('answers null for a PDF without attachments and for bytes that are not a PDF', async () => {
    expect(await extractEmbeddedXml(source)).toBeNull();
    expect(await extractEmbeddedXml(new TextEncoder().encode('<Invoice/>'))).toBeNull();
  });
});
