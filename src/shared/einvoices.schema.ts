import { z } from 'zod';
import { IdSchema } from './ids.ts';

/**
 * E-invoices (issue 41): an issued invoice as UBL 2.1 or UN/CEFACT CII (EN 16931), and Keel's
 * own pre-issue checks of the standard's business rules, answered as `{rule, field, message}`.
 */

export const EINVOICE_FORMATS = ['ubl', 'cii'] as const;
export type EinvoiceFormat = (typeof EINVOICE_FORMATS)[number];

/** One broken EN 16931 rule and the Keel field that fixes it. */
export const EinvoiceErrorSchema = z.object({
  rule: z.string().meta({ description: 'The EN 16931 business rule, e.g. `BR-AE-02`.' }),
  field: z.string().meta({
    description:
      'What to fix: `seller.*` a field of the business profile (`seller.countryCode`, `seller.taxId`, `iban`), `buyer.*` one of the client (`buyer.taxId`), `lines[i].*` one of the line at index i (`lines[2].taxCategory`), else one of the invoice (`dueDate`, `buyerReference`, `currency`).',
  }),
  message: z.string().meta({ description: 'What to do, for people.' }),
});
export type EinvoiceError = z.infer<typeof EinvoiceErrorSchema>;

/** `POST /api/invoices/{id}/einvoice/validate` */
export const EinvoiceValidationSchema = z.object({
  valid: z.boolean().meta({ description: 'True when the invoice can be issued as an e-invoice.' }),
  errors: z.array(EinvoiceErrorSchema),
});
export type EinvoiceValidation = z.infer<typeof EinvoiceValidationSchema>;

export const EinvoiceDownloadInputSchema = z.object({
  id: IdSchema,
  format: z.enum(EINVOICE_FORMATS, { error: 'Format must be ubl or cii' }).meta({
    description:
      '`ubl`: UBL 2.1 (Peppol BIS Billing 3.0, or XRechnung 3.0 for a German buyer with a buyer reference); `cii`: UN/CEFACT CII D16B, EN 16931 profile.',
  }),
});

/** An XML document a procedure answers: its file name and its text. */
export const XmlFileSchema = z.object({ filename: z.string(), content: z.string() });

/** The field of a business profile or client an error names, without its prefix. */
export function einvoiceFieldOf(error: EinvoiceError, prefix: 'seller' | 'buyer'): string | null {
  return error.field.startsWith(`${prefix}.`) ? error.field.slice(prefix.length + 1) : null;
}
