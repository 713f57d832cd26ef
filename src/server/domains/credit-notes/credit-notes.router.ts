import { z } from 'zod';
import {
  CreditableSchema,
  CreditNoteDetailSchema,
  CreditNoteInputSchema,
  CreditNoteListQuerySchema,
  CreditNoteSchema,
  CreditNoteSendSchema,
} from '../../../shared/credit-notes.schema.ts';
import { FileSchema } from '../../../shared/file.schema.ts';
import {
  EmailPreviewInputSchema,
  EmailPreviewSchema,
  InvoiceEmailSchema,
  SendInvoiceInputSchema,
  SendInvoiceResultSchema,
} from '../../../shared/invoice-email.schema.ts';
import { pageOf } from '../../../shared/list.schema.ts';
import { BILLING_MANAGERS } from '../../../shared/roles.ts';
import { listProcedure, requireRole, router, workspaceProcedure } from '../../trpc/init.ts';
import { rowQuery } from '../../trpc/row-procedures.ts';
import * as email from '../invoice-email/invoice-email.service.ts';
import * as repo from './credit-notes.repository.ts';
import * as creditNotes from './credit-notes.service.ts';

/** Everyone reads credit notes; those who issue invoices credit and send them. */
const billingProcedure = requireRole(...BILLING_MANAGERS);

export const creditNotesRouter = router({
  list: listProcedure
    .input(CreditNoteListQuerySchema.prefault({}))
    .output(pageOf(CreditNoteSchema))
    .query(({ ctx, input }) => repo.listCreditNotes(ctx.db, ctx.workspace.id, input)),
  get: rowQuery(workspaceProcedure, CreditNoteDetailSchema, creditNotes.getCreditNote),
  pdf: rowQuery(workspaceProcedure, FileSchema, creditNotes.creditNotePdf),
  /** What of an invoice may still be credited (`id` is the invoice's). */
  creditable: rowQuery(workspaceProcedure, CreditableSchema, creditNotes.creditable),
  create: billingProcedure
    .input(CreditNoteInputSchema)
    .output(CreditNoteDetailSchema)
    .mutation(({ ctx, input }) => creditNotes.createCreditNote(ctx, input)),
  send: billingProcedure
    .input(SendInvoiceInputSchema.extend(CreditNoteSendSchema.shape))
    .output(SendInvoiceResultSchema)
    .mutation(({ ctx, input }) => email.sendCreditNote(ctx, input)),
  emailPreview: billingProcedure
    .input(EmailPreviewInputSchema)
    .output(EmailPreviewSchema)
    .mutation(({ ctx, input }) => email.previewCreditNoteEmail(ctx, input)),
  emails: rowQuery(workspaceProcedure, z.array(InvoiceEmailSchema), email.listCreditNoteEmails),
});
