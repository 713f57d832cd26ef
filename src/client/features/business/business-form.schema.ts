import { z } from 'zod';
import {
  BusinessProfileInputSchema,
  einvoicingMissing,
  TIME_ROUNDING_MINUTES,
} from '../../../shared/business.schema.ts';
import { electronicAddressProblem } from '../../../shared/einvoice-fields.ts';

/** SPEC §5's invoice terms, as days, and a few longer ones people use. */
export const INVOICE_TERM_OPTIONS = [
  { value: '0', label: 'Due on receipt' },
  { value: '7', label: 'Net 7' },
  { value: '14', label: 'Net 14' },
  { value: '15', label: 'Net 15' },
  { value: '30', label: 'Net 30' },
  { value: '45', label: 'Net 45' },
  { value: '60', label: 'Net 60' },
  { value: '90', label: 'Net 90' },
];

const shape = BusinessProfileInputSchema.shape;

/** Settings → Business → time rounding: a step of minutes as the select offers it. */
export const TIME_ROUNDING_OPTIONS = TIME_ROUNDING_MINUTES.map((minutes) => ({
  value: String(minutes),
  label: minutes === 0 ? 'No rounding' : minutes === 1 ? '1 minute' : `${minutes} minutes`,
}));

export const TIME_ROUNDING_MODE_OPTIONS = [
  { value: 'up', label: 'Round up' },
  { value: 'nearest', label: 'Round to nearest' },
];

/**
 * Settings → Business: the shared profile schema with the shapes of its inputs (numbers
 * from number inputs, strings from selects) and the SPEC's "required" messages.
 */
/** A value the user must give: empty (undefined, null or '') gets `message`. */
const required = (message: string) =>
  z.unknown().refine((v) => v !== undefined && v !== null && v !== '', { message });

export const BusinessFormSchema = BusinessProfileInputSchema.extend({
  defaultHourlyRate: z
    .union([z.number(), z.string()], { error: 'Default hourly rate is required' })
    .refine((v) => v !== '', 'Default hourly rate is required')
    .pipe(shape.defaultHourlyRate),
  currency: z.string({ error: 'Currency is required' }).pipe(shape.currency),
  timezone: z.string({ error: 'Timezone is required' }).pipe(shape.timezone),
  paymentTermsDays: required('Invoice terms are required').pipe(shape.paymentTermsDays),
  timeRoundingMinutes: required('Time rounding is required').pipe(shape.timeRoundingMinutes),
  nextInvoiceNumber: required('Next invoice number must be a whole number').pipe(
    shape.nextInvoiceNumber,
  ),
}).superRefine((values, ctx) => {
  // The server's rules on the whole profile, shown beside the fields they name.
  const pair = electronicAddressProblem(values);
  if (pair) ctx.addIssue({ code: 'custom', path: [pair.path], message: pair.message });
  for (const field of einvoicingMissing(values))
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message:
        field === 'taxId'
          ? 'E-invoicing needs a VAT ID or a registration ID'
          : `E-invoicing needs the ${EINVOICING_FIELD_NAMES[field]}`,
    });
});

const EINVOICING_FIELD_NAMES: Record<string, string> = {
  countryCode: 'country',
  street: 'street',
  city: 'city',
  postalCode: 'postcode',
};
export type BusinessFormInput = z.input<typeof BusinessFormSchema>;
export type BusinessFormOutput = z.output<typeof BusinessFormSchema>;
