import type { MantineColor } from '@mantine/core';
import type { ProposalStatus } from '../../../shared/proposals.schema.ts';

export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export const PROPOSAL_STATUS_COLORS: Record<ProposalStatus, MantineColor> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'violet',
  accepted: 'teal',
  rejected: 'red',
};

export const PROPOSAL_STATUS_CHANGED: Record<ProposalStatus, string> = {
  draft: 'Proposal moved back to draft',
  sent: 'Proposal sent',
  viewed: 'Proposal marked as viewed',
  accepted: 'Proposal accepted',
  rejected: 'Proposal rejected',
};
