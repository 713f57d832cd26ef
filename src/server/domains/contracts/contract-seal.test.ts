import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poppler } from '../../../../tests/support/poppler.ts';
import { openTestDatabase } from '../../../../tests/support/test-app.ts';
import { renderContractPdf, type ContractPdfInput } from './contract-pdf.ts';
import {
  SEAL_REASON,
  buildSignedContractPdf,
  sealPdf,
  workspaceSigningKey,
} from './contract-seal.ts';

const SECRET = 's'.repeat(48);

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function workspace(name: string): Promise<number> {
  const row = await database.db
    .insertInto('workspaces')
    .values({ name, subdomain: `seal-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function keyRows(workspaceId: number) {
  return database.db
    .selectFrom('workspaceSigningKeys')
    .select(['certificatePem', 'privateKeyPem'])
    .where('workspaceId', '=', workspaceId)
    .execute();
}

function contract(overrides: Partial<ContractPdfInput> = {}): ContractPdfInput {
  return {
    business: {
      name: 'Jürgen Müller Design',
      address: 'Königstraße 12\n70173 Stuttgart',
      email: 'jurgen@example.com',
    },
    client: {
      name: 'Acme Studio Ltd',
      address: '1 Main Street\nSpringfield',
      email: 'ana@acme.example',
    },
    title: 'Website redesign agreement',
    body: [
      '# Scope of work',
      '',
      'The designer delivers a **new website** for *Acme Studio Ltd*, as agreed.',
      '',
      '- Three page templates',
      '- Two rounds of revisions',
      '1. A style guide',
      '',
      '## Payment',
      '',
      'The fee is payable in __two__ instalments; snake_case_words stay as written.',
    ].join('\n'),
    fee: '4800.00',
    currency: 'EUR',
    startDate: '2026-12-01',
    endDate: '2027-02-28',
    sentAt: '2026-11-29T09:00:00.000Z',
    completedAt: '2026-11-30T16:45:00.000Z',
    contentHash: 'a3f1'.repeat(16),
    signatures: [
      {
        party: 'client',
        name: 'Ana Lima',
        signedAt: '2026-11-30T10:15:00.000Z',
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0',
        typed: 'Ana Lima',
      },
      {
        party: 'business',
        name: 'Jürgen Müller',
        signedAt: '2026-11-30T16:45:00.000Z',
        ip: '198.51.100.4',
        userAgent: 'Mozilla/5.0 (Macintosh) Safari/17.0',
      },
    ],
    audit: [
      {
        at: '2026-11-29T08:00:00.000Z',
        event: 'created',
        actor: 'Jürgen Müller',
        ip: '198.51.100.4',
        userAgent: 'Safari',
        hash: '11'.repeat(32),
      },
      {
        at: '2026-11-29T09:00:00.000Z',
        event: 'sent',
        actor: 'Jürgen Müller',
        ip: '198.51.100.4',
        userAgent: 'Safari',
        hash: '22'.repeat(32),
      },
      {
        at: '2026-11-30T10:15:00.000Z',
        event: 'signed',
        actor: 'client via portal',
        ip: '203.0.113.7',
        userAgent: 'Firefox',
        hash: '33'.repeat(32),
      },
      {
        at: '2026-11-30T16:45:00.000Z',
        event: 'countersigned',
        actor: 'Jürgen Müller',
        ip: '198.51.100.4',
        userAgent: 'Safari',
        hash: '44'.repeat(32),
      },
    ],
    timeZone: 'Europe/Berlin',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '24h',
    ...overrides,
  };
}

async function drawnSignature(): Promise<Uint8Array> {
  return new Uint8Array(await QRCode.toBuffer('Jürgen Müller', { type: 'png', width: 120 }));
}

/** The [start, length, start, length] byte ranges the signature covers. */
function byteRange(pdf: Uint8Array): number[] {
  const text = Buffer.from(pdf).toString('latin1');
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!m) throw new Error('no /ByteRange in the sealed PDF');
  return m.slice(1).map(Number);
}

describe('sealPdf', () => {
  it('seals a PDF that pdfsig reports valid, signed by "<business name> via Keel"', async () => {
    const ws = await workspace('Jürgen Müller Design');
    const sealed = await buildSignedContractPdf(
      database.db,
      ws,
      contract({ signatures: contract().signatures.map((s) => ({ ...s, image: null })) }),
      SECRET,
    );
    const out = await poppler('pdfsig', [], sealed);
    expect(out).toContain('Signature #1:');
    expect(out).toContain('Signer Certificate Common Name: Jürgen Müller Design via Keel');
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Signature Type: adbe.pkcs7.detached');
    expect(out).toContain('Signed Ranges: [0 - ');
    expect(out).toContain('Total document signed');
    // Self-signed: pdfsig knows no authority for it, and says so (not that it is invalid).
    expect(out).toContain('Certificate Validation: Certificate issuer is unknown.');
    expect(Buffer.from(sealed).toString('latin1')).toContain(`/Reason (${SEAL_REASON})`);
  });

  it('one byte changed in the content, outside the signature, makes pdfsig report a digest mismatch', async () => {
    const ws = await workspace('Tamper Test Studio');
    const sealed = await sealPdf(database.db, ws, await renderContractPdf(contract()), SECRET);
    const [, firstEnd, secondStart] = byteRange(sealed);
    const text = Buffer.from(sealed).toString('latin1');
    // A byte inside the file's first stream (page content or font data), outside the signature.
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(streamStart).toBeGreaterThan(7);
    const at = streamStart + 5;
    expect(at < firstEnd! || at >= secondStart!).toBe(true);
    const tampered = new Uint8Array(sealed);
    tampered[at] = tampered[at]! ^ 0x01;
    const out = await poppler('pdfsig', [], tampered);
    expect(out).toContain('Signature Validation: Digest Mismatch.');
    expect(out).not.toContain('Signature is Valid');
    // The untouched file still verifies: the change alone broke it.
    expect(await poppler('pdfsig', [], sealed)).toContain('Signature is Valid.');
  });

  it('two concurrent first uses make one key, and both seals carry its certificate', async () => {
    const ws = await workspace('Concurrent Studio');
    const [a, b] = await Promise.all([
      workspaceSigningKey(database.db, ws, SECRET),
      workspaceSigningKey(database.db, ws, SECRET),
    ]);
    expect(a.certificatePem).toBe(b.certificatePem);
    expect(a.privateKeyPem).toBe(b.privateKeyPem);
    expect(await keyRows(ws)).toHaveLength(1);

    const ws2 = await workspace('Second Concurrent Studio');
    const pdf = await renderContractPdf(contract());
    const seals = await Promise.all([
      sealPdf(database.db, ws2, pdf, SECRET),
      sealPdf(database.db, ws2, pdf, SECRET),
    ]);
    const rows = await keyRows(ws2);
    expect(rows).toHaveLength(1);
    for (const sealed of seals) {
      const out = await poppler('pdfsig', [], sealed);
      expect(out).toContain('Signature is Valid.');
      expect(out).toContain('Second Concurrent Studio via Keel');
    }
  });

  it('another workspace gets its own certificate, named for its own business', async () => {
    const a = await workspace('North Studio');
    const b = await workspace('South Studio');
    const keyA = await workspaceSigningKey(database.db, a, SECRET);
    const keyB = await workspaceSigningKey(database.db, b, SECRET);
    expect(keyA.certificatePem).not.toBe(keyB.certificatePem);
    expect(keyA.privateKeyPem).not.toBe(keyB.privateKeyPem);
    const pdf = await renderContractPdf(contract());
    const outB = await poppler('pdfsig', [], await sealPdf(database.db, b, pdf, SECRET));
    expect(outB).toContain('Signer Certificate Common Name: South Studio via Keel');
    expect(outB).not.toContain('North Studio');
    // The same key is used again later, not a new one.
    expect((await workspaceSigningKey(database.db, a, SECRET)).certificatePem).toBe(
      keyA.certificatePem,
    );
  });

  it('stores the private key encrypted, never in clear', async () => {
    const ws = await workspace('Cipher Studio');
    const key = await workspaceSigningKey(database.db, ws, SECRET);
    expect(key.privateKeyPem).toContain('BEGIN PRIVATE KEY');
    const [row] = await keyRows(ws);
    expect(row!.privateKeyPem).not.toContain('BEGIN RSA PRIVATE KEY');
    expect(row!.privateKeyPem).not.toContain('BEGIN PRIVATE KEY');
    expect(row!.privateKeyPem).not.toContain(key.privateKeyPem.split('\n')[1]);
    expect(row!.privateKeyPem).toMatch(/^keel-aes-256-gcm-v1:/);
    expect(row!.certificatePem).toContain('BEGIN CERTIFICATE');
  });

  it('a key stored for one workspace does not decrypt as another: that one gets a new key', async () => {
    const a = await workspace('Origin Studio');
    const b = await workspace('Copy Target Studio');
    const keyA = await workspaceSigningKey(database.db, a, SECRET);
    const [rowA] = await keyRows(a);
    await database.db
      .insertInto('workspaceSigningKeys')
      .values({
        workspaceId: b,
        certificatePem: rowA!.certificatePem,
        privateKeyPem: rowA!.privateKeyPem,
      })
      .execute();
    const keyB = await workspaceSigningKey(database.db, b, SECRET);
    expect(keyB.privateKeyPem).not.toBe(keyA.privateKeyPem);
    expect(keyB.certificatePem).not.toBe(keyA.certificatePem);
    expect(await keyRows(b)).toHaveLength(1);
  });
});

describe('renderContractPdf', () => {
  it('renders the contract, a drawn and a typed signature, and the certificate of completion', async () => {
    const input = contract();
    input.signatures[1]!.image = await drawnSignature();
    const bytes = await renderContractPdf(input);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    const text = (await poppler('pdftotext', ['-layout'], bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Website redesign agreement');
    expect(text).toContain('Scope of work');
    expect(text).toContain('new website');
    expect(text).toContain('Three page templates');
    expect(text).toContain('snake_case_words stay as written');
    expect(text).not.toContain('**');
    expect(text).toContain('€4,800.00');
    expect(text).toContain('01/12/2026');
    expect(text).toContain('Ana Lima');
    expect(text).toContain('Jürgen Müller');
    expect(text).toContain('Certificate of completion');
    expect(text).toContain('Signed 30/11/2026 11:15 (Europe/Berlin)');
    expect(text).toContain('IP address: 203.0.113.7');
    expect(text).toContain(`Event hash: ${'33'.repeat(32)}`);
    expect(text).toContain('a3f1'.repeat(16));
    expect(text).toContain('Countersigned');
    expect(text).toContain('client via portal');
    // The certificate starts its own page, after the contract and its signatures.
    const pages = (await poppler('pdftotext', ['-layout'], bytes)).split('\f');
    expect(pages.findIndex((p) => p.includes('Certificate of completion'))).toBe(
      pdf.getPageCount() - 1,
    );
    expect(pages[0]).not.toContain('Certificate of completion');

    // The drawn signature is an image on the page; without it there is none.
    const images = (b: Uint8Array) =>
      Buffer.from(b)
        .toString('latin1')
        .match(/\/Subtype \/Image/g)?.length ?? 0;
    expect(images(bytes)).toBe(1);
    const typedOnly = contract();
    typedOnly.signatures[1]!.typed = 'J. Müller';
    const typedText = (await poppler('pdftotext', [], await renderContractPdf(typedOnly))).replace(
      /\s+/g,
      ' ',
    );
    expect(typedText).toContain('J. Müller');
    expect(images(await renderContractPdf(typedOnly))).toBe(0);
  });

  it('a party that has not signed yet is marked "Not signed"', async () => {
    const bytes = await renderContractPdf(contract({ signatures: [contract().signatures[0]!] }));
    const text = (await poppler('pdftotext', [], bytes)).replace(/\s+/g, ' ');
    expect(text).toContain('Not signed');
    expect(text).toContain('Ana Lima');
  });
});
