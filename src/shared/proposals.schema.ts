import { z } from 'zod';
import { IsoDateSchema } from './dates.ts';
import { IdSchema } from './ids.ts';
import { ListQuerySchema, sortParam } from './list.schema.ts';
import { MoneySchema } from './money.ts';
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
});
export const ProposalUpdateSchema = updateSchemaOf(ProposalInputSchema).extend({
  id: IdSchema,
  status: z.enum(PROPOSAL_STATUSES).optional(),
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
});
export type Proposal = z.infer<typeof ProposalSchema>;
