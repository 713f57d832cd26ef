import type { MantineColor } from '@mantine/core';
import type { InvoiceStatus } from '../../../shared/invoices.schema.ts';

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/** What a card, a toast or a heading calls an invoice: its number, or "Draft" before it has one. */
export function invoiceName(invoice: { invoiceNumber: string | null }): string {
  return invoice.invoiceNumber ?? 'Draft';
}

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, MantineColor> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'violet',
  paid: 'teal',
  overdue: 'red',
  void: 'dark',
};

/** The toast after each move (the spec names only the failure). */
export const INVOICE_STATUS_CHANGED: Record<'sent' | 'viewed' | 'paid', string> = {
  sent: 'Invoice sent',
  viewed: 'Invoice marked as viewed',
  paid: 'Invoice marked as paid',
};
