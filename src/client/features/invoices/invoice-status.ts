import type { MantineColor } from '@mantine/core';
import type { InvoiceStatus } from '../../../shared/invoices.schema.ts';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  paid: 'Paid',
  overdue: 'Overdue',
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, MantineColor> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'violet',
  paid: 'teal',
  overdue: 'red',
};

/** The toast after each move (the spec names only the failure). */
export const INVOICE_STATUS_CHANGED: Record<'sent' | 'viewed' | 'paid', string> = {
  sent: 'Invoice sent',
  viewed: 'Invoice marked as viewed',
  paid: 'Invoice marked as paid',
};
