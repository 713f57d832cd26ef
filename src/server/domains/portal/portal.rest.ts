import {
  asArrayWithTotal,
  asPdf,
  defineRestRoutes,
  type Responder,
} from '../../plugins/rest-adapter.ts';
import { asXml } from '../einvoices/einvoices.rest.ts';

/** The workspace logo for the portal page, inline: PNG, JPEG, GIF or WebP as uploaded. */
const asLogo: Responder = {
  send(result: { contentType: string; content: Uint8Array }, reply) {
    reply
      .header('content-type', result.contentType)
      .header('content-disposition', 'inline; filename="logo"')
      .header('cache-control', 'private, max-age=3600');
    return Buffer.from(result.content);
  },
  document: () => ({
    content: Object.fromEntries(
      ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map((type) => [
        type,
        { schema: { type: 'string', contentMediaType: type } },
      ]),
    ),
  }),
};

const CLIENT = 'the client is not of this workspace';
const TOKEN =
  'the link is unknown, revoked or replaced, or the client, workspace or document is not there (all answered alike)';
const EXPIRED =
  'the link was sent in an invoice email and has expired (`PORTAL_LINK_DAYS`); the message names the business to ask for a new one';
const EINVOICE_RULES =
  'the document breaks EN 16931 rules (the business issued it without e-invoicing data): `errors` lists each rule';
/** What every portal path may refuse. */
const PORTAL_REFUSALS = { 404: TOKEN, 410: EXPIRED };

const DECISION =
  'Records the name the client typed, the time, their address and browser, and a SHA-256 of the document as decided; the status moves with it. One decision per document.';
const DECIDED =
  'the document is already accepted or declined, converted, or past its valid-until date';

