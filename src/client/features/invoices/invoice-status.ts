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

/**
 * An invoice's status as the app words it. The API's `sent` covers an issued invoice
 * whether or not it was emailed; one that no mail server has taken yet reads "Issued"
 * (issue 38, item 6). Without `emailedAt` (views that do not carry it) `sent` reads "Sent".
 */
export function invoiceStatusLabel(invoice: {
  status: InvoiceStatus;
  emailedAt?: string | null;
}): string {
  return invoice.status === 'sent' && invoice.emailedAt === null
    ? 'Issued'
    : INVOICE_STATUS_LABELS[invoice.status];
}

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

/**
 * The toast after each move (the spec names only the failure). SPEC's 'Send Invoice' moves
 * a draft to `sent` without emailing it: the toast says what happened, it was issued.
 */
export const INVOICE_STATUS_CHANGED: Record<'sent' | 'viewed' | 'paid', string> = {
  sent: 'Invoice issued',
  viewed: 'Invoice marked as viewed',
  paid: 'Invoice marked as paid',
};
