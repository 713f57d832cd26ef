import type { MantineColor } from '@mantine/core';
import type { EstimateStatus } from '../../../shared/estimates.schema.ts';

export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  converted: 'Invoiced',
  expired: 'Expired',
};

export const ESTIMATE_STATUS_COLORS: Record<EstimateStatus, MantineColor> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'violet',
  accepted: 'teal',
  declined: 'red',
  converted: 'indigo',
  expired: 'orange',
};

/** The status as text on the white sheet: shades with at least 4.5:1 contrast on white. */
export const ESTIMATE_STATUS_INK: Record<EstimateStatus, string> = {
  draft: 'gray.8',
  sent: 'blue.8',
  viewed: 'violet.8',
  accepted: 'teal.9',
  declined: 'red.9',
  converted: 'indigo.8',
  expired: 'red.9',
};

/** What a card, a toast or a heading calls an estimate: its number, or "Draft". */
export function estimateName(estimate: { estimateNumber: string | null }): string {
  return estimate.estimateNumber ?? 'Draft';
}

/** Sent (or viewed, or past its date): the client's decision can be recorded. */
export const awaitsDecision = (status: EstimateStatus) =>
  status === 'sent' || status === 'viewed' || status === 'expired';

/** Sent and not declined or converted: it can become an invoice. */
export const convertible = (status: EstimateStatus) =>
  awaitsDecision(status) || status === 'accepted';
