import type { EinvoiceError } from '../../../shared/einvoices.schema.ts';
import type { InvoiceDetail, Party } from '../../../shared/invoices.schema.ts';
import { TRPCError } from '@trpc/server';
import { EinvoiceRefusal } from '../../trpc/einvoice-refusal.ts';
import { buildEinvoiceModel, type EinvoiceModel, type KeelDocument } from './einvoice.model.ts';
import { checkEinvoice } from './einvoice.rules.ts';

/**
 * An invoice (as `getInvoice` answers it) as an e-invoice: its EN 16931 model and Keel's
 * pre-issue rules over it. Apart from einvoice.service.ts so that the invoices service can
 * check a draft inside its issuing transaction without importing itself back.
 */

/** What issuing gives a draft that it does not have yet. */
export interface IssueValues {
  invoiceNumber: string;
  issueDate: string;
  dueDate: string | null;
}

/** A frozen party as the model takes it. */
export const keelPartyOf = (p: Party) => ({
  name: p.name,
  contactName: p.contactName,
  email: p.email,
  taxId: p.taxId,
  registrationId: p.registrationId,
  street: p.street,
  city: p.city,
  postalCode: p.postalCode,
  countryCode: p.countryCode,
  electronicAddress: p.electronicAddress,
  electronicAddressScheme: p.electronicAddressScheme,
});

/**
 * The model of an invoice: an issued one from its frozen parties, stored lines and dates; a
 * draft as issuing would freeze it (`issue` gives its number and dates). The buyer reference
 * is the invoice's own, else the client's.
 */
export function einvoiceModelOf(invoice: InvoiceDetail, issue?: IssueValues): EinvoiceModel {
  const doc: KeelDocument = {
    kind: 'invoice',
    number: invoice.invoiceNumber ?? issue?.invoiceNumber ?? null,
    issueDate: invoice.issueDate ?? issue?.issueDate ?? null,
    dueDate: invoice.dueDate ?? issue?.dueDate ?? null,
    currency: invoice.currency,
    buyerReference: invoice.buyerReference ?? invoice.buyer.buyerReference ?? null,
    purchaseOrderReference: invoice.purchaseOrderReference,
    notes: invoice.notes,
    servicePeriodStart: invoice.servicePeriodStart,
    servicePeriodEnd: invoice.servicePeriodEnd,
    seller: { ...keelPartyOf(invoice.seller), iban: invoice.seller.iban, bic: invoice.seller.bic },
    buyer: keelPartyOf(invoice.buyer),
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitCode: line.unitCode,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      taxCategory: line.taxCategory,
      taxExemptionReason: line.taxExemptionReason,
      amount: line.amount,
      discount: line.discount,
    })),
    discount: invoice.discount,
  };
  return buildEinvoiceModel(doc);
}

/** Keel's EN 16931 rules over an invoice, its document's totals held to the invoice's own. */
export function einvoiceErrorsOf(invoice: InvoiceDetail, issue?: IssueValues): EinvoiceError[] {
  return checkEinvoice(einvoiceModelOf(invoice, issue), {
    subtotal: invoice.subtotal,
    discountTotal: invoice.discountTotal,
    taxTotal: invoice.taxTotal,
    total: invoice.total,
  });
}

/** The 422 refusing to issue or send an invoice that breaks the rules. */
export function einvoiceRefusal(errors: EinvoiceError[]): TRPCError {
  return new TRPCError({
    code: 'UNPROCESSABLE_CONTENT',
    message: `This invoice cannot be issued as an e-invoice yet: ${errors[0]!.message}`,
    cause: new EinvoiceRefusal(errors),
  });
}
