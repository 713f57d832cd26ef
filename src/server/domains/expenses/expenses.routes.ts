import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ExpenseSchema } from '../../../shared/expenses.schema.ts';
import type { PlainRouteDoc } from '../../plugins/rest-adapter.ts';
import { ErrorBodySchema } from '../../plugins/errors.ts';
import { createContext } from '../../trpc/context.ts';
import { createCaller } from '../../trpc/router.ts';
import { requireIdentity } from '../auth/identity.ts';
import {
  DuplicateEinvoiceError,
  EinvoiceImportError,
  importEinvoice,
} from '../einvoices/einvoice-import.ts';
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

/** An e-invoice upload: a PDF by its first bytes, else read as XML (the parser decides). */
const sniffEinvoiceType = (data: Buffer) =>
  data.subarray(0, 5).toString('latin1') === '%PDF-' ? 'application/pdf' : 'application/xml';

/** A refusal's body: the usual one; a 422 adds the rule list, a 409 the existing expense. */
const EinvoiceRefusalSchema = ErrorBodySchema.extend({
  errors: z
    .array(z.object({ rule: z.string(), field: z.string(), message: z.string() }))
    .optional()
    .meta({ description: '422 only: why the file was refused (`rule`, `field`, `message`).' }),
  expenseId: z
    .number()
    .optional()
    .meta({ description: '409 only: the expense this supplier invoice was imported as.' }),
});

expenseRouteDocs.push({
  method: 'POST',
  path: '/api/expenses/import-einvoice',
  operationId: 'expenses.importEinvoice',
  summary: 'Import a supplier’s e-invoice as a draft expense',
  description:
    'Field `file`: a UBL 2.1 Invoice, a UN/CEFACT CII invoice (EN 16931), or a Factur-X / ZUGFeRD / XRechnung PDF with its XML embedded, at most 5 MB. Answers a draft expense (`draft: true`): `vendor` (the seller, BT-27), `vendorTaxId` (BT-31), `date` (issue date), `supplierInvoiceNumber` (BT-1), `currency`, `amount` (the total with VAT, BT-112, exactly), `taxAmount` (BT-110), the lines in `notes`, and the file as its receipt. A draft counts in no total, report or billing until `POST /api/expenses/{id}/confirm`. Supplier credit notes and invoices of 0 or less are refused: expenses are amounts greater than 0. A 422 carries `errors: [{ rule, field, message }]`; a 409 `expenseId`, the expense the invoice became. Acts in the current workspace.',
  tag: EXPENSES_TAG,
  access: 'workspace',
  status: 201,
  upload: { field: 'file', mediaTypes: ['application/xml', 'text/xml', 'application/pdf'] },
  answer: ExpenseSchema,
  errorBody: { name: 'EinvoiceImportRefusal', schema: EinvoiceRefusalSchema },
  refusals: {
    409: 'this supplier invoice (the same seller VAT id, or name, and invoice number) was already imported in this workspace',
    413: "the file is over 5 MB, or the account's or workspace's storage quota is reached",
    422: 'not a UBL or CII e-invoice, a PDF without one embedded, a credit note, a total of 0 or less, or a currency Keel does not know',
  },
});

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

  app.post('/api/expenses/import-einvoice', async (req, reply) => {
    const ctx = createContext(app.services, req, reply);
    const { user } = await requireIdentity(ctx, true);
    const workspace = await createCaller(ctx).workspaces.current();
    const upload = await readUpload(req, 'file', sniffEinvoiceType, '');
    const scope = {
      db,
      workspace: { id: workspace.id },
      user: { id: user.id },
      role: workspace.role,
    };
    try {
      const expense = await importEinvoice(scope, upload, quotas);
      return await reply.code(201).send(expense);
    } catch (error) {
      if (error instanceof EinvoiceImportError) {
        const { rule, field, message } = error;
        const body: z.infer<typeof EinvoiceRefusalSchema> = {
          error: message,
          errors: [{ rule, field, message }],
        };
        return reply.code(422).send(body);
      }
      if (error instanceof DuplicateEinvoiceError)
        return reply.code(409).send({ error: error.message, expenseId: error.expenseId });
      throw error;
    }
  });
}
