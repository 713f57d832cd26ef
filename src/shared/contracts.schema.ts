import { z } from 'zod';
import { CurrencySchema } from './currencies.ts';
import { IsoDateSchema, IsoDateTimeSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { CurrencyAmountSchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

/*
 * Contract templates and contracts (issue 40, items 3 and 4): agreements a client signs in
 * the portal and the business countersigns, with a hash-chained audit trail.
 */

/* ------------------------------------------------------------ templates */

/** The merge fields a template or a body may use, as `{{client.name}}`. */
export const MERGE_FIELDS = [
  'client.name',
  'client.company',
  'client.address',
  'client.email',
  'business.name',
  'business.address',
  'business.email',
  'project.name',
  'contract.title',
  'contract.fee',
  'contract.startDate',
  'contract.endDate',
  'contract.expiresAt',
  'today',
] as const;

/** A template's body and a contract's: Markdown with merge fields in `{{…}}`. */
const BodySchema = z
  .string({ error: 'Body is required' })
  .trim()
  .min(1, 'Body is required')
  .max(100_000, 'Body must be at most 100,000 characters');

export const ContractTemplateInputSchema = z.object({
  name: singleLine('Name', { error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be at most 200 characters'),
  body: BodySchema,
  /** The template a proposal accepted with `createContract` drafts from (one per workspace). */
  isDefault: z.boolean().optional(),
});
export const ContractTemplateUpdateSchema = updateSchemaOf(ContractTemplateInputSchema).extend({
  id: IdSchema,
});
export type ContractTemplateInput = z.infer<typeof ContractTemplateInputSchema>;

export const ContractTemplateSchema = z.object({
  id: z.number(),
  name: z.string(),
  body: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractTemplate = z.infer<typeof ContractTemplateSchema>;

/* ------------------------------------------------------------ contracts */

export const CONTRACT_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'signed',
  'completed',
  'declined',
  'expired',
  'void',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Sent and not yet answered: what the client may still sign or decline (before expiry). */
export const AWAITING_SIGNATURE: readonly ContractStatus[] = ['sent', 'viewed'];
/**
 * Sent and not completed: a new version can replace it (voiding this one), also after the
 * client declined it or it expired, the usual reasons to revise.
 */
export const REVISABLE: readonly ContractStatus[] = [
  'sent',
  'viewed',
  'signed',
  'declined',
  'expired',
];
/** Sent and not completed or void: it can be voided (with a reason kept in its audit trail). */
export const VOIDABLE: readonly ContractStatus[] = REVISABLE;

const optionalId = IdSchema.nullable().optional();

const ContractTitleSchema = singleLine('Title', { error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be at most 200 characters');

/** What a contract is tied to and its terms: optional on creation and on every change. */
const contractTerms = {
  projectId: optionalId,
  proposalId: optionalId,
  dealId: optionalId,
  /** Exact decimal in `currency`, with at most its decimals. */
  fee: CurrencyAmountSchema.nullable().optional(),
  /** ISO 4217; the client's currency, else the workspace's, when left out. */
  currency: CurrencySchema.optional(),
  startDate: IsoDateSchema.nullable().optional(),
  endDate: IsoDateSchema.nullable().optional(),
  /** The instant after which it can no longer be signed. */
  expiresAt: IsoDateTimeSchema.nullable().optional(),
};

export const ContractInputSchema = z
  .object({
    clientId: IdSchema,
    title: ContractTitleSchema,
    /** The template whose body (merge fields filled) the contract starts from. */
    templateId: optionalId,
    /** A free body instead of a template (merge fields filled too). */
    body: BodySchema.optional(),
    ...contractTerms,
  })
  .refine((v) => (v.templateId == null) !== (v.body === undefined), {
    message: 'Give either a template or a body',
    path: ['body'],
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: 'End date must be on or after the start date',
    path: ['endDate'],
  });
export type ContractInput = z.infer<typeof ContractInputSchema>;

/** PUT on a draft: the fields sent change; `body` is filled again (merge fields allowed). */
export const ContractUpdateSchema = z.object({
  id: IdSchema,
  clientId: IdSchema.optional(),
  title: ContractTitleSchema.optional(),
  body: BodySchema.optional(),
  ...contractTerms,
});
export type ContractUpdate = z.infer<typeof ContractUpdateSchema>;

/** `POST /api/contracts/{id}/revise`: a new draft version; the fields sent change in it. */
export const ContractReviseSchema = ContractUpdateSchema;

export const ContractSendSchema = z.object({
  id: IdSchema,
  /** A note added to the email above the link. */
  message: z.string().trim().max(5000, 'Message must be at most 5000 characters').optional(),
});

export const ContractVoidSchema = z.object({
  id: IdSchema,
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(2000, 'Reason must be at most 2000 characters'),
});

/** At most 200 KB of data URL. */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
const PNG_PREFIX = 'data:image/png;base64,';
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]{12,}={0,2}$/;
/** The first eight bytes of every PNG file. */
const PNG_MAGIC = '\x89PNG\r\n\x1a\n';

/** A PNG drawn on a pad (data URL, at most 200 KB), or a typed signature. */
export const SignatureSchema = z.union(
  [
    z
      .string()
      .max(MAX_SIGNATURE_BYTES, 'A drawn signature must be at most 200 KB')
      .regex(PNG_DATA_URL, 'A drawn signature must be a PNG data URL')
      .refine(
        (v) => atob(v.slice(PNG_PREFIX.length, PNG_PREFIX.length + 12)).startsWith(PNG_MAGIC),
        'A drawn signature must be a PNG data URL',
      ),
    z.object({
      typed: z
        .string({ error: 'Type your signature' })
        .trim()
        .min(1, 'Type your signature')
        .max(200, 'A typed signature must be at most 200 characters'),
    }),
  ],
  { error: 'Draw a signature (PNG data URL) or type one ({ "typed": "…" })' },
);
export type SignatureInput = z.infer<typeof SignatureSchema>;

const SignerNameSchema = singleLine('Name', { error: 'Type your full name' })
  .trim()
  .min(1, 'Type your full name')
  .max(200, 'Name must be at most 200 characters');

/** The business's countersignature (owner or administrator). */
export const CountersignSchema = z.object({
  id: IdSchema,
  name: SignerNameSchema,
  signature: SignatureSchema,
});

/** The client's signature in the portal. */
export const PortalSignSchema = z.object({
  id: IdSchema,
  name: SignerNameSchema,
  signature: SignatureSchema,
  consent: z.literal(true, { error: 'Tick the box to agree to sign electronically' }),
});
export const PortalContractDeclineSchema = z.object({
  id: IdSchema,
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(2000, 'Reason must be at most 2000 characters'),
});

export const CONTRACT_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  title: 'Title A–Z',
} as const;
export type ContractSort = keyof typeof CONTRACT_SORT_LABELS;

export const ContractListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(CONTRACT_SORT_LABELS),
  status: z.enum(CONTRACT_STATUSES).optional(),
  clientId: IdSchema.optional(),
});

/** A party as the contract was sent to: frozen at send. */
export const ContractPartySchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  email: z.string().nullable(),
});
export type ContractParty = z.infer<typeof ContractPartySchema>;

export const ContractSignatureSchema = z.object({
  party: z.enum(['client', 'business']),
  name: z.string(),
  /** 'drawn': `image` is its PNG data URL; 'typed': `typed` is the text. */
  kind: z.enum(['drawn', 'typed']),
  image: z.string().nullable(),
  typed: z.string().nullable(),
  signedAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ContractSignature = z.infer<typeof ContractSignatureSchema>;

export const ContractSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  title: z.string(),
  body: z.string(),
  templateId: z.number().nullable(),
  projectId: z.number().nullable(),
  proposalId: z.number().nullable(),
  dealId: z.number().nullable(),
  fee: z.string().nullable(),
  currency: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** `expired` is derived: sent or viewed and past `expiresAt`. */
  status: z.enum(CONTRACT_STATUSES),
  version: z.number(),
  /** The contract this one is a new version of, and the one that replaced it. */
  previousId: z.number().nullable(),
  replacedById: z.number().nullable(),
  /** SHA-256 (hex) of the canonical content, recorded when it was sent. */
  contentSha256: z.string().nullable(),
  businessParty: ContractPartySchema.nullable(),
  clientParty: ContractPartySchema.nullable(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contract = z.infer<typeof ContractSchema>;

export const ContractDetailSchema = ContractSchema.extend({
  signatures: z.array(ContractSignatureSchema),
});
export type ContractDetail = z.infer<typeof ContractDetailSchema>;

export const ContractSendResultSchema = z.object({
  contract: ContractSchema,
  /** The client's portal page (works for PORTAL_LINK_DAYS days). */
  portalLink: z.string(),
  /** Whether an email went to the outbox; false: pass the link on yourself. */
  emailed: z.boolean(),
  to: z.string().nullable(),
  message: z.string(),
});

export const CONTRACT_EVENT_TYPES = [
  'created',
  'sent',
  'viewed',
  'signed',
  'countersigned',
  'declined',
  'voided',
  'revised',
] as const;
export type ContractEventType = (typeof CONTRACT_EVENT_TYPES)[number];

/** The actor of an event done in the portal. */
export const PORTAL_ACTOR = 'client via portal';

export const ContractEventSchema = z.object({
  seq: z.number(),
  type: z.enum(CONTRACT_EVENT_TYPES),
  at: z.string(),
  /** 'user' (userId and name) or PORTAL_ACTOR. */
  actor: z.string(),
  userId: z.number().nullable(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  prevHash: z.string().nullable(),
  hash: z.string(),
});
export type ContractEvent = z.infer<typeof ContractEventSchema>;

export const ContractAuditSchema = z.object({
  events: z.array(ContractEventSchema),
  /** Every event's hash is the SHA-256 of it and the previous hash, and the links hold. */
  verified: z.boolean(),
  /** The `seq` of the first event that does not verify. */
  brokenAt: z.number().optional(),
});
export type ContractAudit = z.infer<typeof ContractAuditSchema>;

/* ------------------------------------------------------------ portal */

export const PortalContractSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  version: z.number(),
  fee: z.string().nullable(),
  currency: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  contentSha256: z.string().nullable(),
  businessParty: ContractPartySchema.nullable(),
  clientParty: ContractPartySchema.nullable(),
  /** Whether the client may sign or decline now. */
  signable: z.boolean(),
  signatures: z.array(
    ContractSignatureSchema.pick({ party: true, name: true, kind: true, signedAt: true }),
  ),
});
export type PortalContract = z.infer<typeof PortalContractSchema>;

/** A contract in the portal overview. */
export const PortalContractSummarySchema = PortalContractSchema.pick({
  id: true,
  title: true,
  status: true,
  version: true,
  fee: true,
  currency: true,
  sentAt: true,
  expiresAt: true,
  signable: true,
});
export type PortalContractSummary = z.infer<typeof PortalContractSummarySchema>;
