import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { PlainRouteDoc, RestTag } from '../../plugins/rest-adapter.ts';
import { createContext } from '../../trpc/context.ts';
import { requireIdentity, requireSession } from '../auth/identity.ts';
import { findReadableFile } from './files.repository.ts';
import { storeProfilePhoto, storeWorkspaceLogo } from './files.service.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** The image type decided from the first bytes, never from the name or the client's claim. */
export function sniffImageType(data: Buffer): string | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return undefined;
}

/** A receipt: one of the images, or a PDF (`%PDF-`), by its first bytes. */
export function sniffReceiptType(data: Buffer): string | undefined {
  const image = sniffImageType(data);
  if (image) return image;
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

export const TOO_LARGE = 'File size must be less than 5MB';

/** The multipart parser's own errors (no boundary, a cut-off body) carry no status: a 400. */
export function malformedUpload(error: unknown): never {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 413) throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
  if (typeof status === 'number') throw error;
  throw new TRPCError({ code: 'BAD_REQUEST', message: 'Malformed multipart upload' });
}

/**
 * The one file of a multipart request, from the named field: at most 5 MB (the stream is
 * cut past it, 413), and of a type `sniff` recognises by its first bytes (400 otherwise,
 * saying `refused`).
 */
export async function readUpload(
  req: FastifyRequest,
  field: string,
  sniff: (data: Buffer) => string | undefined,
  refused: string,
) {
  const expected = `Expected a multipart upload with a "${field}" file`;
  if (!req.isMultipart()) throw new TRPCError({ code: 'BAD_REQUEST', message: expected });
  const part = await req.file().catch(malformedUpload);
  if (!part || part.fieldname !== field)
    throw new TRPCError({ code: 'BAD_REQUEST', message: expected });
  // toBuffer() throws when the limit is crossed inside a chunk it reads, but not when a chunk
  // ends exactly at the limit and the next one is dropped whole: it then returns the first
  // 5 MB as if they were the file. The stream's own flag says it was cut either way.
  const data = await part.toBuffer().catch(malformedUpload);
  if (part.file.truncated) {
    throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
  }
  const contentType = sniff(data);
  if (!contentType) throw new TRPCError({ code: 'BAD_REQUEST', message: refused });
  return { data, contentType };
}

/** The one image (PNG, JPEG, GIF or WebP by its first bytes) of a multipart request. */
const readImageUpload = (req: FastifyRequest, field: string) =>
  readUpload(req, field, sniffImageType, 'Please select an image file');

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/**
 * Shown inline under a name Keel makes (never the uploader's, which could say anything);
 * anything that is not one of the images Keel accepts is only ever a download.
 */
function contentDisposition(file: { purpose: string; contentType: string }): string {
  // A PDF receipt is saved, not shown: the answer's CSP (default-src 'none') would keep a
  // browser's viewer from rendering it anyway.
  if (file.purpose === 'expense_receipt' && file.contentType === 'application/pdf')
    return 'attachment; filename="receipt.pdf"';
  // An imported e-invoice's XML (einvoice-import.ts) is its receipt, saved likewise.
  if (file.purpose === 'expense_receipt' && file.contentType === 'application/xml')
    return 'attachment; filename="receipt.xml"';
  const extension = EXTENSIONS[file.contentType];
  if (!extension) return 'attachment; filename="file.bin"';
  const name =
    file.purpose === 'workspace_logo'
      ? 'logo'
      : file.purpose === 'expense_receipt'
        ? 'receipt'
        : 'photo';
  return `inline; filename="${name}.${extension}"`;
}

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const FILES_TAG: RestTag = {
  name: 'Files',
  description:
    'Images: workspace logos and profile photos, uploaded as multipart (at most 5 MB; PNG, JPEG, GIF or WebP by their first bytes) and read back by key. A browser session or an API token (a logo upload needs a `read_write` one; a profile photo, like the rest of the profile, a session).',
};
const UPLOAD_REFUSALS = {
  413: "the file is over 5 MB, or the account's storage quota is reached",
} as const;

