import { ciiDocument } from '../einvoices/einvoice.service.ts';
import { facturXPdfProcedure } from '../einvoices/facturx.service.ts';
import { z } from 'zod';
import { IdSchema } from '../../../shared/ids.ts';
import {
  InvoiceDetailSchema,
  InvoiceInputSchema,
  InvoiceListQuerySchema,
  InvoiceSchema,
  InvoiceUpdateSchema,
  InvoiceVoidSchema,
  PaymentDeleteSchema,
  PaymentInputSchema,
} from '../../../shared/invoices.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { PaymentQrSchema } from '../../../shared/portal.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { listProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation, rowProcedures, rowQuery } from '../../trpc/row-procedures.ts';
import * as repo from './invoices.repository.ts';
import * as invoices from './invoices.service.ts';

/** Everyone sees invoices; those who run the business issue and settle them. */
const billingProcedure = requireRole(...BILLING_MANAGERS);

export const invoicesRouter = router({
  list: listProcedure
    .input(
      InvoiceListQuerySchema.extend({
        unpaid: z
          .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
          .optional(),
        orderBy: z.enum(['created', 'dueDate']).optional(),
        clientId: IdSchema.optional(),
        /** One project's invoices (its page's Invoices tab). */
        projectId: IdSchema.optional(),
      }).prefault({}),
    )
    .output(pageOf(InvoiceSchema))
    .query(({ ctx, input }) => repo.listInvoices(ctx.db, ctx.workspace.id, input)),
  get: rowQuery(workspaceProcedure, InvoiceDetailSchema, invoices.getInvoice),
  // `?format=facturx` embeds the invoice's CII (issue 41, item 3).
  pdf: facturXPdfProcedure(ciiDocument),
  // The same code the portal and the PDF show, for the invoice page.
  paymentQr: rowQuery(
    workspaceProcedure,
    PaymentQrSchema.nullable(),
    invoices.invoicePaymentQrView,
  ),
  ...rowProcedures(
    billingProcedure,
    { input: InvoiceInputSchema, update: InvoiceUpdateSchema, output: InvoiceSchema },
    {
      create: invoices.createInvoice,
      update: (ctx, id, changes) => invoices.updateInvoice(ctx, { id, ...changes }),
      remove: invoices.deleteInvoice,
    },
  ),
  issue: rowMutation(billingProcedure, InvoiceSchema, invoices.issueInvoice),
  void: billingProcedure
    .input(InvoiceVoidSchema)
    .output(InvoiceSchema)
    .mutation(({ ctx, input }) => invoices.voidInvoice(ctx, input.id, input.reason)),
  addPayment: billingProcedure
    .input(PaymentInputSchema)
    .output(InvoiceSchema)
    .mutation(({ ctx, input }) => invoices.addPayment(ctx, input)),
  deletePayment: billingProcedure
    .input(PaymentDeleteSchema)
    .output(InvoiceSchema)
    .mutation(({ ctx, input }) => invoices.deletePayment(ctx, input.id, input.paymentId)),
});
