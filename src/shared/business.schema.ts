import { z } from 'zod';
import { DATE_FORMATS, TIME_FORMATS } from './account.schema.ts';
import { CountryCodeSchema } from './countries.ts';
import { CurrencySchema } from './currencies.ts';
import {
  BicSchema,
  ElectronicAddressSchemeSchema,
  IbanSchema,
  optionalLine,
} from './einvoice-fields.ts';
import { RateSchema } from './money.ts';
import { singleLine } from './text.schema.ts';

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** An IANA time zone the runtime knows, like Europe/Paris. */
export const TimezoneSchema = z
  .string({ error: 'Timezone is required' })
  .trim()
  .min(1, 'Timezone is required')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Choose a time zone like Europe/Paris');

/** Steps a workspace may round timed entries to, in minutes; 0 rounds nothing. */
export const TIME_ROUNDING_MINUTES = [0, 1, 5, 6, 10, 15, 30] as const;
export const TIME_ROUNDING_MODES = ['up', 'nearest'] as const;
export type TimeRoundingMode = (typeof TIME_ROUNDING_MODES)[number];

export const TimeRoundingMinutesSchema = z.coerce
  .number({ error: 'Time rounding must be 0, 1, 5, 6, 10, 15 or 30 minutes' })
  .refine(
    (v) => (TIME_ROUNDING_MINUTES as readonly number[]).includes(v),
    'Time rounding must be 0, 1, 5, 6, 10, 15 or 30 minutes',
  );

/**
 * The duration a timer logs, in seconds, under the workspace's rounding (issue 38, item 9).
 * `up` takes the next step unless the run is an exact multiple; `nearest` rounds half up
 * (7:30 to 15 minutes is 15:00, 7:29 is 0). A run may round to 0 under `nearest`: the entry
 * is still logged, at 0:00 with the time it ran, so the member sees what happened and bills
 * nothing they did not choose to. Typed entries are never rounded: they say what was meant.
 */
export function roundTimerSeconds(
  seconds: number,
  stepMinutes: number,
  mode: TimeRoundingMode,
): number {
  if (stepMinutes <= 0) return seconds;
  const step = stepMinutes * 60;
  const steps = mode === 'up' ? Math.ceil(seconds / step) : Math.floor((seconds + step / 2) / step);
  return steps * step;
}

export const PaymentTermsSchema = z.coerce
  .number({ error: 'Invoice terms are required' })
  .int('Payment terms are whole days')
  .min(0, 'Payment terms must be between 0 and 365 days')
  .max(365, 'Payment terms must be between 0 and 365 days');

/**
 * The workspace as a seller (Settings → Business): what every invoice it issues says
 * about it, and how invoices are numbered. `PUT /api/settings/business` takes any subset.
 */
