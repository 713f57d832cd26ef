import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/create-db.ts';
import { requireSessionUser } from '../auth/sessions.ts';
import { findReadableFile, insertFile } from './files.repository.ts';

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

/**
 * The one image of a multipart request, from the named field: at most 5 MB (the stream is
 * cut past it, 413), and a PNG, JPEG, GIF or WebP by its first bytes.
 */
/** The multipart parser's own errors (no boundary, a cut-off body) carry no status: a 400. */
function malformedUpload(error: unknown): never {
  if (typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number') throw error;
  throw new TRPCError({ code: 'BAD_REQUEST', message: 'Malformed multipart upload' });
}

async function readImageUpload(req: FastifyRequest, field: string) {
  const expected = `Expected a multipart upload with a "${field}" file`;
  if (!req.isMultipart()) throw new TRPCError({ code: 'BAD_REQUEST', message: expected });
  const part = await req.file().catch(malformedUpload);
  if (!part || part.fieldname !== field)
    throw new TRPCError({ code: 'BAD_REQUEST', message: expected });
  // toBuffer() stops reading past the limit and throws a 413 error.
  const data = await part.toBuffer().catch(malformedUpload);
  const contentType = sniffImageType(data);
  if (!contentType) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Please select an image file' });
  }
  return { data, contentType };
}

/** Upload and download of images. Multipart is not a tRPC call, so these are plain routes. */
export async function fileRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.post('/api/upload/workspace-logo', async (req, reply) => {
    const user = await requireSessionUser(db, req);
    const { data, contentType } = await readImageUpload(req, 'logo');
    const logoUrl = await insertFile(db, {
      ownerUserId: user.id,
      purpose: 'workspace_logo',
      contentType,
      data,
    });
    return reply.code(201).send({ logoUrl });
  });

  app.post('/api/account/upload-photo', async (req, reply) => {
    const user = await requireSessionUser(db, req);
    const { data, contentType } = await readImageUpload(req, 'profileImage');
    const profileImageUrl = await insertFile(db, {
      ownerUserId: user.id,
      purpose: 'profile_photo',
      contentType,
      data,
    });
    await db
      .updateTable('users')
      .set({ profileImageUrl, updatedAt: new Date() })
      .where('id', '=', user.id)
      .execute();
    return reply.code(201).send({ profileImageUrl });
  });

  app.get<{ Params: { key: string } }>('/api/files/:key', async (req, reply) => {
    const reader = await requireSessionUser(db, req);
    const file = /^[A-Za-z0-9_-]{16,64}$/.test(req.params.key)
      ? await findReadableFile(db, req.params.key, reader)
      : undefined;
    if (!file) throw new TRPCError({ code: 'NOT_FOUND', message: 'File not found' });
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(file.data));
  });
}
