import type { EinvoiceModel, EinvoiceParty, TaxCategory } from './einvoice.model.ts';
import { isXRechnung, XRECHNUNG_CUSTOMIZATION } from './ubl.ts';
import { buildXml, compact, withAttributes, type XmlNode } from './xml.ts';

/**
 * UN/CEFACT Cross Industry Invoice D16B in the EN 16931 profile (the XML inside Factur-X
 * and ZUGFeRD), type 380 or 381. Elements in the order of the D16B schema; the same model
 * always gives the same bytes.
 */

export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** 2026-11-29 → 20261129, format 102. */
const date = (iso: string, prefix: 'udt' | 'qdt' = 'udt'): XmlNode => ({
  [`${prefix}:DateTimeString`]: { '#text': iso.replaceAll('-', ''), '@_format': '102' },
});

function party(p: EinvoiceParty, withVatId: boolean): XmlNode {
  return compact({
    'ram:Name': p.name,
    'ram:SpecifiedLegalOrganization': p.registrationId ? { 'ram:ID': p.registrationId } : undefined,
    'ram:DefinedTradeContact':
      p.contactName || p.email
        ? compact({
            'ram:PersonName': p.contactName,
            'ram:EmailURIUniversalCommunication': p.email ? { 'ram:URIID': p.email } : undefined,
          })
        : undefined,
    'ram:PostalTradeAddress': compact({
      'ram:PostcodeCode': p.address.postalCode,
      'ram:LineOne': p.address.street,
      'ram:CityName': p.address.city,
      'ram:CountryID': p.address.countryCode,
    }),
    'ram:URIUniversalCommunication': p.electronicAddress
      ? {
          'ram:URIID': withAttributes(p.electronicAddress.value, {
            schemeID: p.electronicAddress.scheme,
          })!,
        }
      : undefined,
    'ram:SpecifiedTaxRegistration':
      withVatId && p.vatId ? { 'ram:ID': withAttributes(p.vatId, { schemeID: 'VA' })! } : undefined,
  });
}

const tradeTax = (category: TaxCategory, rate: string | null) =>
  compact({
    'ram:TypeCode': 'VAT',
    'ram:CategoryCode': category,
    'ram:RateApplicablePercent': category === 'O' ? undefined : (rate ?? '0'),
  });

