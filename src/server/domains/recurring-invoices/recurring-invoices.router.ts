import { pageOf } from '../../../shared/list.schema.ts';
import {
  RecurringInvoiceDetailSchema,
  RecurringInvoiceInputSchema,
  RecurringInvoiceListQuerySchema,
  RecurringInvoiceSchema,
  RecurringInvoiceUpdateSchema,
} from '../../../shared/recurring-invoices.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { listProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowProcedures, rowQuery } from '../../trpc/row-procedures.ts';
import * as repo from './recurring-invoices.repository.ts';
import * as recurring from './recurring-invoices.service.ts';

/** Everyone sees them, as they see invoices; those who issue invoices set them up. */
const billingProcedure = requireRole(...BILLING_MANAGERS);

export const recurringInvoicesRouter = router({
  list: listProcedure
    .input(RecurringInvoiceListQuerySchema.prefault({}))
    .output(pageOf(RecurringInvoiceSchema))
    .query(({ ctx, input }) => repo.listTemplates(ctx.db, ctx.workspace.id, input)),
  get: rowQuery(workspaceProcedure, RecurringInvoiceDetailSchema, recurring.getRecurringInvoice),
  ...rowProcedures(
    billingProcedure,
    {
      input: RecurringInvoiceInputSchema,
      update: RecurringInvoiceUpdateSchema,
      output: RecurringInvoiceDetailSchema,
    },
    {
      create: recurring.createRecurringInvoice,
      update: (ctx, id, changes) => recurring.updateRecurringInvoice(ctx, { id, ...changes }),
      remove: recurring.deleteRecurringInvoice,
    },
  ),
});
