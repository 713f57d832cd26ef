import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import {
  documentFormDefaults,
  documentFormFields,
  documentFormValues,
  documentInput,
} from '../../../shared/document-fields.ts';
import {
  MAX_RECURRING_COUNT,
  RECURRING_FREQUENCIES,
  type RecurringInvoiceDetail,
  type RecurringInvoiceInputSchema,
} from '../../../shared/recurring-invoices.schema.ts';
import { userToday } from '../../components/display-preferences.tsx';
import { requiredClientId } from '../invoices/invoice-form.schema.ts';

export const END_TYPES = ['never', 'count', 'date'] as const;

/**
 * The recurring invoice form: the fields of `POST`/`PUT /api/recurring-invoices` in a form's
 * shapes, with the end as a choice (never, after a number of invoices, on a date). The
 * lines, discount and notes are the shared document fields (document-fields.ts), edited by
 * the invoice editor's cards (invoice-lines.fields.tsx).
 * The server checks every rule again; its message shows in the toast.
 */
export const RecurringFormSchema = z
  .object({
    clientId: requiredClientId(),
    ...documentFormFields,
    lines: documentFormFields.lines.min(1, 'Add at least one line'),
    frequency: z.enum(RECURRING_FREQUENCIES),
    startDate: z.union([z.literal(''), IsoDateSchema]),
    endType: z.enum(END_TYPES),
    endAfterCount: z.union([z.number(), z.literal('')]),
    endDate: z.union([z.literal(''), IsoDateSchema]),
    paymentTermsDays: z.union([z.number(), z.literal('')]),
    autoSend: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.startDate === '') {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Start date is required' });
    }
    if (
      v.endType === 'count' &&
      (v.endAfterCount === '' ||
        !Number.isInteger(v.endAfterCount) ||
        v.endAfterCount < 1 ||
        v.endAfterCount > MAX_RECURRING_COUNT)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['endAfterCount'],
        message: `Enter a number of invoices from 1 to ${MAX_RECURRING_COUNT}`,
      });
    }
    if (v.endType === 'date') {
      if (v.endDate === '') {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date is required' });
      } else if (v.startDate !== '' && v.endDate < v.startDate) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: 'The end date must be on or after the start date',
        });
      }
    }
  });
export type RecurringFormInput = z.input<typeof RecurringFormSchema>;
export type RecurringFormOutput = z.output<typeof RecurringFormSchema>;

export function emptyRecurringForm(currency: string): RecurringFormInput {
  return {
    clientId: null,
    ...documentFormDefaults(currency),
    frequency: 'monthly',
    startDate: userToday(),
    endType: 'never',
    endAfterCount: '',
    endDate: '',
    paymentTermsDays: '',
    autoSend: false,
  };
}

export function recurringFormValues(template: RecurringInvoiceDetail): RecurringFormInput {
  return {
    clientId: template.clientId,
    ...documentFormValues(template),
    frequency: template.frequency,
    startDate: template.startDate,
    endType:
      template.endAfterCount !== null ? 'count' : template.endDate !== null ? 'date' : 'never',
    endAfterCount: template.endAfterCount ?? '',
    endDate: template.endDate ?? '',
    paymentTermsDays: template.paymentTermsDays ?? '',
    autoSend: template.autoSend,
  };
}

/** The form's values as the server takes them (exact decimal strings). */
export function toRecurringInput(
  values: RecurringFormOutput,
): z.input<typeof RecurringInvoiceInputSchema> {
  return {
    clientId: values.clientId,
    ...documentInput(values),
    frequency: values.frequency,
    startDate: values.startDate,
    endAfterCount:
      values.endType === 'count' && values.endAfterCount !== '' ? values.endAfterCount : null,
    endDate: values.endType === 'date' && values.endDate !== '' ? values.endDate : null,
    paymentTermsDays: values.paymentTermsDays === '' ? null : values.paymentTermsDays,
    autoSend: values.autoSend,
  };
}
