import { z } from 'zod';
import { IdSchema } from './ids.ts';
import { ListQuerySchema } from './list.schema.ts';
import {
  PHONE_FIELD,
  apiRulesOf,
  decimalOf,
  refOf,
  ruleOf,
  textOf,
  type DescribedFields,
} from './fields.ts';
import { PaymentTermsSchema } from './business.schema.ts';
import { CountryCodeValueSchema } from './countries.ts';
import { CurrencySchema } from './currencies.ts';
import { EasCodeSchema } from './einvoice-fields.ts';
import { RateSchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

/**
 * A choice of a clearable Select, or none (null): the form holds the chosen option's value
 * as text, null (or '') for none; `toForm` writes a saved value as that option's value.
 */
function choiceOf<A extends z.ZodType, Out>(
  kind: 'currency' | 'rule',
  label: string,
  api: A,
  toForm: (value: Out) => string | null,
) {
  return {
    kind,
    label,
    title: label,
    api: api.nullable().optional(),
    form: z
      .string()
      .nullable()
      .transform((v) => v || null),
    empty: null as string | null,
    toForm,
  };
}

export const CLIENT_STATUSES = ['lead', 'active', 'inactive'] as const;

/**
 * A client's fields, described once: ClientInputSchema's rules, the client form's rules,
 * defaults and text inputs come from here (issue 37, item 11). The labels are SPEC's
 * messages' wording, the titles the form's.
 */
export const CLIENT_FIELDS = {
  name: ruleOf(
    'Client name',
    singleLine('Client name', { error: 'Client name is required' })
      .trim()
      .min(1, 'Client name is required')
      .max(200, 'Client name must be less than 200 characters'),
    { title: 'Client Name' },
  ),
  email: ruleOf(
    'Email',
    z
      .string({ error: 'Email is required' })
      .trim()
      .min(1, 'Email is required')
      .max(254, 'Invalid email')
      .pipe(z.email('Invalid email')),
    { title: 'Billing email' },
  ),
  // Clients have no CSV import: no header spellings to map.
  company: textOf({
    label: 'Company',
    title: 'Company',
    max: 200,
    input: 'text',
    placeholder: 'Acme Inc.',
    headers: [],
  }),
  /** Billing details: the person invoices are addressed to, the address and the tax id. */
  contactName: textOf({
    label: 'Contact person',
    title: 'Contact person',
    max: 200,
    input: 'text',
    placeholder: 'Who reads the invoices',
    headers: [],
  }),
  phone: textOf(PHONE_FIELD),
  address: textOf({
    label: 'Address',
    title: 'Billing address',
    max: 1000,
    input: 'textarea',
    placeholder: 'As invoices print it',
    headers: [],
  }),
  /** The buyer's VAT identifier (or other tax number). */
  taxId: textOf({
    label: 'Tax ID',
    title: 'VAT ID',
    max: 50,
    input: 'text',
    placeholder: 'VAT or tax number',
    headers: [],
  }),
  // The structured address and e-invoicing details (issue 41): optional, as EN 16931
  // e-invoices name the buyer with them.
  street: textOf({
    label: 'Street',
    title: 'Street',
    max: 200,
    input: 'text',
    placeholder: '',
    headers: [],
  }),
  city: textOf({
    label: 'City',
    title: 'City',
    max: 100,
    input: 'text',
    placeholder: '',
    headers: [],
  }),
  postalCode: textOf({
    label: 'Postcode',
    title: 'Postcode',
    max: 20,
    input: 'text',
    placeholder: '',
    headers: [],
  }),
  /** ISO 3166-1 alpha-2; the form offers the countries by name. */
  countryCode: choiceOf('rule', 'Country', CountryCodeValueSchema, (value: string | null) => value),
  buyerReference: textOf({
    label: 'Buyer reference',
    title: 'Buyer reference',
    max: 200,
    input: 'text',
    placeholder: 'e.g. the Leitweg-ID of a German public buyer',
    headers: [],
  }),
  electronicAddress: textOf({
    label: 'Electronic address',
    title: 'Electronic address',
    max: 200,
    input: 'text',
    placeholder: 'e.g. their Peppol ID',
    headers: [],
  }),
  /** The EAS code of the electronic address (0088, 0208, 9930, EM…): both or neither. */
  electronicAddressScheme: choiceOf(
    'rule',
    'Electronic address scheme',
    EasCodeSchema,
    (value: string | null) => value,
  ),
  status: ruleOf('Status', z.enum(CLIENT_STATUSES).optional(), { empty: 'active' }),
  // An emptied input is none (null).
  hourlyRate: decimalOf('Hourly rate', RateSchema.nullable().optional(), { fallback: null }),
  /** Invoices to this client are in this currency; none (null) means the workspace's. */
  currency: choiceOf('currency', 'Currency', CurrencySchema, (value: string | null) => value),
  /** Days to pay; none (null) means the workspace's terms. */
  paymentTermsDays: choiceOf('rule', 'Payment terms', PaymentTermsSchema, (value: number | null) =>
    value === null ? null : String(value),
  ),
  /** The organization this client is, so the company is not typed twice. */
  organizationId: refOf('Organization'),
} as const satisfies DescribedFields;

export const ClientInputSchema = z.object(apiRulesOf(CLIENT_FIELDS));
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
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** The buyer's reference its invoices carry (e.g. a German Leitweg-ID). */
  buyerReference: z.string().nullable(),
  electronicAddress: z.string().nullable(),
  /** The EAS code of the electronic address. */
  electronicAddressScheme: z.string().nullable(),
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
