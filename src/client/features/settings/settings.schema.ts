import { z } from 'zod';

/**
 * The forms of /settings (SPEC §5 "Settings profile", "Business"). The screen is local
 * only, so its schemas live with it rather than in src/shared: no server validates them.
 */
export const SettingsProfileSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().pipe(z.email('Invalid email address')),
  company: z.string().optional(),
  phone: z.string().optional(),
});
export type SettingsProfile = z.infer<typeof SettingsProfileSchema>;

export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export const INVOICE_TERMS = ['Net 7', 'Net 15', 'Net 30', 'Due on receipt'] as const;

export const BusinessSettingsSchema = z.object({
  defaultHourlyRate: z
    .number({ error: 'Default hourly rate is required' })
    .min(0, 'Number must be greater than or equal to 0'),
  currency: z.enum(CURRENCIES, { error: 'Currency is required' }),
  timezone: z.string({ error: 'Timezone is required' }).min(1, 'Timezone is required'),
  defaultInvoiceTerms: z.enum(INVOICE_TERMS, { error: 'Invoice terms are required' }),
  autoInvoiceReminder: z.boolean(),
  weeklyReports: z.boolean(),
});
export type BusinessSettings = z.infer<typeof BusinessSettingsSchema>;

/** The time zones offered: the one list of the preferences form (SPEC §5, 26 zones). */
export { TIMEZONES } from '../../../shared/account.schema.ts';
