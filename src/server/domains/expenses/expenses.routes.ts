import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ExpenseSchema } from '../../../shared/expenses.schema.ts';
import type { PlainRouteDoc } from '../../plugins/rest-adapter.ts';
import { createContext } from '../../trpc/context.ts';
import { createCaller } from '../../trpc/router.ts';
import { requireIdentity } from '../auth/identity.ts';
import { readUpload, sniffReceiptType } from '../files/files.routes.ts';
import { EXPENSES_TAG } from './expenses.rest.ts';
import * as expenses from './expenses.service.ts';

const RECEIPT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;

export const expenseRouteDocs: PlainRouteDoc[] = [
  {
    method: 'POST',
    path: '/api/expenses/{id}/receipt',
    operationId: 'expenses.uploadReceipt',
    summary: 'Upload an expense’s receipt',
    description:
      'Field `receipt`: a PNG, JPEG, GIF, WebP or PDF (decided from its first bytes, never the name or the declared type), at most 5 MB. It replaces the expense’s receipt, if any, and is readable at `receipt.url` by the workspace’s active members only. Acts in the current workspace (the session’s, or a token’s `X-Workspace-Id`).',
    tag: EXPENSES_TAG,
    access: 'workspace',
    status: 201,
    params: { id: z.coerce.number().int().positive() },
    upload: { field: 'receipt', mediaTypes: [...RECEIPT_TYPES] },
    answer: ExpenseSchema,
    refusals: {
      403: "another member's expense, without a role that manages expenses",
      404: 'the expense is not of the current workspace',
      413: "the file is over 5 MB, or the account's or workspace's storage quota is reached",
    },
  },
];

/** The receipt upload. Multipart is not a tRPC call, so it is a plain route. */
export async function expenseRoutes(
  app: FastifyInstance,
  { quotas }: { quotas: { userBytes: number; workspaceBytes: number } },
) {
  const { db } = app.services;
  app.post<{ Params: { id: string } }>('/api/expenses/:id/receipt', async (req, reply) => {
    // The same authentication as every call (a session or a read_write token), then the
    // current workspace and role, checked as every workspace procedure checks them.
    const ctx = createContext(app.services, req, reply);
    const { user } = await requireIdentity(ctx, true);
    const workspace = await createCaller(ctx).workspaces.current();
    const id = /^\d{1,9}$/.test(req.params.id) ? Number(req.params.id) : 0;
    if (id < 1) throw new TRPCError({ code: 'NOT_FOUND', message: 'Expense not found' });
    const upload = await readUpload(
      req,
      'receipt',
      sniffReceiptType,
      'A receipt must be an image (PNG, JPEG, GIF or WebP) or a PDF',
    );
    const scope = {
      db,
      workspace: { id: workspace.id },
      user: { id: user.id },
      role: workspace.role,
    };
    const expense = await expenses.attachReceipt(scope, id, upload, quotas);
    return reply.code(201).send(expense);
  });
}
