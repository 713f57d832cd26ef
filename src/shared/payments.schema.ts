import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { INVOICE_STATUSES, PAYMENT_METHODS } from './invoices.schema.ts';
import { ListQuerySchema } from './list.schema.ts';

/**
 * The payments list's filters (`GET /api/payments`), shared by the page, the API and the
 * CSV export. `from` and `to` are payment dates, inclusive.
 */
export const PaymentFiltersSchema = z.object({
  search: ListQuerySchema.shape.search.meta({
    description: 'Matches the invoice number, the client name or the payment note.',
  }),
  from: IsoDateSchema.optional().meta({ description: 'Payments dated on or after this day.' }),
  to: IsoDateSchema.optional().meta({ description: 'Payments dated on or before this day.' }),
  clientId: IdSchema.optional().meta({ description: 'Payments on invoices of this client.' }),
  method: z.enum(PAYMENT_METHODS).optional(),
  invoiceId: IdSchema.optional().meta({ description: 'Payments of this invoice.' }),
});
export type PaymentFilters = z.infer<typeof PaymentFiltersSchema>;

export const PaymentListQuerySchema = ListQuerySchema.extend(PaymentFiltersSchema.shape);
export type PaymentListQuery = z.infer<typeof PaymentListQuerySchema>;

/** One payment recorded against an invoice, with its invoice and client. */
export const PaymentRowSchema = z.object({
  id: z.number(),
  date: z.string(),
  /** In the invoice's currency, with its decimals ("1200.00", "5000" for JPY). */
  amount: z.string(),
  currency: z.string(),
  method: z.enum(PAYMENT_METHODS),
  note: z.string().nullable(),
  invoiceId: z.number(),
  invoiceNumber: z.string().nullable(),
  /** A voided invoice's payments stay listed (money was received); its status tells. */
  invoiceStatus: z.enum(INVOICE_STATUSES),
  clientId: z.number(),
  clientName: z.string(),
  /** Who recorded it; null for payments from before payments were tracked or a removed user. */
  recordedBy: z.object({ id: z.number(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

/** What the whole filtered list received in one currency (currencies are never summed). */
export const CurrencyTotalSchema = z.object({
  currency: z.string(),
  amount: z.string(),
  count: z.number(),
});
export type CurrencyTotal = z.infer<typeof CurrencyTotalSchema>;

export const PaymentPageSchema = z.object({
  items: z.array(PaymentRowSchema),
  total: z.number(),
  /** Per currency, alphabetical, over the whole filter (not only this page). */
  totals: z.array(CurrencyTotalSchema),
});
export type PaymentPage = z.infer<typeof PaymentPageSchema>;

/** `X-Total-Amounts` on REST: 'EUR 1200.00; USD 50.00', currencies alphabetical. */
export function totalsHeader(totals: readonly CurrencyTotal[]): string {
  return totals.map((t) => `${t.currency} ${t.amount}`).join('; ');
}
