import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import {
  documentFormFields,
  documentFormValues,
  documentInput,
} from '../../../shared/document-fields.ts';
import type { EstimateDetail, EstimateUpdate } from '../../../shared/estimates.schema.ts';
import {
  servicePeriodProblem,
  type InvoiceDetail,
  type InvoiceUpdate,
} from '../../../shared/invoices.schema.ts';

const optionalDate = z
  .union([z.literal(''), IsoDateSchema])
  .transform((value) => (value === '' ? null : value));

/**
 * The draft editor's form (an invoice, or an estimate whose valid-until date sits in
 * `dueDate`): the shared document fields (document-fields.ts) and the two dates.
 */
export const InvoiceEditorSchema = z
  .object({
    ...documentFormFields,
    issueDate: optionalDate,
    dueDate: optionalDate,
    // An invoice's references (EN 16931); an estimate's form leaves them out.
    buyerReference: z
      .string()
      .trim()
      .max(200, 'Buyer reference must be at most 200 characters')
      .optional(),
    purchaseOrderReference: z
      .string()
      .trim()
      .max(200, 'Purchase order reference must be at most 200 characters')
      .optional(),
    servicePeriodStart: optionalDate.optional(),
    servicePeriodEnd: optionalDate.optional(),
  })
  .superRefine((values, ctx) => {
    const problem = servicePeriodProblem(
      values.servicePeriodStart ?? null,
      values.servicePeriodEnd ?? null,
    );
    if (problem) ctx.addIssue({ code: 'custom', path: ['servicePeriodEnd'], message: problem });
  });
export type InvoiceEditorInput = z.input<typeof InvoiceEditorSchema>;
export type InvoiceEditorOutput = z.output<typeof InvoiceEditorSchema>;

export function editorValues(invoice: InvoiceDetail): InvoiceEditorInput {
  return {
    ...documentFormValues(invoice),
    issueDate: invoice.issueDate ?? '',
    dueDate: invoice.dueDate ?? '',
    buyerReference: invoice.buyerReference ?? '',
    purchaseOrderReference: invoice.purchaseOrderReference ?? '',
    servicePeriodStart: invoice.servicePeriodStart ?? '',
    servicePeriodEnd: invoice.servicePeriodEnd ?? '',
  };
}

/** The form's values as the update the server takes (exact decimal strings). */
export function toUpdate(id: number, values: InvoiceEditorOutput): InvoiceUpdate {
  return {
    id,
    ...documentInput(values),
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    buyerReference: values.buyerReference || null,
    purchaseOrderReference: values.purchaseOrderReference || null,
    servicePeriodStart: values.servicePeriodStart ?? null,
    servicePeriodEnd: values.servicePeriodEnd ?? null,
  };
}

export function estimateEditorValues(estimate: EstimateDetail): InvoiceEditorInput {
  return {
    ...documentFormValues(estimate),
    issueDate: estimate.issueDate ?? '',
    dueDate: estimate.validUntil ?? '',
  };
}

export function toEstimateUpdate(id: number, values: InvoiceEditorOutput): EstimateUpdate {
  return { id, ...documentInput(values), issueDate: values.issueDate, validUntil: values.dueDate };
}
