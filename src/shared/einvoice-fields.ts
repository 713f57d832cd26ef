import { validateBIC, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import { z } from 'zod';
import { singleLine } from './text.schema.ts';

/*
 * The data EN 16931 needs (issue 41, item 1), shared by the forms and the API: unit codes
 * (UN/ECE Recommendation 20), tax categories (UNCL 5305), electronic address schemes (EAS),
 * IBAN and BIC with their check digits.
 */

/** UN/ECE Rec. 20 codes a line may carry, with what they count. */
export const UNIT_CODES = {
  HUR: 'hour',
  DAY: 'day',
  WEE: 'week',
  MON: 'month',
  ANN: 'year',
  MIN: 'minute',
  SEC: 'second',
  C62: 'unit (one)',
  H87: 'piece',
  LS: 'lump sum',
  KGM: 'kilogram',
  GRM: 'gram',
  KMT: 'kilometre',
  MTR: 'metre',
  LTR: 'litre',
  MTK: 'square metre',
  E48: 'service unit',
  XPP: 'package',
} as const;
export type UnitCode = keyof typeof UNIT_CODES;

/** Keel's unit words (and their usual spellings) → their Rec. 20 code. */
// prettier-ignore
const UNIT_WORDS: Record<string, UnitCode> = {
  hour: 'HUR', hours: 'HUR', hr: 'HUR', hrs: 'HUR', h: 'HUR',
  day: 'DAY', days: 'DAY', d: 'DAY',
  week: 'WEE', weeks: 'WEE', wk: 'WEE',
  month: 'MON', months: 'MON', mo: 'MON',
  year: 'ANN', years: 'ANN', yr: 'ANN',
  minute: 'MIN', minutes: 'MIN', min: 'MIN',
  second: 'SEC', seconds: 'SEC', s: 'SEC',
  item: 'C62', items: 'C62', unit: 'C62', units: 'C62', each: 'C62', ea: 'C62',
  piece: 'H87', pieces: 'H87', pc: 'H87', pcs: 'H87',
  project: 'LS', projects: 'LS', 'lump sum': 'LS', flat: 'LS', 'flat fee': 'LS',
  kg: 'KGM', kilogram: 'KGM', kilograms: 'KGM',
  g: 'GRM', gram: 'GRM', grams: 'GRM',
  km: 'KMT', kilometre: 'KMT', kilometer: 'KMT', kilometres: 'KMT', kilometers: 'KMT',
  m: 'MTR', metre: 'MTR', meter: 'MTR', metres: 'MTR', meters: 'MTR',
  l: 'LTR', litre: 'LTR', liter: 'LTR', litres: 'LTR', liters: 'LTR',
  m2: 'MTK', 'm²': 'MTK', sqm: 'MTK',
  package: 'XPP', packages: 'XPP',
};

/** A line's unit as its Rec. 20 code: hour → HUR, day → DAY…; unknown or none → C62 (one). */
export function unitCodeOf(unit: string | null | undefined): UnitCode {
  if (!unit) return 'C62';
  return UNIT_WORDS[unit.trim().toLowerCase()] ?? 'C62';
}

/** UNCL 5305 tax categories, as EN 16931 uses them. */
export const TAX_CATEGORIES = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt',
  AE: 'Reverse charge',
  K: 'Intra-EU supply',
  G: 'Export outside the EU',
  O: 'Outside the scope of VAT',
};

/** The categories whose invoices say why no tax is charged (an exemption reason). */
export const EXEMPT_CATEGORIES: readonly TaxCategory[] = ['E', 'AE', 'K', 'G', 'O'];

/** The category a line without its own has: standard when it charges tax, else zero rated. */
export function taxCategoryOf(stored: string | null | undefined, taxRate: string): TaxCategory {
  if (stored) return stored as TaxCategory;
  return /[1-9]/.test(taxRate) ? 'S' : 'Z';
}

/**
 * What is wrong with a line's category against its rate, or null: standard rate needs a
 * rate above 0; every other category a rate of 0.
 */
export function taxCategoryProblem(category: TaxCategory, taxRate: string): string | null {
  const charges = /[1-9]/.test(taxRate);
  if (category === 'S' && !charges) return 'Standard rate needs a tax rate above 0';
  if (category !== 'S' && charges) return `${TAX_CATEGORY_LABELS[category]} needs a tax rate of 0`;
  return null;
}

