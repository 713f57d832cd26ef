import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { MoneySchema } from './money.ts';

export const INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'paid', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** SPEC §4: the only moves an invoice can make, and the button that makes each. */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, { to: InvoiceStatus; action: string }[]> = {
  draft: [{ to: 'sent', action: 'Send Invoice' }],
  sent: [
    { to: 'viewed', action: 'Mark Viewed' },
    { to: 'paid', action: 'Mark Paid' },
  ],
  viewed: [{ to: 'paid', action: 'Mark Paid' }],
  // Keel lets an overdue invoice be paid; the original showed no action.
  overdue: [{ to: 'paid', action: 'Mark Paid' }],
  paid: [],
};

export const InvoiceInputSchema = z.object({
  clientId: IdSchema,
  projectId: IdSchema.nullable().optional(),
  invoiceNumber: z
    .string()
    .trim()
    .max(50, 'Invoice number must be less than 50 characters')
    .optional(),
  amount: MoneySchema.default('0.00'),
  status: z.enum(['draft', 'sent']).default('draft'),
  dueDate: IsoDateSchema.nullable().optional(),
  /** Unbilled time entries to charge: the amount becomes their cost. */
  timeEntryIds: z.array(IdSchema).max(5000).optional(),
});

export const InvoiceUpdateSchema = z.object({
  id: IdSchema,
  status: z.enum(['sent', 'viewed', 'paid'], { error: 'Status must be sent, viewed or paid' }),
});
/** Orders of the invoices list, the default first. */
export const INVOICE_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  dueDate: 'Due soonest',
  '-amount': 'Largest amount',
  amount: 'Smallest amount',
} as const;
export type InvoiceSort = keyof typeof INVOICE_SORT_LABELS;

export const InvoiceListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(INVOICE_SORT_LABELS),
  status: z.enum(INVOICE_STATUSES).optional(),
});

export const InvoiceSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  projectId: z.number().nullable(),
  invoiceNumber: z.string(),
  amount: z.string(),
  /** `overdue` when sent or viewed and past its due date. */
  status: z.enum(INVOICE_STATUSES),
  dueDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  createdAt: z.string(),
  /** What the printable invoice shows of its client. */
  client: z.object({ name: z.string(), company: z.string().nullable(), email: z.string() }),
  project: z.object({ name: z.string() }).nullable(),
  timeEntryCount: z.number(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;
