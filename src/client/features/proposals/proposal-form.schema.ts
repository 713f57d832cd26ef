import { z } from 'zod';
import { IsoDateSchema } from '../../../shared/dates.ts';
import { ProposalInputSchema, type Proposal } from '../../../shared/proposals.schema.ts';

/**
 * The Create Proposal form: SPEC §5's rules from the shared ProposalInputSchema (title,
 * client name, description and amount required); an empty due date means none.
 */
export const ProposalFormSchema = ProposalInputSchema.extend({
  dueDate: z
    .union([z.literal(''), IsoDateSchema])
    .transform((value) => (value === '' ? null : value)),
});
export type ProposalFormInput = z.input<typeof ProposalFormSchema>;
export type ProposalFormOutput = z.output<typeof ProposalFormSchema>;

export function proposalFormDefaults(proposal: Proposal | null): ProposalFormInput {
  return {
    title: proposal?.title ?? '',
    clientName: proposal?.clientName ?? '',
    description: proposal?.description ?? '',
    amount: proposal ? Number(proposal.amount) : '',
    dueDate: proposal?.dueDate ?? '',
    clientId: proposal?.clientId ?? null,
    dealId: proposal?.dealId ?? null,
  };
}
