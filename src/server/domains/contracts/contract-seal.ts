/**
 * The seal of a signed contract PDF (issue 40, item 4): a PKCS#7 detached signature over the
 * PDF's bytes (adbe.pkcs7.detached), made with a key and a self-signed certificate Keel
 * generates for each workspace on first need. Any standard verifier (pdfsig, Acrobat) then
 * reports the document valid, and invalid once a single byte of it changes.
 *
 * The certificate is self-signed: it proves the file is the one Keel sealed for this
 * workspace, not who the business is (no certificate authority vouches for the name).
 *
 * The private key is stored encrypted with AES-256-GCM. Config has no dedicated SECRETS_KEY,
 * so the encryption key is derived from the server's session secret (SESSION_SECRET, or the
 * one kept in the data dir) with HKDF-SHA256 and an info string of its own, so the same
 * secret is never used directly for two purposes. The workspace id is the cipher's
 * associated data: a stored key copied onto another workspace's row does not decrypt.
 */
import {
  createCipheriv,
  createDecipheriv,
  generateKeyPair,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { promisify } from 'node:util';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import type { Database } from '../../db/create-db.ts';
import { findSeller } from '../business/business.repository.ts';
import { renderContractPdf, type ContractPdfInput } from './contract-pdf.ts';

export const SEAL_REASON = 'Signed contract sealed by Keel';

/** Years the certificate is valid from its creation. */
const CERTIFICATE_YEARS = 10;

/** Bytes reserved for the PKCS#7 signature (an RSA 2048 signature and the certificate fit in ~2 KB). */
const SIGNATURE_LENGTH = 8192;

/** The X.509 upper bound of a common name (RFC 5280, ub-common-name). */
const MAX_COMMON_NAME = 64;

const CIPHER = 'aes-256-gcm';
/** Stored key format: version, then base64 iv, auth tag and ciphertext. */
const ENCRYPTED_PREFIX = 'keel-aes-256-gcm-v1';

const generateRsaKeyPair = promisify(generateKeyPair);

export interface SigningKey {
  certificatePem: string;
  privateKeyPem: string;
}

// ---------------------------------------------------------------------------------------
// Encryption at rest

function encryptionKey(secret: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, 'keel', 'keel workspace signing keys v1', 32) as ArrayBuffer,
  );
}

function additionalData(workspaceId: number): Buffer {
  return Buffer.from(`workspace:${workspaceId}`, 'utf8');
}

export function encryptPrivateKey(pem: string, workspaceId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv(CIPHER, encryptionKey(secret), iv);
  cipher.setAAD(additionalData(workspaceId));
  const ciphertext = Buffer.concat([cipher.update(pem, 'utf8'), cipher.final()]);
  return [ENCRYPTED_PREFIX, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join(':');
}

/** The PEM, or undefined when the stored text was not encrypted with this secret for this workspace. */
function decryptPrivateKey(
  stored: string,
  workspaceId: number,
  secret: string,
): string | undefined {
  const [prefix, iv, tag, ciphertext] = stored.split(':');
  if (prefix !== ENCRYPTED_PREFIX || !iv || !tag || !ciphertext) return undefined;
  try {
    const decipher = createDecipheriv(CIPHER, encryptionKey(secret), Buffer.from(iv, 'base64'));
    decipher.setAAD(additionalData(workspaceId));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------
// Key and certificate

/** "<business name> via Keel", within the common name's 64 characters. */
export function signerCommonName(businessName: string): string {
  const suffix = ' via Keel';
  const name = [...(businessName.normalize('NFC').replace(/\s+/g, ' ').trim() || 'Keel workspace')];
  const room = MAX_COMMON_NAME - suffix.length;
  const shortened = name.length > room ? `${name.slice(0, room - 1).join('')}…` : name.join('');
  return `${shortened}${suffix}`;
}

async function generateSigningKey(commonName: string): Promise<SigningKey> {
  // Node's native generator: node-forge's pure-JavaScript one takes seconds for 2048 bits.
  const { privateKey: privateKeyPem } = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey;
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);

  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial number of 16 random bytes (RFC 5280: at most 20 octets, positive).
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  cert.serialNumber = serial.toString('hex');
  const now = new Date();
  // A minute back: a verifier whose clock runs slightly behind still sees it valid.
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CERTIFICATE_YEARS);
  cert.validity.notAfter = notAfter;
  // UTF8String (forge encodes the value): a business name in any script, as written.
  const subject = [
    {
      shortName: 'CN',
      value: commonName,
      valueTagClass: forge.asn1.Type.UTF8,
    },
    { shortName: 'O', value: 'Keel', valueTagClass: forge.asn1.Type.UTF8 },
  ] as unknown as forge.pki.CertificateField[]; // the types call valueTagClass a tag class; forge reads it as the tag type
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem };
}

async function findStoredKey(db: Database, workspaceId: number) {
  return db
    .selectFrom('workspaceSigningKeys')
    .select(['certificatePem', 'privateKeyPem'])
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
}

