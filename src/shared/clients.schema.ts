import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, optionalText } from './list.schema.ts';
import { PaymentTermsSchema } from './business.schema.ts';
import { CurrencySchema } from './currencies.ts';
import { RateSchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

export const ClientInputSchema = z.object({
  name: singleLine('Client name', { error: 'Client name is required' })
    .trim()
    .min(1, 'Client name is required')
    .max(200, 'Client name must be less than 200 characters'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email')
    .pipe(z.email('Invalid email')),
  company: optionalText(200, 'Company must be less than 200 characters'),
  phone: optionalText(50, 'Phone must be less than 50 characters'),
  status: z.enum(['lead', 'active', 'inactive']).optional(),
  hourlyRate: RateSchema.nullable().optional(),
  /** Billing details: the person invoices are addressed to, the address and the tax id. */
  contactName: optionalText(200, 'Contact person must be less than 200 characters'),
  address: z
    .string()
    .trim()
    .max(1000, 'Address must be less than 1000 characters')
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  taxId: optionalText(50, 'Tax ID must be less than 50 characters'),
  /** Invoices to this client are in this currency; empty means the workspace's. */
  currency: CurrencySchema.nullable().optional(),
  /** Days to pay; empty means the workspace's terms. */
  paymentTermsDays: PaymentTermsSchema.nullable().optional(),
  /** The organization this client is, so the company is not typed twice. */
  organizationId: IdSchema.nullable().optional(),
});
export const ClientUpdateSchema = updateSchemaOf(ClientInputSchema).extend({ id: IdSchema });
/** A client's values as the API stores them, any of them (an update's changes). */
export type ClientValues = Partial<z.output<typeof ClientInputSchema>>;
export const ClientListQuerySchema = ListQuerySchema;

export const ClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.string(),
  hourlyRate: z.string().nullable(),
  lastContact: z.string().nullable(),
  createdAt: z.string(),
  contactName: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  currency: z.string().nullable(),
  paymentTermsDays: z.number().nullable(),
  organizationId: z.number().nullable(),
});
export type Client = z.infer<typeof ClientSchema>;

/** `GET /api/clients/{id}`: the client page's figures beside the client itself. */
export const ClientDetailSchema = ClientSchema.extend({
  organization: z.object({ id: z.number(), name: z.string() }).nullable(),
  projects: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: z.string(),
      hourlyRate: z.string(),
      totalHours: z.string(),
    }),
  ),
  /** Proposals addressed to this client by name (proposals name their client in text). */
  proposals: z.array(
    z.object({ id: z.number(), title: z.string(), status: z.string(), amount: z.string() }),
  ),
  /** Time not yet on an invoice, at the rate stored on each entry (workspace currency). */
  unbilled: z.object({ entries: z.number(), hours: z.string(), amount: z.string() }),
  /** What the client owes on issued invoices, one figure per currency. */
  balances: z.array(z.object({ currency: z.string(), balance: z.string(), invoices: z.number() })),
});
export type ClientDetail = z.infer<typeof ClientDetailSchema>;
