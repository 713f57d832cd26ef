import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BankImportResultSchema } from '../../../shared/banking.schema.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { PlainRouteDoc } from '../../plugins/rest-adapter.ts';
import { createContext } from '../../trpc/context.ts';
import { createCaller } from '../../trpc/router.ts';
import { requireIdentity } from '../auth/identity.ts';
import { malformedUpload, TOO_LARGE } from '../files/files.routes.ts';
import { BANKING_TAG } from './banking.rest.ts';
import { BANK_MANAGERS } from './banking.router.ts';
import { ACCOUNT_NOT_FOUND, importStatement } from './banking.service.ts';

export const bankingRouteDocs: PlainRouteDoc[] = [
  {
    method: 'POST',
    path: '/api/bank-accounts/{id}/imports',
    operationId: 'banking.importStatement',
    summary: 'Import a bank statement file',
    description:
      'Field `file`: a CSV, OFX/QFX, CAMT.053 or MT940 statement (the format is read from the content), at most 5 MB; for a CSV file a field `mapping` (JSON, the CSV mapping: columns, date format, decimal separator, heading row), sent before the file. Without a mapping the account’s saved one is used; a CSV file with neither answers `needsMapping: true` with the guessed mapping (`csvMapping`, `csvMappingMissing`) and the file’s first rows (`csvPreview`) and imports nothing. A mapping sent is saved on the account for its next file. `?preview=true` answers what would be imported (every transaction with `duplicate`) and saves nothing. Otherwise the whole file is saved in one database transaction, each transaction once: one the account holds already (the bank’s id, else a fingerprint of day, amount, reference and its count in the file) is a duplicate and skipped, so importing the same file twice, or an overlapping statement, adds nothing twice. Answers `{imported, duplicates, rejected: [{line, reason}], …}` (at most 500 transactions listed). Acts in the current workspace.',
    tag: BANKING_TAG,
    access: 'workspace',
    status: 200,
    params: { id: z.coerce.number().int().positive() },
    upload: {
      field: 'file',
      mediaTypes: ['text/csv', 'application/xml', 'application/x-ofx', 'text/plain'],
    },
    answer: BankImportResultSchema,
    refusals: {
      403: 'an owner or administrator only',
      404: 'the account is not of the current workspace',
      413: 'the file is over 5 MB',
      422: 'not a statement file of a format Keel reads, or a file in another currency than the account’s',
    },
  },
];

/** The file and the mapping field of a multipart request (at most 5 MB: 413). */
async function readStatementUpload(req: FastifyRequest) {
  const expected = 'Expected a multipart upload with a "file" file';
  if (!req.isMultipart()) throw new TRPCError({ code: 'BAD_REQUEST', message: expected });
  let file: { data: Buffer; fileName: string | null } | null = null;
  let mapping: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated)
          throw new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: TOO_LARGE });
        if (part.fieldname === 'file') file = { data, fileName: part.filename || null };
      } else if (part.fieldname === 'mapping') {
        mapping = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    malformedUpload(error);
  }
  if (!file) throw new TRPCError({ code: 'BAD_REQUEST', message: expected });
  return { ...file, mapping };
}

/** The statement import. Multipart is not a tRPC call, so it is a plain route. */
export async function bankingRoutes(app: FastifyInstance) {
  const { db } = app.services;
  app.post<{ Params: { id: string }; Querystring: { preview?: string } }>(
    '/api/bank-accounts/:id/imports',
    async (req, reply) => {
      const ctx = createContext(app.services, req, reply);
      const { user } = await requireIdentity(ctx, true);
      const workspace = await createCaller(ctx).workspaces.current();
      if (!(BANK_MANAGERS as readonly WorkspaceRole[]).includes(workspace.role))
        throw new TRPCError({ code: 'FORBIDDEN', message: "You don't have permission to do this" });
      const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
      if (id < 1) throw new TRPCError({ code: 'NOT_FOUND', message: ACCOUNT_NOT_FOUND });
      const preview = req.query.preview === 'true' || req.query.preview === '1';
      const upload = await readStatementUpload(req);
      const scope = {
        db,
        workspace: { id: workspace.id },
        user: { id: user.id },
        role: workspace.role,
      };
      const result = await importStatement(scope, id, { ...upload, preview });
      return reply.code(200).send(result);
    },
  );
}
