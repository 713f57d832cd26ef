import type {
  EinvoiceAllowance,
  EinvoiceModel,
  EinvoiceParty,
  TaxCategory,
} from './einvoice.model.ts';
import { buildXml, compact, withAttributes, type XmlNode } from './xml.ts';

/**
 * UBL 2.1 Invoice and CreditNote (OASIS), in the Peppol BIS Billing 3.0 customization of
 * EN 16931, or XRechnung 3.0 when the buyer is in Germany and gives a buyer reference
 * (the Leitweg-ID). Elements are written in the order the UBL schema requires; the same
 * model always gives the same bytes.
 */

export const PEPPOL_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const XRECHNUNG_CUSTOMIZATION =
  'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** XRechnung when the buyer is German and gives a buyer reference, else Peppol BIS 3. */
export function isXRechnung(model: EinvoiceModel): boolean {
  return model.buyer.address.countryCode === 'DE' && model.buyerReference !== null;
}

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const VAT = { 'cbc:ID': 'VAT' };

function party(p: EinvoiceParty, withVatId: boolean): XmlNode {
  return compact({
    'cbc:EndpointID': withAttributes(p.electronicAddress?.value, {
      schemeID: p.electronicAddress?.scheme,
    }),
    'cac:PartyName': { 'cbc:Name': p.name },
    'cac:PostalAddress': compact({
      'cbc:StreetName': p.address.street,
      'cbc:CityName': p.address.city,
      'cbc:PostalZone': p.address.postalCode,
      'cac:Country': p.address.countryCode
        ? { 'cbc:IdentificationCode': p.address.countryCode }
        : undefined,
    }),
    'cac:PartyTaxScheme':
      withVatId && p.vatId ? { 'cbc:CompanyID': p.vatId, 'cac:TaxScheme': VAT } : undefined,
    'cac:PartyLegalEntity': compact({
      'cbc:RegistrationName': p.name,
      'cbc:CompanyID': p.registrationId,
    }),
    'cac:Contact':
      p.contactName || p.email
        ? compact({ 'cbc:Name': p.contactName, 'cbc:ElectronicMail': p.email })
        : undefined,
  });
}

function taxCategory(category: TaxCategory, rate: string | null, reason?: string | null) {
  return compact({
    'cbc:ID': category,
    'cbc:Percent': category === 'O' ? undefined : (rate ?? '0'),
    'cbc:TaxExemptionReason': reason,
    'cac:TaxScheme': VAT,
  });
}

function allowance(a: EinvoiceAllowance, amount: (v: string) => XmlNode | undefined): XmlNode {
  return compact({
    'cbc:ChargeIndicator': 'false',
    'cbc:AllowanceChargeReasonCode': a.reasonCode,
    'cbc:AllowanceChargeReason': a.reason,
    'cbc:MultiplierFactorNumeric': a.percent,
    'cbc:Amount': amount(a.amount),
    'cbc:BaseAmount': a.baseAmount === null ? undefined : amount(a.baseAmount),
    'cac:TaxCategory': taxCategory(a.taxCategory, a.taxRate),
  });
}

