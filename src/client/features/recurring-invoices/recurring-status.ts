import type { MantineColor } from '@mantine/core';
import type { RecurringStatus } from '../../../shared/recurring-invoices.schema.ts';

export const RECURRING_STATUS_LABELS: Record<RecurringStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  ended: 'Ended',
};

export const RECURRING_STATUS_COLORS: Record<RecurringStatus, MantineColor> = {
  active: 'teal',
  paused: 'yellow',
  ended: 'gray',
};

/** What a list row, a heading or a dialog calls a template: its client. */
export function templateName(template: { client: { name: string; company: string | null } }) {
  return template.client.company || template.client.name;
}
