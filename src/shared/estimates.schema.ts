import { z } from 'zod';
import { CurrencySchema } from './currencies.ts';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { EmailDeliverySchema } from './invoice-email.schema.ts';
import {
  DiscountOutputSchema,
  DiscountSchema,
  DocumentClientSchema,
  DraftNotesSchema,
  draftLinesSchema,
  InvoiceLineSchema,
  PartySchema,
  TaxLineSchema,
} from './invoices.schema.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';

/**
 * Stored statuses, and `expired`: sent or viewed and past its valid-until date in the
 * workspace's time zone (shown, not stored, like an invoice's overdue).
 */
export const ESTIMATE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'declined',
  'converted',
  'expired',
] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** How long an estimate stays valid when its valid-until date is left empty. */
export const DEFAULT_VALIDITY_DAYS = 30;

const draftFields = {
  /** ISO 4217; the client's currency, else the workspace's, when left out. */
  currency: CurrencySchema.optional(),
  issueDate: IsoDateSchema.nullable().optional(),
  /** The last day the offer holds; empty: 30 days after the issue date. */
  validUntil: IsoDateSchema.nullable().optional(),
  lines: draftLinesSchema('estimate').optional(),
  discount: DiscountSchema.nullable().optional(),
  notes: DraftNotesSchema,
};

export const EstimateInputSchema = z.object({
  clientId: IdSchema,
  ...draftFields,
  /** `sent` issues it at once (numbered from the estimate sequence). */
  status: z.enum(['draft', 'sent']).default('draft'),
});
export type EstimateInput = z.infer<typeof EstimateInputSchema>;

/** `PUT /api/estimates/{id}`: a draft's fields (409 once sent), and/or `status: sent`. */
export const EstimateUpdateSchema = z.object({
  id: IdSchema,
  status: z.enum(['sent'], { error: 'Status must be sent' }).optional(),
  clientId: IdSchema.optional(),
  ...draftFields,
});
export type EstimateUpdate = z.infer<typeof EstimateUpdateSchema>;

export const ESTIMATE_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  validUntil: 'Expiring soonest',
  '-amount': 'Largest amount',
  amount: 'Smallest amount',
} as const;
export type EstimateSort = keyof typeof ESTIMATE_SORT_LABELS;

export const EstimateListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(ESTIMATE_SORT_LABELS),
  status: z.enum(ESTIMATE_STATUSES).optional(),
  clientId: IdSchema.optional(),
});

export const EstimateSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  /** Null for a draft: numbers are given when an estimate is sent. */
  estimateNumber: z.string().nullable(),
  status: z.enum(ESTIMATE_STATUSES),
  currency: z.string(),
  issueDate: z.string().nullable(),
  validUntil: z.string().nullable(),
  subtotal: z.string(),
  discount: DiscountOutputSchema,
  discountTotal: z.string(),
  taxTotal: z.string(),
  total: z.string(),
  notes: z.string().nullable(),
  issuedAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The invoice it was converted into (null when none, or when that draft was deleted). */
  convertedInvoiceId: z.number().nullable(),
  convertedInvoiceNumber: z.string().nullable(),
  createdAt: z.string(),
  client: DocumentClientSchema,
});
export type Estimate = z.infer<typeof EstimateSchema>;

/** `POST /api/estimates/{id}/send`: the estimate, numbered, and what happened to its email. */
export const EstimateSentSchema = EstimateSchema.extend(EmailDeliverySchema.shape);
export type EstimateSent = z.infer<typeof EstimateSentSchema>;

export const EstimateLineSchema = InvoiceLineSchema.omit({ timeEntryCount: true });
export type EstimateLine = z.infer<typeof EstimateLineSchema>;

export const DOCUMENT_DECISIONS = ['accepted', 'declined'] as const;
export type DocumentDecision = (typeof DOCUMENT_DECISIONS)[number];

/** A client's recorded decision on an estimate or a proposal. */
export const AcceptanceSchema = z.object({
  id: z.number(),
  documentType: z.enum(['estimate', 'proposal']),
  documentId: z.number(),
  decision: z.enum(DOCUMENT_DECISIONS),
  /** The name the client typed. */
  name: z.string(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** SHA-256 (hex) of the canonical JSON of the document as it was decided. */
  documentSha256: z.string(),
  via: z.enum(['portal', 'app']),
  /** Who recorded it in the app (null from the portal). */
  userId: z.number().nullable(),
  createdAt: z.string(),
});
export type Acceptance = z.infer<typeof AcceptanceSchema>;

export const EstimateDetailSchema = EstimateSchema.extend({
  lines: z.array(EstimateLineSchema),
  taxes: z.array(TaxLineSchema),
  /** Frozen when sent; for a draft, what it would say today. */
  seller: PartySchema,
  buyer: PartySchema,
  footer: z.string().nullable(),
  acceptance: AcceptanceSchema.nullable(),
});
export type EstimateDetail = z.infer<typeof EstimateDetailSchema>;

const typedName = z
  .string({ error: 'Type the name of who accepts' })
  .trim()
  .min(1, 'Type the name of who accepts')
  .max(200, 'Name must be less than 200 characters');
const reason = z
  .string()
  .trim()
  .max(2000, 'Reason must be less than 2000 characters')
  .nullable()
  .optional()
  .transform((v) => v || null);

/** Accepting in the app records the name of the client's person who accepted. */
export const EstimateAcceptSchema = z.object({ id: IdSchema, name: typedName });
export const EstimateDeclineSchema = z.object({
  id: IdSchema,
  name: typedName.optional(),
  reason,
});
export { typedName as DecisionNameSchema, reason as DecisionReasonSchema };
