import { describe, expect, it } from 'vitest';
import { poppler } from '../../../../tests/support/poppler.ts';
import { ApiClient, useTwoWorkspaces } from '../../../../tests/support/test-app.ts';

/*
 * The contract's sealed PDF through the API (issue 40, item 4): the app's download and the
 * portal's, verified by pdfsig, and who may download what.
 */

const { t, owner, other } = useTwoWorkspaces('Seal Studio', 'Elsewhere Studio');

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function json<T>(res: Promise<{ statusCode: number; body: string; json: () => unknown }>) {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json() as T;
}

async function sentContract(clientName: string) {
  const client = await json<{ id: number }>(
    owner.client.post('/api/clients', { name: clientName, email: 'ada@example.com' }),
  );
  const contract = await json<{ id: number }>(
    owner.client.post('/api/contracts', {
      clientId: client.id,
      title: 'Website redesign',
      body: '# Scope\n\n**{{client.name}}** engages {{business.name}} for {{contract.fee}}.',
      fee: '1200.50',
      currency: 'EUR',
    }),
  );
  const sent = await json<{ portalLink: string; contract: { contentSha256: string } }>(
    owner.client.post(`/api/contracts/${contract.id}/send`, {}),
  );
  return {
    clientId: client.id,
    id: contract.id,
    token: sent.portalLink.split('/portal/')[1]!,
    sha: sent.contract.contentSha256,
  };
}

describe('the sealed contract PDF', () => {
  it('is signed by both parties, carries the certificate, and pdfsig finds the seal valid in the app and the portal', async () => {
    const { id, token, sha } = await sentContract('Ada Lovelace');
    const visitor = new ApiClient(t.app);
    await json(
      visitor.post(`/api/portal/${token}/contracts/${id}/sign`, {
        name: 'Ada Lovelace',
        signature: PNG,
        consent: true,
      }),
    );
    await json(
      owner.client.post(`/api/contracts/${id}/countersign`, {
        name: 'Olive Owner',
        signature: { typed: 'Olive Owner' },
      }),
    );

    const res = await owner.client.get(`/api/contracts/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = new Uint8Array(res.rawPayload);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const seal = await poppler('pdfsig', [], pdf);
    expect(seal).toContain('Signature is Valid.');
    expect(seal).toContain('Signer Certificate Common Name: Seal Studio via Keel');
    const text = (await poppler('pdftotext', [], pdf)).replace(/\s+/g, ' ');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('Olive Owner');
    expect(text).toContain(sha);

    const fromPortal = await visitor.get(`/api/portal/${token}/contracts/${id}/pdf`);
    expect(fromPortal.statusCode).toBe(200);
    // Completed, its first sealed PDF is kept: the client gets the very same bytes.
    expect(Buffer.from(fromPortal.rawPayload).equals(Buffer.from(pdf))).toBe(true);
    const again = await owner.client.get(`/api/contracts/${id}/pdf`);
    expect(Buffer.from(again.rawPayload).equals(Buffer.from(pdf))).toBe(true);

    // One byte of the downloaded file changed, outside the signature (in the header's
    // binary comment, which every reader skips): the seal breaks.
    const tampered = Uint8Array.from(pdf);
    tampered[11] = tampered[11]! ^ 1;
    expect(await poppler('pdfsig', [], tampered)).toContain('Digest Mismatch.');
  });

  it('is 404 for another workspace, for another client’s link, and for a draft in the portal', async () => {
    const mine = await sentContract('Grace Hopper');
    const theirs = await sentContract('Alan Turing');
    const draft = await json<{ id: number }>(
      owner.client.post('/api/contracts', {
        clientId: mine.clientId,
        title: 'Not sent yet',
        body: 'Draft terms',
      }),
    );
    const visitor = new ApiClient(t.app);

    expect((await other.client.get(`/api/contracts/${mine.id}/pdf`)).statusCode).toBe(404);
    expect(
      (await visitor.get(`/api/portal/${theirs.token}/contracts/${mine.id}/pdf`)).statusCode,
    ).toBe(404);
    expect(
      (await visitor.get(`/api/portal/${mine.token}/contracts/${draft.id}/pdf`)).statusCode,
    ).toBe(404);
    // The app downloads its own draft (today's parties), sealed too.
    const draftPdf = await owner.client.get(`/api/contracts/${draft.id}/pdf`);
    expect(draftPdf.statusCode).toBe(200);
    expect(await poppler('pdfsig', [], new Uint8Array(draftPdf.rawPayload))).toContain(
      'Signature is Valid.',
    );
  });
});
