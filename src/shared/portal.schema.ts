import { z } from 'zod';
import { DATE_FORMATS, TIME_FORMATS } from './account.schema.ts';
import { PortalContractSummarySchema } from './contracts.schema.ts';
import { DecisionNameSchema, DecisionReasonSchema } from './estimates.schema.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema } from './list.schema.ts';
import { CurrencyAmountSchema } from './money.ts';
import { OnlinePaymentSchema } from './payments-online.schema.ts';
import { InvoiceDetailSchema, INVOICE_STATUSES, PartySchema } from './invoices.schema.ts';

/**
 * A portal token as it arrives in a URL. Real tokens are 43 base64url characters; anything
 * else is answered like an unknown token (404), never as a validation error that would tell
 * a guesser the shape was wrong.
 */
export const PortalTokenSchema = z.string();

/** `POST /api/portal/{token}/invoices/{id}/checkout`: the balance unless an amount is given. */
export const PortalCheckoutInputSchema = z.object({
  token: PortalTokenSchema,
  id: IdSchema,
  amount: CurrencyAmountSchema.optional().meta({
    description: 'Part of the balance, when the workspace allows partial payments.',
  }),
});

export const PortalTokenInputSchema = z.object({ token: PortalTokenSchema });
export const PortalDocumentInputSchema = z.object({ token: PortalTokenSchema, id: IdSchema });

/** `POST /api/portal/{token}/estimates/{id}/accept` (and proposals): the name the client types. */
export const PortalAcceptSchema = PortalDocumentInputSchema.extend({ name: DecisionNameSchema });
/** `…/decline`: the name, and why if they wish. */
export const PortalDeclineSchema = PortalDocumentInputSchema.extend({
  name: DecisionNameSchema,
  reason: DecisionReasonSchema,
});

/** Whether a client has live portal links: never the links themselves (only hashes are kept). */
export const PortalLinkStateSchema = z.object({
  /** At least one link works. */
  live: z.boolean(),
  /** How many links work (each emailed invoice may carry its own). */
  liveLinks: z.number(),
  /** When the newest live link was made. */
  createdAt: z.string().nullable(),
  /** When a live link last opened the portal. */
  lastUsedAt: z.string().nullable(),
});
export type PortalLinkState = z.infer<typeof PortalLinkStateSchema>;

/** `POST /api/clients/{id}/portal-link`: the new link, answered this once. */
export const PortalLinkCreatedSchema = z.object({
  url: z
    .string()
    .meta({ description: 'The portal page, token included: it is never shown again.' }),
});

/** A client with its portal link state: the rows of the in-app Client Portal page. */
export const PortalClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string(),
  portal: PortalLinkStateSchema,
});
export type PortalClient = z.infer<typeof PortalClientSchema>;

export const PortalClientListQuerySchema = ListQuerySchema;

/** An issued invoice as the portal lists it. */
export const PortalInvoiceSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string().nullable(),
  /** `overdue` when sent or viewed and past its due date. */
  status: z.enum(INVOICE_STATUSES),
  currency: z.string(),
  issueDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  total: z.string(),
  paidTotal: z.string(),
  balance: z.string(),
  viewedAt: z.string().nullable(),
});
export type PortalInvoice = z.infer<typeof PortalInvoiceSchema>;

/** The decision a client recorded on an estimate or a proposal. */
export const PortalDecisionSchema = z.object({
  decision: z.enum(['accepted', 'declined']),
  name: z.string(),
  reason: z.string().nullable(),
  decidedAt: z.string(),
});
export type PortalDecision = z.infer<typeof PortalDecisionSchema>;

export const PortalProposalSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['sent', 'viewed', 'accepted', 'rejected']),
  amount: z.string(),
  /** The workspace's currency: proposals carry none of their own. */
  currency: z.string(),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  /** Sent or viewed and not yet decided: the client may accept or decline it. */
  decidable: z.boolean(),
  decision: PortalDecisionSchema.nullable(),
});
export type PortalProposal = z.infer<typeof PortalProposalSchema>;

