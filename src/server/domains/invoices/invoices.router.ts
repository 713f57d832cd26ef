import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import {
  InvoiceInputSchema,
  InvoiceListQuerySchema,
  InvoiceSchema,
  InvoiceUpdateSchema,
} from '../../../shared/invoices.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { listProcedure, router, requireRole } from '../../trpc/init.ts';
import * as repo from './invoices.repository.ts';
import * as invoices from './invoices.service.ts';

/** Everyone sees invoices; those who run the business issue and settle them. */
const billingProcedure = requireRole('owner', 'partner', 'administrator', 'project_manager');

export const invoicesRouter = router({
  list: listProcedure
    .input(
      InvoiceListQuerySchema.extend({
        unpaid: z
          .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
          .optional(),
        orderBy: z.enum(['created', 'dueDate']).optional(),
      }).prefault({}),
    )
    .output(pageOf(InvoiceSchema))
    .query(({ ctx, input }) => repo.listInvoices(ctx.db, ctx.workspace.id, input)),
  create: billingProcedure
    .input(InvoiceInputSchema)
    .output(InvoiceSchema)
    .mutation(({ ctx, input }) => invoices.createInvoice(ctx, input)),
  update: billingProcedure
    .input(InvoiceUpdateSchema)
    .output(InvoiceSchema)
    .mutation(({ ctx, input }) => invoices.changeStatus(ctx, input.id, input.status)),
  delete: billingProcedure
    .input(z.object({ id: IdSchema }))
    .mutation(({ ctx, input }) => invoices.deleteInvoice(ctx, input.id)),
});
