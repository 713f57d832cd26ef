import type { MantineColor } from '@mantine/core';
import type { ContractStatus } from '../../../shared/contracts.schema.ts';

export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  signed: 'Signed by client',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  void: 'Void',
};

export const CONTRACT_STATUS_COLORS: Record<ContractStatus, MantineColor> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'violet',
  signed: 'cyan',
  completed: 'teal',
  declined: 'red',
  expired: 'orange',
  void: 'gray',
};

/** Sent and not finished: a new version can replace it (voiding this one). */
export const REVISABLE: readonly ContractStatus[] = ['sent', 'viewed', 'signed'];
/** Not yet completed, declined or void: it can still be voided. */
export const VOIDABLE: readonly ContractStatus[] = ['sent', 'viewed', 'signed', 'expired'];
