import { defineRestRoutes, type Responder } from '../../plugins/rest-adapter.ts';

/** An XML document (`{filename, content}`) as a download. */
export const asXml: Responder = {
  send(result: { filename: string; content: string }, reply) {
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${result.filename}"`)
      .header('cache-control', 'private, no-store');
    return result.content;
  },
  document: () => ({
    content: {
      'application/xml': { schema: { type: 'string', contentMediaType: 'application/xml' } },
    },
    headers: {
      'Content-Disposition': {
        description: '`attachment; filename="invoice-….xml"` (or `credit-note-….xml`): a download.',
        schema: { type: 'string' },
      },
    },
  }),
};

const RULES_BROKEN =
  'the invoice breaks EN 16931 rules (a missing country, VAT ID, tax category…): `errors` lists each rule with the field to fix';

export const einvoicesRestRoutes = defineRestRoutes(
  {
    name: 'E-invoices',
    description:
      'Issued invoices and credit notes as structured e-invoices under EN 16931: UBL 2.1 (Peppol BIS Billing 3.0, or XRechnung 3.0 for a German buyer with a buyer reference) and UN/CEFACT CII D16B (the XML of Factur-X and ZUGFeRD). Generated from the frozen copy of the issued invoice or credit note, so the same document is always given, with exactly its totals. With e-invoicing on in the business profile, issuing and sending refuse (422) an invoice that breaks the rules.',
  },
  [
    {
      method: 'GET',
      path: '/api/invoices/{id}/einvoice',
      procedure: 'einvoices.download',
      summary: "Download an issued invoice's e-invoice (UBL or CII)",
      description:
        'The XML document of an issued invoice, in the syntax `format` names. Amounts are the invoice’s own (tax per category and rate, the discount as allowances); payments are not part of it.',
      respond: asXml,
      refusals: { 409: 'the invoice is a draft', 422: RULES_BROKEN },
    },
    {
      method: 'GET',
      path: '/api/credit-notes/{id}/einvoice',
      procedure: 'einvoices.creditNoteDownload',
      summary: "Download a credit note's e-invoice (UBL CreditNote or CII 381)",
      description:
        'The credit note as a UBL 2.1 CreditNote or a CII document of type 381, naming the invoice it credits (its number and issue date) as the preceding invoice, with the buyer reference, order reference and service period of that invoice. Amounts are the credit note’s own: a line credited by quantity keeps the invoice’s unit price with its share of the invoice’s discount as a line allowance; tax per category and rate as the credit note states it. The same credit note always gives the same document.',
      respond: asXml,
      refusals: {
        422: 'the credit note breaks EN 16931 rules (the invoice it credits was issued without a country, a VAT ID…): `errors` lists each rule with the field',
      },
    },
    {
      method: 'POST',
      path: '/api/invoices/{id}/einvoice/validate',
      procedure: 'einvoices.validate',
      summary: "Check an invoice against e-invoicing's rules",
      description:
        'Keel’s own checks of the EN 16931 business rules that depend on its data, for a draft (as issuing would freeze it: today’s business profile and client) or an issued invoice. `valid` is false while `errors` lists what to fix.',
    },
  ],
);