/**
 * The workspace's key and certificate, made on first need. Concurrent first uses may each
 * generate one, but the insert keeps the first and every caller reads back the same row.
 *
 * A stored key this server's secret cannot decrypt (the secret was changed) is replaced by a
 * new one: PDFs sealed before keep verifying, since each carries its own certificate.
 */
export async function workspaceSigningKey(
  db: Database,
  workspaceId: number,
  secret: string,
): Promise<SigningKey> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const stored = await findStoredKey(db, workspaceId);
    if (stored) {
      const privateKeyPem = decryptPrivateKey(stored.privateKeyPem, workspaceId, secret);
      if (privateKeyPem) return { certificatePem: stored.certificatePem, privateKeyPem };
    }
    const { seller } = await findSeller(db, workspaceId);
    const fresh = await generateSigningKey(signerCommonName(seller.name));
    const row = {
      certificatePem: fresh.certificatePem,
      privateKeyPem: encryptPrivateKey(fresh.privateKeyPem, workspaceId, secret),
    };
    if (stored) {
      // Only over the row read, so two servers replacing it at once keep one key.
      await db
        .updateTable('workspaceSigningKeys')
        .set({ ...row, createdAt: new Date().toISOString() })
        .where('workspaceId', '=', workspaceId)
        .where('certificatePem', '=', stored.certificatePem)
        .execute();
    } else {
      await db
        .insertInto('workspaceSigningKeys')
        .values({ workspaceId, ...row })
        .onConflict((oc) => oc.column('workspaceId').doNothing())
        .execute();
    }
  }
  throw new Error(`The signing key of workspace ${workspaceId} could not be made or read`);
}

// ---------------------------------------------------------------------------------------
// Sealing

/**
 * A PDF text string pdf-lib's PDFString writes as given: it copies character codes as bytes
 * and escapes nothing, so the text is kept to printable ASCII (accents dropped, other
 * characters as "?") with backslashes and parentheses escaped.
 */
function pdfLiteral(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, '\\$&')
    .trim()
    .slice(0, 200);
}

/**
 * A PKCS#7 detached signer (adbe.pkcs7.detached, SHA-256) with the workspace's key, as
 * @signpdf/signer-p12's P12Signer signs, without the PKCS#12 round trip. node-forge reads a
 * certificate's UTF8String names as raw UTF-8 bytes but encodes them again when it writes the
 * signer's issuer, so through P12Signer a business name such as "Jürgen Müller Design" gave
 * an issuer that matched no certificate (pdfsig: "Unknown Validation Failure"). Here the
 * parsed names are decoded first; the certificate itself is embedded as issued.
 */
class WorkspaceSigner extends Signer {
  constructor(private readonly key: SigningKey) {
    super();
  }

  override sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const privateKey = forge.pki.privateKeyFromPem(this.key.privateKeyPem);
    const certificate = forge.pki.certificateFromPem(this.key.certificatePem);
    for (const attribute of [...certificate.issuer.attributes, ...certificate.subject.attributes]) {
      if (attribute.valueTagClass === (forge.asn1.Type.UTF8 as unknown as forge.asn1.Class)) {
        attribute.value = forge.util.decodeUtf8(attribute.value as string);
      }
    }
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    p7.addCertificate(certificate);
    // The attributes' order matters to EU validators (as in P12Signer).
    p7.addSigner({
      key: privateKey,
      certificate,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        {
          type: forge.pki.oids.signingTime!,
          value: (signingTime ?? new Date()) as unknown as string,
        },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    return Promise.resolve(Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary'));
  }
}

/**
 * The PDF with the workspace's seal: a signature field (invisible, on the first page) whose
 * PKCS#7 detached signature covers every byte of the file but the signature itself.
 * `secret` is the server's session secret (config.sessionSecret), which the workspace's
 * private key is encrypted under.
 */
export async function sealPdf(
  db: Database,
  workspaceId: number,
  pdfBytes: Uint8Array,
  secret: string,
): Promise<Uint8Array> {
  const key = await workspaceSigningKey(db, workspaceId, secret);
  const { seller } = await findSeller(db, workspaceId);

  const pdf = await PDFDocument.load(pdfBytes, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: SEAL_REASON,
    contactInfo: pdfLiteral(seller.email ?? ''),
    name: pdfLiteral(seller.name),
    location: pdfLiteral((seller.address ?? '').split(/\r\n|\r|\n/).join(', ')),
    signatureLength: SIGNATURE_LENGTH,
    appName: 'Keel',
  });
  // The signer finds the placeholder in the file's text: no object streams.
  const withPlaceholder = await pdf.save({ useObjectStreams: false });

  const signed = await new SignPdf().sign(Buffer.from(withPlaceholder), new WorkspaceSigner(key));
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
}

/** The signed contract as a sealed PDF: rendered, then sealed with the workspace's key. */
export async function buildSignedContractPdf(
  db: Database,
  workspaceId: number,
  input: ContractPdfInput,
  secret: string,
): Promise<Uint8Array> {
  return sealPdf(db, workspaceId, await renderContractPdf(input), secret);
}
