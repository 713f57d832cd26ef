import { z } from 'zod';
import type { InvoiceDetail, InvoiceUpdate } from '../../../shared/invoices.schema.ts';
import { IsoDateSchema } from '../../../shared/dates.ts';

const optionalDate = z
  .union([z.literal(''), IsoDateSchema])
  .transform((value) => (value === '' ? null : value));

/** A number input's value: a number, or '' while empty (then `missing` is the message). */
const amount = (missing: string) =>
  z.union([z.number(), z.string()]).refine((v) => v !== '' && Number.isFinite(Number(v)), missing);

/**
 * The draft editor's form: the fields of `PUT /api/invoices/{id}` with the shapes of their
 * inputs. The server checks every rule again (decimals against the currency, bounds,
 * the discount against the subtotal) and its message shows in the toast.
 */
export const InvoiceEditorSchema = z.object({
  currency: z.string({ error: 'Currency is required' }).min(1, 'Currency is required'),
  issueDate: optionalDate,
  dueDate: optionalDate,
  lines: z.array(
    z.object({
      id: z.number().optional(),
      description: z.string().trim().min(1, 'Description is required'),
      quantity: amount('Quantity is required'),
      unitPrice: amount('Unit price is required'),
      taxRate: amount('Tax rate is required'),
    }),
  ),
  discountType: z.enum(['none', 'percent', 'amount']),
  discountValue: z.union([z.number(), z.string()]),
  notes: z.string(),
});
export type InvoiceEditorInput = z.input<typeof InvoiceEditorSchema>;
export type InvoiceEditorOutput = z.output<typeof InvoiceEditorSchema>;

export function editorValues(invoice: InvoiceDetail): InvoiceEditorInput {
  return {
    currency: invoice.currency,
    issueDate: invoice.issueDate ?? '',
    dueDate: invoice.dueDate ?? '',
    lines: invoice.lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: Number(line.quantity),
      unitPrice: line.unitPrice,
      taxRate: Number(line.taxRate),
    })),
    discountType: invoice.discount?.type ?? 'none',
    discountValue: invoice.discount ? invoice.discount.value : '',
    notes: invoice.notes ?? '',
  };
}

/** The form's values as the update the server takes (exact decimal strings). */
export function toUpdate(id: number, values: InvoiceEditorOutput): InvoiceUpdate {
  return {
    id,
    currency: values.currency,
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    lines: values.lines.map((line) => ({
      ...(line.id !== undefined ? { id: line.id } : {}),
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: String(line.unitPrice),
      taxRate: String(line.taxRate),
    })),
    discount:
      values.discountType === 'none' || values.discountValue === ''
        ? null
        : { type: values.discountType, value: String(values.discountValue) },
    notes: values.notes.trim() === '' ? null : values.notes,
  };
}
