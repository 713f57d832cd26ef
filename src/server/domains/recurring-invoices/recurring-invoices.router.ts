import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import {
  RecurringInvoiceDetailSchema,
  RecurringInvoiceInputSchema,
  RecurringInvoiceListQuerySchema,
  RecurringInvoiceSchema,
  RecurringInvoiceUpdateSchema,
} from '../../../shared/recurring-invoices.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { listProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import * as repo from './recurring-invoices.repository.ts';
import * as recurring from './recurring-invoices.service.ts';

/** Everyone sees them, as they see invoices; those who issue invoices set them up. */
const billingProcedure = requireRole(...BILLING_MANAGERS);

export const recurringInvoicesRouter = router({
  list: listProcedure
    .input(RecurringInvoiceListQuerySchema.prefault({}))
    .output(pageOf(RecurringInvoiceSchema))
    .query(({ ctx, input }) => repo.listTemplates(ctx.db, ctx.workspace.id, input)),
  get: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .output(RecurringInvoiceDetailSchema)
    .query(({ ctx, input }) => recurring.getRecurringInvoice(ctx, input.id)),
  create: billingProcedure
    .input(RecurringInvoiceInputSchema)
    .output(RecurringInvoiceDetailSchema)
    .mutation(({ ctx, input }) => recurring.createRecurringInvoice(ctx, input)),
  update: billingProcedure
    .input(RecurringInvoiceUpdateSchema)
    .output(RecurringInvoiceDetailSchema)
    .mutation(({ ctx, input }) => recurring.updateRecurringInvoice(ctx, input)),
  delete: billingProcedure
    .input(z.object({ id: IdSchema }))
    .output(SuccessSchema)
    .mutation(({ ctx, input }) => recurring.deleteRecurringInvoice(ctx, input.id)),
});
