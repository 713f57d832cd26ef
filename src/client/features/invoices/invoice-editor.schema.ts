import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import {
  documentFormFields,
  documentFormValues,
  documentInput,
} from '../../../shared/document-fields.ts';
import type { EstimateDetail, EstimateUpdate } from '../../../shared/estimates.schema.ts';
import type { InvoiceDetail, InvoiceUpdate } from '../../../shared/invoices.schema.ts';

const optionalDate = z
  .union([z.literal(''), IsoDateSchema])
  .transform((value) => (value === '' ? null : value));

/**
 * The draft editor's form (an invoice, or an estimate whose valid-until date sits in
 * `dueDate`): the shared document fields (document-fields.ts) and the two dates.
 */
export const InvoiceEditorSchema = z.object({
  ...documentFormFields,
  issueDate: optionalDate,
  dueDate: optionalDate,
});
export type InvoiceEditorInput = z.input<typeof InvoiceEditorSchema>;
export type InvoiceEditorOutput = z.output<typeof InvoiceEditorSchema>;

export function editorValues(invoice: InvoiceDetail): InvoiceEditorInput {
  return {
    ...documentFormValues(invoice),
    issueDate: invoice.issueDate ?? '',
    dueDate: invoice.dueDate ?? '',
  };
}

/** The form's values as the update the server takes (exact decimal strings). */
export function toUpdate(id: number, values: InvoiceEditorOutput): InvoiceUpdate {
  return { id, ...documentInput(values), issueDate: values.issueDate, dueDate: values.dueDate };
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
