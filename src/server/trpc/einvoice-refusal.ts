import type { EinvoiceError } from '../../shared/einvoices.schema.ts';

/**
 * Marks the refusal to issue or send an invoice that breaks EN 16931 rules while e-invoicing
 * is on: REST answers 422 with `errors: [{rule, field, message}]` and tRPC carries `errors`
 * in the error's data. Apart, like GoneCause, so that init.ts and plugins/errors.ts can read
 * it without importing each other.
 */
export class EinvoiceRefusal extends Error {
  constructor(readonly errors: EinvoiceError[]) {
    super(errors[0]?.message ?? 'This invoice breaks the e-invoicing rules');
  }
}
