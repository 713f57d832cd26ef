import { addDays, format, parseISO } from 'date-fns';
import { userToday } from '../../components/display-preferences.tsx';
import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import { InvoiceInputSchema, TIME_GROUPINGS } from '../../../shared/invoices.schema.ts';
import { CurrencyAmountSchema } from '../../../shared/money.ts';
import { moneyOrZero } from '../../components/form/money-field.ts';

/** SPEC §9: a new invoice is due 30 days from today. */
export const INVOICE_TERM_DAYS = 30;

/** A client picker's value (null until one is chosen) that must name a client to submit. */
export function requiredClientId() {
  return z
    .number()
    .nullable()
    .transform((value, ctx) => {
      if (value !== null) return value;
      ctx.addIssue({ code: 'custom', message: 'Client is required' });
      return z.NEVER;
    });
}

/**
 * The Create Invoice form: the shared InvoiceInputSchema's rules with a form's shapes. An
 * empty number is given from the workspace sequence when the invoice is issued (Keel's
 * gap-free numbering replaces the original's 'INV-' and a timestamp); an empty amount is
 * 0; an emptied due date means none.
 */
export const InvoiceFormSchema = z.object({
  clientId: requiredClientId(),
  projectId: z.number().nullable(),
  invoiceNumber: InvoiceInputSchema.shape.invoiceNumber,
  // Exact, with up to three decimals (a KWD 12.345 stays 12.345); the server checks them
  // against the invoice's currency.
  amount: moneyOrZero(CurrencyAmountSchema),
  dueDate: z
    .union([z.literal(''), IsoDateSchema])
    .transform((value) => (value === '' ? null : value)),
  timeEntryIds: z.array(z.number()),
  timeGrouping: z.enum(TIME_GROUPINGS),
});
export type InvoiceFormInput = z.input<typeof InvoiceFormSchema>;
export type InvoiceFormOutput = z.output<typeof InvoiceFormSchema>;

export function invoiceFormDefaults(): InvoiceFormInput {
  return {
    clientId: null,
    projectId: null,
    invoiceNumber: '',
    amount: 0,
    // From today in the user's time zone, as a calendar day.
    dueDate: format(addDays(parseISO(userToday()), INVOICE_TERM_DAYS), 'yyyy-MM-dd'),
    timeEntryIds: [],
    timeGrouping: 'entry',
  };
}
