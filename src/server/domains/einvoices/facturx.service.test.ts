import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { facturXPdf, invoiceEmailPdf, NOT_ISSUED } from './facturx.service.ts';
import { extractEmbeddedXml } from './pdf-attachments.ts';

/* Issue 41, item 3: the Factur-X PDF of an issued invoice, over a CII handed in. */

const cii = readFileSync(
  join(process.cwd(), '../shared/einvoice/cii/examples/CII_example2.xml'),
  'utf8',
);
const { t, owner, other } = useTwoWorkspaces('Factur Studio', 'Other Studio');
const scope = () => ({ db: t.db, workspace: { id: owner.workspace.id } });

/** The trailer's /ID as written. */
function trailerId(pdf: Uint8Array): string {
  const match = /\/ID\s*\[\s*<([0-9A-Fa-f]+)>/.exec(Buffer.from(pdf).toString('latin1'));
  expect(match).not.toBeNull();
  return match![1]!;
}

let draftId: number;
let issued: { id: number; invoiceNumber: string };

beforeAll(async () => {
  const client = await owner.client.post('/api/clients', {
    name: 'Hélène Acheteuse',
    company: 'Acme SARL',
    email: 'helene@acme-sarl.example',
  });
  expect(client.statusCode, client.body).toBe(201);
  const make = async () => {
    const res = await owner.client.post('/api/invoices', {
      clientId: client.json().id,
      currency: 'EUR',
      lines: [{ description: 'Design work', quantity: '10', unitPrice: '120.00', taxRate: '20' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  draftId = await make();
  const id = await make();
  const res = await owner.client.post(`/api/invoices/${id}/issue`, {});
  expect(res.statusCode, res.body).toBe(200);
  issued = res.json();
});

describe('facturXPdf', () => {
  it('answers the issued invoice PDF with the CII embedded, the same document ID each time', async () => {
    const asked: number[] = [];
    const ciiOf = (id: number) => (asked.push(id), cii);
    const first = await facturXPdf(scope(), issued.id, ciiOf);
    expect(asked).toEqual([issued.id]);
    expect(first.filename).toBe(`invoice-${issued.invoiceNumber}-facturx.pdf`);
    expect(await extractEmbeddedXml(first.content)).toEqual({ name: 'factur-x.xml', xml: cii });
    // Rendered again (pdf-lib names fonts anew each time), the same document: same ID.
    const again = await facturXPdf(scope(), issued.id, ciiOf);
    expect(await extractEmbeddedXml(again.content)).toEqual({ name: 'factur-x.xml', xml: cii });
    expect(trailerId(again.content)).toBe(trailerId(first.content));
  });

  it('refuses a draft (409) without asking for its CII', async () => {
    const asked: number[] = [];
    await expect(facturXPdf(scope(), draftId, (id) => (asked.push(id), cii))).rejects.toMatchObject(
      { code: 'CONFLICT', message: NOT_ISSUED },
    );
    expect(asked).toEqual([]);
  });

  it("does not find another workspace's invoice", async () => {
    await expect(
      facturXPdf({ db: t.db, workspace: { id: other.workspace.id } }, issued.id, () => cii),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is what the invoice email attaches when e-invoicing is on, the plain PDF when off', async () => {
    const setEinvoicing = (on: boolean) =>
      t.db
        .updateTable('businessProfiles')
        .set({ einvoicing: on })
        .where('workspaceId', '=', owner.workspace.id)
        .execute();
    const plain = await invoiceEmailPdf(scope(), issued.id, () => cii);
    expect(plain.filename).toBe(`invoice-${issued.invoiceNumber}.pdf`);
    expect(await extractEmbeddedXml(plain.content)).toBeNull();
    await setEinvoicing(true);
    try {
      const attached = await invoiceEmailPdf(scope(), issued.id, () => cii);
      expect(attached.filename).toBe(`invoice-${issued.invoiceNumber}-facturx.pdf`);
      expect(await extractEmbeddedXml(attached.content)).toEqual({
        name: 'factur-x.xml',
        xml: cii,
      });
    } finally {
      await setEinvoicing(false);
    }
  });
});
