import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { decimalSchema, MoneySchema } from './money.ts';
import { singleLine } from './text.schema.ts';
import { updateSchemaOf } from './update.schema.ts';

export const PROPOSAL_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** SPEC §4: draft → sent → viewed; sent or viewed → accepted or rejected. */
export const PROPOSAL_TRANSITIONS: Record<
  ProposalStatus,
  { to: ProposalStatus; action: string }[]
> = {
  draft: [{ to: 'sent', action: 'Send Proposal' }],
  sent: [
    { to: 'viewed', action: 'Mark Viewed' },
    { to: 'accepted', action: 'Mark Accepted' },
    { to: 'rejected', action: 'Mark Rejected' },
  ],
  viewed: [
    { to: 'accepted', action: 'Mark Accepted' },
    { to: 'rejected', action: 'Mark Rejected' },
  ],
  accepted: [],
  rejected: [],
};

/**
 * Accepted or rejected: the client's decision is recorded (who, when, the proposal's
 * SHA-256), and the proposal is read-only from then on.
 */
export const isDecidedProposal = (status: ProposalStatus) =>
  status === 'accepted' || status === 'rejected';

/** SPEC §5: title, client name, description and amount are required. */
export const ProposalInputSchema = z.object({
  title: singleLine('Title', { error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200),
  clientName: singleLine('Client name', { error: 'Client name is required' })
    .trim()
    .min(1, 'Client name is required')
    .max(200),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(10_000),
  amount: z
    .union([z.string().trim().min(1, 'Amount is required'), z.number()], {
      error: 'Amount is required',
    })
    .pipe(MoneySchema),
  dueDate: IsoDateSchema.nullable().optional(),
  /** The billing client it is for: needed to draft a deposit invoice when accepted. */
  clientId: IdSchema.nullable().optional(),
  /** The deal (opportunity) it is for: moved to won when accepted, if the user chooses. */
  dealId: IdSchema.nullable().optional(),
});
export const ProposalUpdateSchema = updateSchemaOf(ProposalInputSchema).extend({
  id: IdSchema,
  /**
   * The moves that record nothing. Accepted and rejected are refused here, as an estimate's
   * are: a decision goes through accept or decline, which keep its acceptance record.
   */
  status: z
    .enum(['sent', 'viewed'], {
      error:
        "Status must be sent or viewed: accept or decline the proposal to record the client's decision",
    })
    .optional(),
});
/** Orders of the proposals list, the default first. */
export const PROPOSAL_SORT_LABELS = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  title: 'Title A–Z',
  '-amount': 'Largest amount',
  dueDate: 'Due soonest',
} as const;
export type ProposalSort = keyof typeof PROPOSAL_SORT_LABELS;

export const ProposalListQuerySchema = ListQuerySchema.extend({
  sort: sortParam(PROPOSAL_SORT_LABELS),
  status: z.enum(PROPOSAL_STATUSES).optional(),
});

export const ProposalSchema = z.object({
  id: z.number(),
  title: z.string(),
  clientName: z.string(),
  description: z.string(),
  amount: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  dueDate: z.string().nullable(),
  createdAt: z.string(),
  clientId: z.number().nullable(),
  dealId: z.number().nullable(),
  /** The project and deposit invoice its acceptance's follow-ups created, if any. */
  projectId: z.number().nullable(),
  depositInvoiceId: z.number().nullable(),
  /** When the follow-ups of its acceptance were applied (null: not yet, or not accepted). */
  followUpsAppliedAt: z.string().nullable(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** What the user chooses to do when a proposal is accepted. */
export const ProposalFollowUpsSchema = z.object({
  id: IdSchema,
  /** Move the linked deal to the won stage. */
  moveDealToWon: z.boolean().optional(),
  /** Create a project for the client, named after the proposal, its amount as budget. */
  createProject: z.boolean().optional(),
  /**
   * Draft a contract from the workspace's default contract template, with the proposal's
   * client, project (the one created here, else its own) and amount as the fee.
   */
  createContract: z.boolean().optional(),
  /** Draft a deposit invoice of this percent of the proposal's amount. */
  depositPercent: decimalSchema('Deposit percent', { max: 100, decimals: 2 })
    .refine((v) => Number(v) > 0, 'Deposit percent must be more than 0')
    .nullable()
    .optional(),
});
export type ProposalFollowUps = z.infer<typeof ProposalFollowUpsSchema>;

export const ProposalAcceptSchema = ProposalFollowUpsSchema.extend({
  name: z
    .string({ error: 'Type the name of who accepts' })
    .trim()
    .min(1, 'Type the name of who accepts')
    .max(200, 'Name must be less than 200 characters'),
});
export const ProposalDeclineSchema = z.object({
  id: IdSchema,
  name: z.string().trim().min(1).max(200).optional(),
  reason: z
    .string()
    .trim()
    .max(2000, 'Reason must be less than 2000 characters')
    .nullable()
    .optional()
    .transform((v) => v || null),
});

/** What the follow-ups created: the deal moved to won, the project, the deposit invoice. */
export const FollowUpsResultSchema = z.object({
  dealId: z.number().nullable(),
  projectId: z.number().nullable(),
  depositInvoiceId: z.number().nullable(),
  /** The draft contract, when one was asked for. */
  contractId: z.number().nullable().optional(),
});
export type FollowUpsResult = z.infer<typeof FollowUpsResultSchema>;