export const portalRestRoutes = defineRestRoutes(
  {
    name: 'Client portal',
    description:
      "A secret link per client opens its portal (`/portal/{token}`) without a Keel account: the client's issued invoices, estimates and proposals, their PDFs, the payment instructions and the balance. Only the SHA-256 of each token is stored, so a link is shown once, when it is made; a new link or a revocation ends every older link of the client. A link sent in an invoice email works for `PORTAL_LINK_DAYS` days (90 unless configured), then answers 410; one made on the client page works until revoked. The portal paths take the token as their only credential, are rate limited per address and answer `X-Robots-Tag: noindex`.",
  },
  [
    {
      method: 'GET',
      path: '/api/portal-links',
      procedure: 'portal.clients',
      summary: 'List clients with their portal link state',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/clients/{id}/portal-link',
      procedure: 'portal.linkState',
      summary: "Read whether a client's portal link is live",
      description:
        'How many links work, when the newest was made and when one was last used; never a link.',
      refusals: { 404: CLIENT },
    },
    {
      method: 'POST',
      path: '/api/clients/{id}/portal-link',
      procedure: 'portal.createLink',
      summary: 'Make a new portal link for a client',
      description:
        'Every older link of the client stops working. The answer holds the link this once: only its hash is kept.',
      status: 201,
      refusals: { 404: CLIENT },
    },
    {
      method: 'DELETE',
      path: '/api/clients/{id}/portal-link',
      procedure: 'portal.revokeLinks',
      summary: "Revoke a client's portal links",
      description: 'Every link of the client stops working at once.',
      refusals: { 404: CLIENT },
    },
    {
      method: 'GET',
      path: '/api/portal/{token}',
      procedure: 'portal.view',
      summary: "Read a client's portal",
      description:
        'The business (name, logo, payment instructions), the client, the clock its page writes dates in (time zone, date and time format of the workspace), its issued invoices, estimates and proposals, and the balance due per currency. A read only: a proposal becomes viewed by `POST …/proposals/{id}/view`.',
      refusals: PORTAL_REFUSALS,
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/invoices/{id}',
      procedure: 'portal.invoice',
      summary: 'Open an invoice in the portal',
      description:
        'A sent invoice becomes viewed, with the time of this first opening. `onlinePayment` says whether "Pay now" is offered (`enabled`: the workspace takes card payments and a balance is due), whether a part may be paid, and how the last Checkout went (`checkout.state`: `processing` once Stripe took the payment and until its webhook arrives, `paid` when it did).',
      refusals: PORTAL_REFUSALS,
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/invoices/{id}/checkout',
      procedure: 'portal.checkout',
      summary: 'Start paying an invoice by card in the portal',
      description:
        'A Stripe Checkout Session (mode payment) for the balance, or for `amount` when the workspace allows partial payments (at least its minimum); send the client to `url`. The session ends back in the portal. Calls for the same invoice and amount, at once or while the session is open, get the same session: never two charges.',
      refusals: {
        ...PORTAL_REFUSALS,
        409: 'the invoice is paid, void or fully credited, a payment of it is being processed, or the business takes no online payment',
        502: 'Stripe could not be reached or refused to start the payment; nothing was charged, try again',
      },
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/credit-notes/{id}/pdf',
      procedure: 'portal.creditNotePdf',
      summary: 'Download a credit note PDF from the portal',
      description: "One of the client's credit notes, as the workspace downloads it.",
      respond: asPdf,
      refusals: PORTAL_REFUSALS,
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/credit-notes/{id}/einvoice',
      procedure: 'portal.creditNoteEinvoice',
      summary: "Download a credit note's e-invoice (UBL or CII) from the portal",
      description:
        "One of the client's credit notes as a UBL CreditNote or CII 381 document, the same bytes the workspace downloads.",
      respond: asXml,
      refusals: { ...PORTAL_REFUSALS, 422: EINVOICE_RULES },
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/invoices/{id}/einvoice',
      procedure: 'portal.invoiceEinvoice',
      summary: "Download an invoice's e-invoice (UBL or CII) from the portal",
      description:
        "One of the client's issued invoices as a UBL Invoice or CII document, the same bytes the workspace downloads. Reading it changes nothing.",
      respond: asXml,
      refusals: { ...PORTAL_REFUSALS, 422: EINVOICE_RULES },
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/invoices/{id}/pdf',
      procedure: 'portal.invoicePdf',
      summary: 'Download an invoice PDF from the portal',
      description: 'Counts as opening it: a sent invoice becomes viewed.',
      respond: asPdf,
      refusals: PORTAL_REFUSALS,
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/estimates/{id}/pdf',
      procedure: 'portal.estimatePdf',
      summary: 'Download an estimate PDF from the portal',
      description: 'Opening it marks a sent estimate viewed.',
      respond: asPdf,
      refusals: PORTAL_REFUSALS,
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/estimates/{id}/accept',
      procedure: 'portal.acceptEstimate',
      summary: 'Accept an estimate in the portal',
      description: DECISION,
      refusals: { ...PORTAL_REFUSALS, 409: DECIDED },
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/estimates/{id}/decline',
      procedure: 'portal.declineEstimate',
      summary: 'Decline an estimate in the portal',
      description: DECISION,
      refusals: { ...PORTAL_REFUSALS, 409: DECIDED },
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/proposals/{id}/view',
      procedure: 'portal.viewProposal',
      summary: 'Mark a proposal viewed in the portal',
      description:
        'The portal page calls it when it shows a proposal: a sent proposal becomes viewed; any other stays as it is. Reading the portal changes nothing.',
      refusals: PORTAL_REFUSALS,
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/proposals/{id}/accept',
      procedure: 'portal.acceptProposal',
      summary: 'Accept a proposal in the portal',
      description: DECISION,
      refusals: { ...PORTAL_REFUSALS, 409: DECIDED },
    },
    {
      method: 'POST',
      path: '/api/portal/{token}/proposals/{id}/decline',
      procedure: 'portal.declineProposal',
      summary: 'Decline a proposal in the portal',
      description: DECISION,
      refusals: { ...PORTAL_REFUSALS, 409: DECIDED },
    },
    {
      method: 'GET',
      path: '/api/portal/{token}/logo',
      procedure: 'portal.logo',
      summary: "The business's logo for the portal page",
      respond: asLogo,
      refusals: { ...PORTAL_REFUSALS, 404: `${TOKEN}, or the workspace has no logo` },
    },
  ],
);
