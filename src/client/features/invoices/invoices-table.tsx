import { Table, Text } from '@mantine/core';
import { formatMoney } from '../../../shared/money.ts';
import { trpc } from '../../trpc.ts';
import { formatDay } from '../time/time-display.ts';
import { InvoiceLink, InvoiceStatusBadge } from './invoice-link.tsx';
import { invoiceName } from './invoice-status.ts';

/**
 * The invoices of one client or one project, newest first (up to 100), each linking to its
 * page: the Invoices sections of the client and project pages.
 */
export function InvoicesTable({
  filter,
  label,
  empty,
}: {
  filter: { clientId: number } | { projectId: number };
  /** The table's accessible name. */
  label: string;
  empty: string;
}) {
  const invoices = trpc.invoices.list.useQuery({ ...filter, limit: 100 });
  const items = invoices.data?.items ?? [];
  if (invoices.isPending) {
    return (
      <Text size="sm" c="dimmed">
        Loading invoices…
      </Text>
    );
  }
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Td>
                <InvoiceLink invoiceId={invoice.id} ff="monospace" size="sm">
                  {invoiceName(invoice)}
                </InvoiceLink>
              </Table.Td>
              <Table.Td>{invoice.dueDate ? formatDay(invoice.dueDate) : '—'}</Table.Td>
              <Table.Td>
                <InvoiceStatusBadge
                  size="sm"
                  status={invoice.status}
                  emailedAt={invoice.emailedAt}
                />
              </Table.Td>
              <Table.Td ta="right">{formatMoney(invoice.total, invoice.currency)}</Table.Td>
              <Table.Td ta="right">{formatMoney(invoice.balance, invoice.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
