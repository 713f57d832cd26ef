import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import { ApiClient, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';
import { fileUpload, solidPng } from '../../../../tests/support/uploads.ts';
import { deleteUnusedFiles } from '../files/files.repository.ts';

/* Issue 38, item 7: the business profile's logo (or the workspace's) on the documents. */

const { t, owner, other } = useTwoWorkspaces('Logo Studio', 'Other Studio');

const LOGO = solidPng(240, 80);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);

async function upload(client: ApiClient, data: Buffer, type = 'image/png'): Promise<string> {
  const body = fileUpload('logo', 'logo', type, data);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/upload/workspace-logo',
    payload: body.payload,
    headers: { ...body.headers, cookie: client.cookie! },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { logoUrl: string }).logoUrl;
}

/** The images a PDF holds: what a page shows as a picture (a logo), not its text. */
async function imagesIn(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf);
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFRawStream =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    )
    .map((image) => ({
      width: Number(image.dict.get(PDFName.of('Width'))?.toString()),
      height: Number(image.dict.get(PDFName.of('Height'))?.toString()),
    }));
}

async function documents(client = owner.client) {
  const buyer = await ok(
    client.post('/api/clients', { name: 'Acme', email: 'ap@acme.example.com', currency: 'EUR' }),
    201,
  );
  const lines = [{ description: 'Design', quantity: '2', unitPrice: '450', taxRate: '20' }];
  const invoice = await ok(client.post('/api/invoices', { clientId: buyer.id, lines }), 201);
  const estimate = await ok(client.post('/api/estimates', { clientId: buyer.id, lines }), 201);
  const pdfs = async () => {
    const [a, b] = await Promise.all([
      client.get(`/api/invoices/${invoice.id}/pdf`),
      client.get(`/api/estimates/${estimate.id}/pdf`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    return { invoice: await imagesIn(a.rawPayload), estimate: await imagesIn(b.rawPayload) };
  };
  return { pdfs };
}

describe('the logo on documents', () => {
  it('prints no image without a logo, the workspace logo as fallback, the profile logo over it', async () => {
    const { pdfs } = await documents();
    expect(await pdfs()).toEqual({ invoice: [], estimate: [] });

    // The workspace icon, set in workspace settings, is the documents' logo by default.
    const icon = await upload(owner.client, solidPng(64, 64));
    await ok(
      owner.client.put(`/api/workspaces/${owner.workspace.id}`, {
        name: owner.workspace.name,
        logoUrl: icon,
      }),
    );
    expect(await ok(owner.client.get('/api/settings/business'))).toMatchObject({
      logoUrl: null,
      workspaceLogoUrl: icon,
    });
    expect(await pdfs()).toEqual({
      invoice: [{ width: 64, height: 64 }],
      estimate: [{ width: 64, height: 64 }],
    });

    // Settings → Business: its own logo wins.
    const logoUrl = await upload(owner.client, LOGO);
    const saved = await ok(owner.client.put('/api/settings/business', { logoUrl }));
    expect(saved).toMatchObject({ logoUrl, workspaceLogoUrl: icon });
    expect(await pdfs()).toEqual({
      invoice: [{ width: 240, height: 80 }],
      estimate: [{ width: 240, height: 80 }],
    });

    // Other fields saved later leave it alone; null goes back to the workspace's.
    await ok(owner.client.put('/api/settings/business', { taxId: 'FR123' }));
    expect((await ok(owner.client.get('/api/settings/business'))).logoUrl).toBe(logoUrl);
    await ok(owner.client.put('/api/settings/business', { logoUrl: null }));
    expect((await pdfs()).invoice).toEqual([{ width: 64, height: 64 }]);
  });

  it('keeps the profile logo through housekeeping and lets its members read it', async () => {
    const logoUrl = await upload(owner.client, LOGO);
    await ok(owner.client.put('/api/settings/business', { logoUrl }));
    await deleteUnusedFiles(t.db, 0);
    const file = await owner.client.get(logoUrl);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(LOGO)).toBe(true);
  });

  it("refuses another workspace's file and a URL that is no upload", async () => {
    const theirs = await upload(other.client, LOGO);
    await ok(
      other.client.put(`/api/workspaces/${other.workspace.id}`, {
        name: other.workspace.name,
        logoUrl: theirs,
      }),
    );
    const before = await ok(owner.client.get('/api/settings/business'));
    await ok(owner.client.put('/api/settings/business', { logoUrl: theirs }), 400);
    await ok(
      owner.client.put('/api/settings/business', { logoUrl: 'https://x.example/a.png' }),
      400,
    );
    expect(await ok(owner.client.get('/api/settings/business'))).toEqual(before);
  });

  it('lays a GIF logo (which PDFs do not take) out as no logo', async () => {
    const { pdfs } = await documents(other.client);
    const logoUrl = await upload(other.client, GIF, 'image/gif');
    await ok(other.client.put('/api/settings/business', { logoUrl }));
    expect(await pdfs()).toEqual({ invoice: [], estimate: [] });
  });
});
