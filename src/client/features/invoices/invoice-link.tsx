import { Anchor, Badge, type AnchorProps, type BadgeProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CSSProperties, ReactNode } from 'react';
import type { InvoiceStatus } from '../../../shared/invoices.schema.ts';
import { INVOICE_STATUS_COLORS, invoiceStatusLabel } from './invoice-status.ts';

/**
 * A link to an invoice's page, wherever another record points at one (a table row, the
 * estimate it was converted into, a proposal's deposit, a payment). Styling props pass
 * through to the anchor.
 */
export function InvoiceLink({
  invoiceId,
  children,
  ...anchor
}: AnchorProps & { invoiceId: number; children: ReactNode; style?: CSSProperties }) {
  return (
    <Anchor
      {...anchor}
      renderRoot={(props) => (
        <Link to="/invoices/$invoiceId" params={{ invoiceId: String(invoiceId) }} {...props} />
      )}
    >
      {children}
    </Anchor>
  );
}

/**
 * An invoice's status as a light badge in the status's colour, with its label ("Issued"
 * for a sent invoice whose `emailedAt` is null, invoiceStatusLabel).
 */
export function InvoiceStatusBadge({
  status,
  emailedAt,
  ...badge
}: BadgeProps & { status: InvoiceStatus; emailedAt?: string | null; style?: CSSProperties }) {
  return (
    <Badge variant="light" color={INVOICE_STATUS_COLORS[status]} {...badge}>
      {invoiceStatusLabel({ status, emailedAt })}
    </Badge>
  );
}