/** The API document's entries for these routes (they are not REST table rows). */
export const fileRouteDocs: PlainRouteDoc[] = [
  {
    method: 'POST',
    path: '/api/upload/workspace-logo',
    operationId: 'files.uploadWorkspaceLogo',
    summary: 'Upload a workspace logo',
    description:
      'Field `logo`. Answers the URL to give as `logo` to `POST /api/workspaces` or `logoUrl` to `PUT /api/workspaces/{id}`.',
    tag: FILES_TAG,
    access: 'account',
    status: 201,
    upload: { field: 'logo', mediaTypes: IMAGE_TYPES },
    answer: z.object({ logoUrl: z.string() }),
    refusals: UPLOAD_REFUSALS,
  },
  {
    method: 'POST',
    path: '/api/account/upload-photo',
    operationId: 'files.uploadProfilePhoto',
    summary: 'Upload your profile photo',
    description: 'Field `profileImage`. It becomes your profile photo at once.',
    tag: FILES_TAG,
    access: 'session',
    status: 201,
    upload: { field: 'profileImage', mediaTypes: IMAGE_TYPES },
    answer: z.object({ profileImageUrl: z.string() }),
    refusals: UPLOAD_REFUSALS,
  },
  {
    method: 'GET',
    path: '/api/files/{key}',
    operationId: 'files.download',
    summary: 'Read an uploaded file',
    description:
      'The key is the last segment of a `logoUrl`, `profileImageUrl` or an expense’s `receipt.url`. Readable by its uploader, by members of the workspace whose logo it is, by members sharing a workspace with the person a photo shows, and by platform administrators; an expense receipt by the active members of its workspace only.',
    tag: FILES_TAG,
    access: 'account',
    status: 200,
    params: { key: z.string() },
    answer: {
      mediaTypes: [...IMAGE_TYPES, 'application/pdf', 'application/xml'],
      headers: {
        'Content-Disposition': {
          description:
            '`inline; filename="logo.png"`, `inline; filename="photo.png"` or `inline; filename="receipt.png"`; a PDF receipt `attachment; filename="receipt.pdf"`, an imported e-invoice’s XML `attachment; filename="receipt.xml"`.',
          schema: { type: 'string' },
        },
      },
    },
    refusals: { 404: 'no file has this key, or it is not yours to read' },
  },
];

/** Upload and download of images. Multipart is not a tRPC call, so these are plain routes. */
export async function fileRoutes(
  app: FastifyInstance,
  { config }: { config: Pick<Config, 'uploadQuotaUserBytes'> },
) {
  const { db } = app.services;
  // The same authentication as every tRPC and REST call: a session cookie or a bearer token.
  const caller = (req: FastifyRequest, reply: FastifyReply, changes: boolean) =>
    requireIdentity(createContext(app.services, req, reply), changes);

  app.post('/api/upload/workspace-logo', async (req, reply) => {
    const { user } = await caller(req, reply, true);
    const image = await readImageUpload(req, 'logo');
    const logoUrl = await storeWorkspaceLogo(db, config.uploadQuotaUserBytes, {
      ownerUserId: user.id,
      ...image,
    });
    return reply.code(201).send({ logoUrl });
  });

  app.post('/api/account/upload-photo', async (req, reply) => {
    // The profile is the account's: a token may not change it (as `PUT /api/account/profile`).
    const { user } = requireSession(await caller(req, reply, true));
    const image = await readImageUpload(req, 'profileImage');
    const profileImageUrl = await storeProfilePhoto(db, config.uploadQuotaUserBytes, {
      ownerUserId: user.id,
      ...image,
    });
    return reply.code(201).send({ profileImageUrl });
  });

  app.get<{ Params: { key: string } }>('/api/files/:key', async (req, reply) => {
    const { user: reader } = await caller(req, reply, false);
    const file = /^[A-Za-z0-9_-]{16,64}$/.test(req.params.key)
      ? await findReadableFile(db, req.params.key, reader)
      : undefined;
    if (!file) throw new TRPCError({ code: 'NOT_FOUND', message: 'File not found' });
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', contentDisposition(file))
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(file.data));
  });
}
