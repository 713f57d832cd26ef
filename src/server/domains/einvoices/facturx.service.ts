/**
 * The Factur-X PDF of an issued invoice: the invoice PDF Keel renders, as PDF/A-3b with its
 * CII XML embedded. The XML comes from a provider handed in (`ciiOf`), so this module needs
 * no particular generator: the invoice route passes the CII generator's document.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { FileSchema } from '../../../shared/file.schema.ts';
import { IdSchema } from '../../../shared/ids.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { workspaceProcedure } from '../../trpc/init.ts';
import { findProfile } from '../business/business.repository.ts';
import { getInvoice, invoicePdf } from '../invoices/invoices.service.ts';
import { toFacturX } from './facturx.ts';

type Scope = Pick<WorkspaceScope, 'db' | 'workspace'>;

/** The CII document (UN/CEFACT CII D16B, EN 16931) of an issued invoice, by its id. */
export type CiiOf = (invoiceId: number) => string | Promise<string>;

export const NOT_ISSUED = 'A draft has no e-invoice: issue it first';

/**
 * The invoice's PDF with its CII embedded as factur-x.xml. A draft is refused (409): only an
 * issued invoice has the number and frozen parties an e-invoice needs. Same invoice, same
 * bytes: the dates are the invoice's own.
 */
export async function facturXPdf(scope: Scope, id: number, ciiOf: CiiOf) {
  const invoice = await getInvoice(scope, id);
  if (invoice.status === 'draft' || !invoice.invoiceNumber || !invoice.issueDate) {
    throw new TRPCError({ code: 'CONFLICT', message: NOT_ISSUED });
  }
  const [pdf, xml] = await Promise.all([invoicePdf(scope, id), ciiOf(id)]);
  const content = await toFacturX(pdf.content, xml, {
    title: `Invoice ${invoice.invoiceNumber}`,
    author: invoice.seller.name,
    invoiceNumber: invoice.invoiceNumber,
    issueDate: invoice.issueDate,
  });
  return { filename: pdf.filename.replace(/\.pdf$/, '-facturx.pdf'), content };
}

/**
 * The PDF the invoice email attaches: Factur-X when the business profile has e-invoicing
 * on, else the plain invoice PDF. For the email's `pdf` in invoice-email.service.ts:
 * `pdf: () => invoiceEmailPdf(scope, invoice.id, (id) => ciiDocument(scope, id))`.
 */
export async function invoiceEmailPdf(scope: Scope, id: number, ciiOf: CiiOf) {
  const { einvoicing } = await findProfile(scope.db, scope.workspace.id);
  return einvoicing ? facturXPdf(scope, id, ciiOf) : invoicePdf(scope, id);
}

/** The input of `GET /api/invoices/{id}/pdf`, once it answers Factur-X too. */
export const InvoicePdfInput = z.object({
  id: IdSchema,
  format: z
    .enum(['pdf', 'facturx'])
    .default('pdf')
    .describe(
      '`facturx`: the PDF as Factur-X / ZUGFeRD (PDF/A-3b with the CII XML embedded as factur-x.xml, EN 16931 profile), for an issued invoice only.',
    ),
});

/**
 * The `invoices.pdf` procedure answering `?format=facturx` with the CII of `cii`, to put in
 * the invoices router in place of the plain one once a CII generator is wired:
 * `pdf: facturXPdfProcedure((scope, id) => ciiDocument(scope, id))`, and in the REST table
 * `{ ...the pdf route, ...FACTURX_PDF_ROUTE }`.
 */
export function facturXPdfProcedure(cii: (scope: Scope, invoiceId: number) => Promise<string>) {
  return workspaceProcedure
    .input(InvoicePdfInput)
    .output(FileSchema)
    .query(({ ctx, input }) =>
      input.format === 'facturx'
        ? facturXPdf(ctx, input.id, (invoiceId) => cii(ctx, invoiceId))
        : invoicePdf(ctx, input.id),
    );
}

/** What the REST table says of the PDF route once it answers Factur-X. */
export const FACTURX_PDF_ROUTE = {
  description:
    'The invoice as rendered; with `format=facturx`, the same PDF as Factur-X / ZUGFeRD: PDF/A-3b with the CII XML (EN 16931) embedded as `factur-x.xml`, which accounting software reads.',
  refusals: { 409: '`format=facturx` for a draft' },
} as const;