/** The UBL document of a model: an Invoice (380) or a CreditNote (381). */
export function toUbl(model: EinvoiceModel): string {
  const credit = model.kind === 'creditNote';
  const amount = (value: string) => withAttributes(value, { currencyID: model.currency });
  // Category O carries no VAT identifiers at all (BR-O-02).
  const withVatIds = !model.lines.some((l) => l.taxCategory === 'O');
  const k = model.servicePeriod;
  const needsDelivery = model.taxes.some((t) => t.category === 'K');

  const lines = model.lines.map((line) =>
    compact({
      'cbc:ID': line.id,
      [credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity']: withAttributes(line.quantity, {
        unitCode: line.unitCode,
      }),
      'cbc:LineExtensionAmount': amount(line.netAmount),
      'cac:AllowanceCharge': line.allowance
        ? {
            'cbc:ChargeIndicator': 'false',
            'cbc:AllowanceChargeReasonCode': line.allowance.reasonCode,
            'cbc:AllowanceChargeReason': line.allowance.reason,
            'cbc:Amount': amount(line.allowance.amount)!,
          }
        : undefined,
      'cac:Item': compact({
        'cbc:Description': line.description,
        'cbc:Name': line.name,
        'cac:ClassifiedTaxCategory': taxCategory(line.taxCategory, line.taxRate),
      }),
      'cac:Price': compact({
        'cbc:PriceAmount': amount(line.netPrice),
        'cbc:BaseQuantity': withAttributes(line.priceBaseQuantity, { unitCode: line.unitCode }),
      }),
    }),
  );

  const body: XmlNode = compact({
    '@_xmlns': credit ? NS.creditNote : NS.invoice,
    '@_xmlns:cac': NS.cac,
    '@_xmlns:cbc': NS.cbc,
    'cbc:CustomizationID': isXRechnung(model) ? XRECHNUNG_CUSTOMIZATION : PEPPOL_CUSTOMIZATION,
    'cbc:ProfileID': PEPPOL_PROFILE,
    'cbc:ID': model.number ?? '',
    'cbc:IssueDate': model.issueDate ?? '',
    'cbc:DueDate': credit ? undefined : model.dueDate,
    [credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode']: model.typeCode,
    'cbc:Note': model.notes,
    'cbc:DocumentCurrencyCode': model.currency,
    'cbc:BuyerReference': model.buyerReference,
    'cac:InvoicePeriod': k
      ? compact({ 'cbc:StartDate': k.start, 'cbc:EndDate': k.end })
      : undefined,
    'cac:OrderReference': model.purchaseOrderReference
      ? { 'cbc:ID': model.purchaseOrderReference }
      : undefined,
    'cac:BillingReference': model.precedingInvoice
      ? {
          'cac:InvoiceDocumentReference': compact({
            'cbc:ID': model.precedingInvoice.number,
            'cbc:IssueDate': model.precedingInvoice.issueDate,
          }),
        }
      : undefined,
    'cac:AccountingSupplierParty': { 'cac:Party': party(model.seller, withVatIds) },
    'cac:AccountingCustomerParty': { 'cac:Party': party(model.buyer, withVatIds) },
    // An intra-Community supply names where it went (BR-IC-12): the buyer's country.
    'cac:Delivery': needsDelivery
      ? {
          'cac:DeliveryLocation': {
            'cac:Address': {
              'cac:Country': { 'cbc:IdentificationCode': model.buyer.address.countryCode ?? '' },
            },
          },
        }
      : undefined,
    'cac:PaymentMeans': model.payment
      ? compact({
          'cbc:PaymentMeansCode': model.payment.meansCode,
          'cbc:PaymentDueDate': credit ? model.dueDate : undefined,
          'cbc:PaymentID': model.payment.remittance || undefined,
          'cac:PayeeFinancialAccount': compact({
            'cbc:ID': model.payment.iban,
            'cbc:Name': model.payment.accountName,
            'cac:FinancialInstitutionBranch': model.payment.bic
              ? { 'cbc:ID': model.payment.bic }
              : undefined,
          }),
        })
      : undefined,
    'cac:PaymentTerms': model.paymentTerms ? { 'cbc:Note': model.paymentTerms } : undefined,
    'cac:AllowanceCharge': model.allowances.map((a) => allowance(a, amount)),
    'cac:TaxTotal': {
      'cbc:TaxAmount': amount(model.totals.tax)!,
      'cac:TaxSubtotal': model.taxes.map((t) => ({
        'cbc:TaxableAmount': amount(t.taxableAmount)!,
        'cbc:TaxAmount': amount(t.taxAmount)!,
        'cac:TaxCategory': taxCategory(t.category, t.rate, t.exemptionReason),
      })),
    },
    'cac:LegalMonetaryTotal': compact({
      'cbc:LineExtensionAmount': amount(model.totals.lineNet),
      'cbc:TaxExclusiveAmount': amount(model.totals.taxExclusive),
      'cbc:TaxInclusiveAmount': amount(model.totals.taxInclusive),
      'cbc:AllowanceTotalAmount': model.allowances.length
        ? amount(model.totals.allowances)
        : undefined,
      'cbc:PayableAmount': amount(model.totals.payable),
    }),
    [credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine']: lines,
  });
  return buildXml({ [credit ? 'CreditNote' : 'Invoice']: body });
}