export const BusinessProfileInputSchema = z.object({
  legalName: z
    .string()
    .trim()
    .max(200, 'Legal name must be less than 200 characters')
    .pipe(singleLine('Legal name'))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  address: optionalText('Address', 1000),
  taxId: optionalText('Tax ID', 50),
  currency: CurrencySchema,
  defaultHourlyRate: RateSchema,
  paymentTermsDays: PaymentTermsSchema,
  paymentInstructions: optionalText('Payment instructions', 2000),
  invoicePrefix: z
    .string()
    .max(20, 'Invoice prefix must be at most 20 characters')
    .regex(/^[A-Za-z0-9._/#-]*$/, 'Invoice prefix may hold letters, digits and . _ / # -'),
  nextInvoiceNumber: z.coerce
    .number({ error: 'Next invoice number must be a whole number' })
    .int('Next invoice number must be a whole number')
    .min(1, 'Next invoice number must be at least 1')
    .max(999_999_999, 'Next invoice number must be at most 999,999,999'),
  estimatePrefix: z
    .string()
    .max(20, 'Estimate prefix must be at most 20 characters')
    .regex(/^[A-Za-z0-9._/#-]*$/, 'Estimate prefix may hold letters, digits and . _ / # -'),
  invoiceFooter: optionalText('Invoice footer', 1000),
  timezone: TimezoneSchema,
  /** How the workspace's documents, emails and portal write dates, as Account → Preferences offers. */
  dateFormat: z.enum(DATE_FORMATS, {
    error: 'Date format must be MM/DD/YYYY, DD/MM/YYYY or YYYY-MM-DD',
  }),
  /** …and times of day: a 12-hour or a 24-hour clock. */
  timeFormat: z.enum(TIME_FORMATS, { error: 'Time format must be 12h or 24h' }),
  /** Invoices bill only time of weeks whose timesheet is approved. */
  invoiceApprovedTimeOnly: z.boolean({ error: 'Invoice only approved time must be true or false' }),
  /** Timed entries round to this many minutes when the timer stops; 0 rounds nothing. */
  timeRoundingMinutes: TimeRoundingMinutesSchema,
  timeRoundingMode: z.enum(TIME_ROUNDING_MODES, { error: 'Time rounding is up or nearest' }),
  // E-invoicing (EN 16931): optional while `einvoicing` is off. `taxId` is the VAT identifier.
  countryCode: CountryCodeSchema,
  street: optionalLine('Street', 200),
  city: optionalLine('City', 100),
  postalCode: optionalLine('Postcode', 20),
  registrationId: optionalLine('Registration ID', 50).meta({
    description:
      'The company registration id (trade register number, SIREN, KvK…), the legal registration of the seller.',
  }),
  iban: IbanSchema,
  bic: BicSchema,
  electronicAddress: optionalLine('Electronic address', 200).meta({
    description:
      'Where e-invoices reach the business, e.g. its Peppol participant id (without the scheme). Given with its scheme, or neither.',
  }),
  electronicAddressScheme: ElectronicAddressSchemeSchema,
  einvoicing: z.boolean({ error: 'E-invoicing must be true or false' }).meta({
    description:
      'Issue e-invoices (EN 16931). While on, the profile must have countryCode, street, city, postalCode and taxId or registrationId.',
  }),
});

/** What a profile with e-invoicing on must have, as the fields' names. */
export const EINVOICING_REQUIRED = ['countryCode', 'street', 'city', 'postalCode'] as const;

export const BUSINESS_FIELD_LABELS: Record<string, string> = {
  countryCode: 'country',
  street: 'street',
  city: 'city',
  postalCode: 'postcode',
  taxId: 'VAT ID',
  registrationId: 'registration ID',
};

/**
 * The fields a profile misses for e-invoicing (empty when it is off or complete): the
 * address parts and country, and a VAT ID or a registration id (reported as `taxId`).
 */
export function einvoicingMissing(profile: {
  einvoicing?: boolean;
  countryCode?: string | null;
  street?: string | null;
  city?: string | null;
  postalCode?: string | null;
  taxId?: string | null;
  registrationId?: string | null;
}): string[] {
  if (!profile.einvoicing) return [];
  const missing: string[] = EINVOICING_REQUIRED.filter((field) => !profile[field]);
  if (!profile.taxId && !profile.registrationId) missing.push('taxId');
  return missing;
}

/** "E-invoicing needs the country, street and VAT ID or registration ID (countryCode, street, taxId)". */
export function einvoicingMissingMessage(missing: readonly string[]): string {
  const names = missing.map((f) =>
    f === 'taxId' ? 'VAT ID or registration ID' : BUSINESS_FIELD_LABELS[f],
  );
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `E-invoicing needs the business's ${list} (${missing.join(', ')})`;
}

/** A stored file's URL, as the upload answers it (`/api/files/<key>`). */
const FileUrlSchema = z
  .string()
  .regex(/^\/api\/files\/[A-Za-z0-9_-]{1,64}$/, 'Logo must be the URL an upload answered');

export const BusinessProfileUpdateSchema = BusinessProfileInputSchema.partial().extend({
  /**
   * The logo printed on invoices and estimates: the `logoUrl` that
   * `POST /api/upload/workspace-logo` answered, or null to print the workspace's logo.
   */
  logoUrl: FileUrlSchema.nullable().optional(),
});
export type BusinessProfileUpdate = z.infer<typeof BusinessProfileUpdateSchema>;

export const BusinessProfileSchema = z.object({
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  currency: z.string(),
  defaultHourlyRate: z.string(),
  paymentTermsDays: z.number(),
  paymentInstructions: z.string().nullable(),
  invoicePrefix: z.string(),
  nextInvoiceNumber: z.number(),
  /** Estimates are numbered apart from invoices: this prefix and their own counter. */
  estimatePrefix: z.string(),
  invoiceFooter: z.string().nullable(),
  timezone: z.string(),
  /** The workspace's clock for its clients (documents, emails, portal) and its new members. */
  dateFormat: z.enum(DATE_FORMATS),
  timeFormat: z.enum(TIME_FORMATS),
  /** Invoices bill only time of weeks whose timesheet is approved. */
  invoiceApprovedTimeOnly: z.boolean(),
  /** Timed entries round to this many minutes when the timer stops (0, 1, 5, 6, 10, 15, 30); 0 rounds nothing. */
  timeRoundingMinutes: z.number(),
  /** `up`: to the next step; `nearest`: to the closest, half up (7:30 of 15 → 15:00). */
  timeRoundingMode: z.enum(TIME_ROUNDING_MODES),
  /** What the next issued invoice will be numbered, e.g. INV-0042. */
  nextInvoiceNumberPreview: z.string(),
  /** The documents' own logo; null when they print the workspace's (`workspaceLogoUrl`). */
  logoUrl: z.string().nullable(),
  /** The workspace's logo, which documents print when the profile names none. */
  workspaceLogoUrl: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** The company registration id (`taxId` is the VAT identifier). */
  registrationId: z.string().nullable(),
  /** Upper case, no spaces. */
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  electronicAddress: z.string().nullable(),
  /** Its EAS code (0088, 0208, 9930, EM…). */
  electronicAddressScheme: z.string().nullable(),
  /** Whether the business issues e-invoices (EN 16931). */
  einvoicing: z.boolean(),
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

/** `INV-` and 42 → `INV-0042`: at least four digits, more when the counter needs them. */
export function formatInvoiceNumber(prefix: string, counter: number): string {
  return `${prefix}${String(counter).padStart(4, '0')}`;
}
