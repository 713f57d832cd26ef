import {
  EinvoiceDownloadInputSchema,
  EinvoiceValidationSchema,
  XmlFileSchema,
} from '../../../shared/einvoices.schema.ts';
import { router, workspaceProcedure } from '../../trpc/init.ts';
import { rowMutation } from '../../trpc/row-procedures.ts';
import * as einvoices from './einvoice.service.ts';

/**
 * Everyone who reads invoices and credit notes reads their e-invoices and what stops a draft
 * from being one.
 */
export const einvoicesRouter = router({
  download: workspaceProcedure
    .input(EinvoiceDownloadInputSchema)
    .output(XmlFileSchema)
    .query(({ ctx, input }) => einvoices.einvoiceDocument(ctx, input.id, input.format)),
  creditNoteDownload: workspaceProcedure
    .input(EinvoiceDownloadInputSchema)
    .output(XmlFileSchema)
    .query(({ ctx, input }) => einvoices.creditNoteEinvoiceDocument(ctx, input.id, input.format)),
  // Runs the checks: a POST, as every call that is not a plain read.
  validate: rowMutation(workspaceProcedure, EinvoiceValidationSchema, einvoices.validateEinvoice),
});