/** The CII document of a model. */
export function toCii(model: EinvoiceModel): string {
  const withVatIds = !model.lines.some((l) => l.taxCategory === 'O');
  const period = model.servicePeriod;

  const lines = model.lines.map((line) => ({
    'ram:AssociatedDocumentLineDocument': { 'ram:LineID': line.id },
    'ram:SpecifiedTradeProduct': compact({
      'ram:Name': line.name,
      'ram:Description': line.description,
    }),
    'ram:SpecifiedLineTradeAgreement': {
      'ram:NetPriceProductTradePrice': compact({
        'ram:ChargeAmount': line.netPrice,
        'ram:BasisQuantity': withAttributes(line.priceBaseQuantity, { unitCode: line.unitCode }),
      }),
    },
    'ram:SpecifiedLineTradeDelivery': {
      'ram:BilledQuantity': withAttributes(line.quantity, { unitCode: line.unitCode })!,
    },
    'ram:SpecifiedLineTradeSettlement': compact({
      'ram:ApplicableTradeTax': tradeTax(line.taxCategory, line.taxRate),
      'ram:SpecifiedTradeAllowanceCharge': line.allowance
        ? {
            'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
            'ram:ActualAmount': line.allowance.amount,
            'ram:ReasonCode': line.allowance.reasonCode,
            'ram:Reason': line.allowance.reason,
          }
        : undefined,
      'ram:SpecifiedTradeSettlementLineMonetarySummation': {
        'ram:LineTotalAmount': line.netAmount,
      },
    }),
  }));

  const settlement = compact({
    'ram:PaymentReference': model.payment?.remittance || undefined,
    'ram:InvoiceCurrencyCode': model.currency,
    'ram:SpecifiedTradeSettlementPaymentMeans': model.payment
      ? compact({
          'ram:TypeCode': model.payment.meansCode,
          'ram:PayeePartyCreditorFinancialAccount': compact({
            'ram:IBANID': model.payment.iban,
            'ram:AccountName': model.payment.accountName,
          }),
          'ram:PayeeSpecifiedCreditorFinancialInstitution': model.payment.bic
            ? { 'ram:BICID': model.payment.bic }
            : undefined,
        })
      : undefined,
    'ram:ApplicableTradeTax': model.taxes.map((t) =>
      compact({
        'ram:CalculatedAmount': t.taxAmount,
        'ram:TypeCode': 'VAT',
        'ram:ExemptionReason': t.exemptionReason,
        'ram:BasisAmount': t.taxableAmount,
        'ram:CategoryCode': t.category,
        'ram:RateApplicablePercent': t.category === 'O' ? undefined : (t.rate ?? '0'),
      }),
    ),
    'ram:BillingSpecifiedPeriod': period
      ? compact({
          'ram:StartDateTime': period.start ? date(period.start) : undefined,
          'ram:EndDateTime': period.end ? date(period.end) : undefined,
        })
      : undefined,
    'ram:SpecifiedTradeAllowanceCharge': model.allowances.map((a) =>
      compact({
        'ram:ChargeIndicator': { 'udt:Indicator': 'false' },
        'ram:CalculationPercent': a.percent,
        'ram:BasisAmount': a.baseAmount,
        'ram:ActualAmount': a.amount,
        'ram:ReasonCode': a.reasonCode,
        'ram:Reason': a.reason,
        'ram:CategoryTradeTax': tradeTax(a.taxCategory, a.taxRate),
      }),
    ),
    'ram:SpecifiedTradePaymentTerms':
      model.paymentTerms || model.dueDate
        ? compact({
            'ram:Description': model.paymentTerms,
            'ram:DueDateDateTime': model.dueDate ? date(model.dueDate) : undefined,
          })
        : undefined,
    'ram:SpecifiedTradeSettlementHeaderMonetarySummation': compact({
      'ram:LineTotalAmount': model.totals.lineNet,
      'ram:AllowanceTotalAmount': model.allowances.length ? model.totals.allowances : undefined,
      'ram:TaxBasisTotalAmount': model.totals.taxExclusive,
      'ram:TaxTotalAmount': withAttributes(model.totals.tax, { currencyID: model.currency }),
      'ram:GrandTotalAmount': model.totals.taxInclusive,
      'ram:DuePayableAmount': model.totals.payable,
    }),
    'ram:InvoiceReferencedDocument': model.precedingInvoice
      ? compact({
          'ram:IssuerAssignedID': model.precedingInvoice.number,
          'ram:FormattedIssueDateTime': model.precedingInvoice.issueDate
            ? date(model.precedingInvoice.issueDate, 'qdt')
            : undefined,
        })
      : undefined,
  });

  const root: XmlNode = {
    '@_xmlns:rsm': NS.rsm,
    '@_xmlns:qdt': NS.qdt,
    '@_xmlns:ram': NS.ram,
    '@_xmlns:udt': NS.udt,
    'rsm:ExchangedDocumentContext': {
      'ram:GuidelineSpecifiedDocumentContextParameter': {
        'ram:ID': isXRechnung(model) ? XRECHNUNG_CUSTOMIZATION : EN16931_GUIDELINE,
      },
    },
    'rsm:ExchangedDocument': compact({
      'ram:ID': model.number ?? '',
      'ram:TypeCode': model.typeCode,
      'ram:IssueDateTime': date(model.issueDate ?? ''),
      'ram:IncludedNote': model.notes.map((note) => ({ 'ram:Content': note })),
    }),
    'rsm:SupplyChainTradeTransaction': {
      'ram:IncludedSupplyChainTradeLineItem': lines,
      'ram:ApplicableHeaderTradeAgreement': compact({
        'ram:BuyerReference': model.buyerReference,
        'ram:SellerTradeParty': party(model.seller, withVatIds),
        'ram:BuyerTradeParty': party(model.buyer, withVatIds),
        'ram:BuyerOrderReferencedDocument': model.purchaseOrderReference
          ? { 'ram:IssuerAssignedID': model.purchaseOrderReference }
          : undefined,
      }),
      // An intra-Community supply names where it went (BR-IC-12): the buyer's country.
      'ram:ApplicableHeaderTradeDelivery': model.taxes.some((t) => t.category === 'K')
        ? {
            'ram:ShipToTradeParty': {
              'ram:PostalTradeAddress': { 'ram:CountryID': model.buyer.address.countryCode ?? '' },
            },
          }
        : {},
      'ram:ApplicableHeaderTradeSettlement': settlement,
    },
  };
  return buildXml({ 'rsm:CrossIndustryInvoice': root });
}