export const PortalEstimateSchema = z.object({
  id: z.number(),
  estimateNumber: z.string().nullable(),
  status: z.string(),
  currency: z.string(),
  issueDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  total: z.string(),
  decidable: z.boolean(),
  decision: PortalDecisionSchema.nullable(),
});
export type PortalEstimate = z.infer<typeof PortalEstimateSchema>;

/** A credit note of the client (issue 41): what it credits, and on which invoice. */
export const PortalCreditNoteSchema = z.object({
  id: z.number(),
  creditNoteNumber: z.string(),
  invoiceNumber: z.string().nullable(),
  issueDate: z.string(),
  currency: z.string(),
  total: z.string(),
  reason: z.string(),
});
export type PortalCreditNote = z.infer<typeof PortalCreditNoteSchema>;

/** `GET /api/portal/{token}`: what the client's portal page shows. */
export const PortalViewSchema = z.object({
  business: z.object({
    name: z.string(),
    address: z.string().nullable(),
    email: z.string().nullable(),
    /** `GET /api/portal/{token}/logo` when the workspace has a logo. */
    logoUrl: z.string().nullable(),
    paymentInstructions: z.string().nullable(),
    /**
     * E-invoicing is on (issue 41): the portal offers each issued invoice's and credit note's
     * e-invoice (`…/einvoice?format=ubl|cii`) beside its PDF.
     */
    einvoicing: z.boolean(),
  }),
  client: z.object({ name: z.string(), company: z.string().nullable() }),
  /**
   * How the page writes dates and times: the workspace's clock (Settings → Business), the
   * same as its PDFs and emails, whoever opens the link. Instants in this answer are UTC.
   */
  clock: z.object({
    timezone: z.string(),
    dateFormat: z.enum(DATE_FORMATS),
    timeFormat: z.enum(TIME_FORMATS),
  }),
  /** What the client owes, per currency (never summed across currencies). */
  balances: z.array(z.object({ currency: z.string(), balance: z.string(), invoices: z.number() })),
  invoices: z.array(PortalInvoiceSchema),
  /** The client's credit notes, newest first (`…/credit-notes/{id}/pdf` downloads one). */
  creditNotes: z.array(PortalCreditNoteSchema),
  estimates: z.array(PortalEstimateSchema),
  proposals: z.array(PortalProposalSchema),
  /** Every contract sent to the client (never a draft), newest first. */
  contracts: z.array(PortalContractSummarySchema),
});
export type PortalView = z.infer<typeof PortalViewSchema>;

/** `GET /api/portal/{token}/invoices/{id}`: one issued invoice, as its PDF shows it. */
/**
 * The balance as a payment QR code a banking app reads: the EPC code (SEPA credit
 * transfer) or the Swiss QR-bill's. Null when the invoice has nothing to pay or the
 * business has no IBAN (or the currency has no such code).
 */
export const PaymentQrSchema = z.object({
  kind: z.enum(['epc', 'swiss']),
  /** The code as an SVG data URL, black on white. */
  image: z.string(),
  /** What the image says, for screen readers: "Scan to pay €1,234.00 by bank transfer". */
  label: z.string(),
  /** The text the code holds (the EPC or QR-bill payload). */
  payload: z.string(),
});
export type PaymentQrView = z.infer<typeof PaymentQrSchema>;

export const PortalInvoiceDetailSchema = InvoiceDetailSchema.pick({
  id: true,
  invoiceNumber: true,
  status: true,
  currency: true,
  issueDate: true,
  dueDate: true,
  lines: true,
  subtotal: true,
  discountTotal: true,
  taxes: true,
  taxTotal: true,
  total: true,
  paidTotal: true,
  balance: true,
  notes: true,
  payments: true,
  paymentInstructions: true,
  footer: true,
}).extend({
  seller: PartySchema,
  buyer: PartySchema,
  viewedAt: z.string().nullable(),
  paymentQr: PaymentQrSchema.nullable(),
  /** Pay now by card (issue 42): whether it is offered, and how the last Checkout went. */
  onlinePayment: OnlinePaymentSchema,
});
export type PortalInvoiceDetail = z.infer<typeof PortalInvoiceDetailSchema>;
