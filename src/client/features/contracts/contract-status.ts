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