export const TAX_EXEMPTION_REASON_MAX = 300;

/** Electronic address schemes (EAS) most used, with what they are. Any EAS code is taken. */
export const EAS_SCHEMES = [
  { value: '0088', label: '0088 · GLN (Global Location Number)' },
  { value: '0208', label: '0208 · Belgian enterprise number' },
  { value: '9930', label: '9930 · German VAT number' },
  { value: '0204', label: '0204 · German Leitweg-ID' },
  { value: '9925', label: '9925 · Belgian VAT number' },
  { value: '0009', label: '0009 · French SIRET' },
  { value: '0002', label: '0002 · French SIRENE' },
  { value: '0106', label: '0106 · Dutch KvK number' },
  { value: '0190', label: '0190 · Dutch OIN' },
  { value: '0007', label: '0007 · Swedish organisation number' },
  { value: '0192', label: '0192 · Norwegian organisation number' },
  { value: '0184', label: '0184 · Danish CVR number' },
  { value: '0060', label: '0060 · DUNS number' },
  { value: 'EM', label: 'EM · Email address' },
] as const;

/** A nullable optional text of the API: trimmed, one line; empty or null is none. */
export function optionalLine(label: string, max: number) {
  return singleLine(label)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => v || null)
    .optional();
}

const EAS_MESSAGE = 'Electronic address scheme must be an EAS code such as 0088, 0208, 9930 or EM';

/** An EAS code, set: 4 digits, or 2–4 upper-case letters and digits (EM). */
export const EasCodeSchema = z
  .string({ error: EAS_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9]{2,4}$/.test(v), EAS_MESSAGE);

/** An EAS code as the API takes it; empty or null for none. */
export const ElectronicAddressSchemeSchema = z
  .string({ error: EAS_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v === '' || /^[A-Z0-9]{2,4}$/.test(v), EAS_MESSAGE)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null))
  .meta({
    description:
      'The scheme (EAS code) of the electronic address: 0088 (GLN), 0208 (Belgian enterprise number), 9930 (German VAT), 0204 (Leitweg-ID), EM (email)… Given with the address, or neither.',
  });

/** An IBAN as stored: upper case, no spaces. */
export const normalizeIban = (v: string) => v.replace(/\s+/g, '').toUpperCase();

/** Why an IBAN is not valid, or null. */
export function ibanProblem(iban: string): string | null {
  const { valid, errorCodes } = validateIBAN(normalizeIban(iban));
  if (valid) return null;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum))
    return 'Enter a valid IBAN (check digits do not match)';
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry))
    return 'Enter a valid IBAN (it must start with a country code such as DE)';
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return 'Enter a valid IBAN (the account number check digits do not match)';
  return 'Enter a valid IBAN (wrong length or characters for its country)';
}

/** Why a BIC is not valid, or null. */
export function bicProblem(bic: string): string | null {
  const { valid } = validateBIC(normalizeIban(bic));
  return valid ? null : 'Enter a valid BIC (8 or 11 characters, such as DEUTDEFF)';
}

/** An IBAN as the API takes it: spaces and case as typed, stored normalised; empty is none. */
export const IbanSchema = z
  .string()
  .transform(normalizeIban)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : ibanProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null))
  .meta({
    description:
      'The account invoices are paid to, checked with its check digits; stored upper case without spaces. Empty or null for none.',
  });

/** A BIC as the API takes it: checked, stored upper case; empty is none. */
export const BicSchema = z
  .string()
  .transform(normalizeIban)
  .superRefine((v, ctx) => {
    const problem = v === '' ? null : bicProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null))
  .meta({
    description: 'The bank of the IBAN (BIC/SWIFT, 8 or 11 characters). Empty or null for none.',
  });

/** Both an electronic address and its scheme, or neither. */
export function electronicAddressProblem(values: {
  electronicAddress?: string | null;
  electronicAddressScheme?: string | null;
}): { path: string; message: string } | null {
  const address = values.electronicAddress ?? null;
  const scheme = values.electronicAddressScheme ?? null;
  if (address && !scheme)
    return {
      path: 'electronicAddressScheme',
      message: 'Choose the scheme of the electronic address',
    };
  if (scheme && !address)
    return { path: 'electronicAddress', message: 'Enter the electronic address of the scheme' };
  return null;
}
