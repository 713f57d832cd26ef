import { defineRestRoutes, type Responder } from '../../plugins/rest-adapter.ts';

/** An XML document (`{filename, content}`) as a download. */
const asXml: Responder = {
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
        description: '`attachment; filename="invoice-….xml"`: a download.',
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
      'Issued invoices as structured e-invoices under EN 16931: UBL 2.1 (Peppol BIS Billing 3.0, or XRechnung 3.0 for a German buyer with a buyer reference) and UN/CEFACT CII D16B (the XML of Factur-X and ZUGFeRD). Generated from the frozen copy of the issued invoice, so the same invoice always gives the same document, with exactly its totals. With e-invoicing on in the business profile, issuing and sending refuse (422) an invoice that breaks the rules.',
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
      method: 'POST',
      path: '/api/invoices/{id}/einvoice/validate',
      procedure: 'einvoices.validate',
      summary: "Check an invoice against e-invoicing's rules",
      description:
        'Keel’s own checks of the EN 16931 business rules that depend on its data, for a draft (as issuing would freeze it: today’s business profile and client) or an issued invoice. `valid` is false while `errors` lists what to fix.',
    },
  ],
);
