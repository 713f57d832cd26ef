import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { formatMoney } from '../../../shared/money.ts';
import { RecentItemsCard } from '../../components/recent-items.card.tsx';
import { trpc } from '../../trpc.ts';
import { INVOICE_STATUS_COLORS, invoiceStatusLabel } from '../invoices/invoice-status.ts';
import { formatDay } from '../time/time-display.ts';

/** The sent and viewed invoices due soonest: what the business is waiting for. */
export function UpcomingInvoicesCard() {
  const invoices = trpc.invoices.list.useQuery({ unpaid: true, sort: 'dueDate', limit: 5 });

  return (
    <RecentItemsCard
      title="Upcoming Invoices"
      viewAll="/invoices"
      query={invoices}
      what="invoices"
      errorTitle="Invoices could not be loaded"
      empty={{
        icon: <IconFileInvoice size={22} stroke={1.5} />,
        title: 'Nothing outstanding',
        description: 'Sent invoices waiting for payment show here.',
      }}
      renderItem={(invoice) => (
        <Group justify="space-between" wrap="nowrap" gap="sm" py="sm">
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={500} ff="monospace" truncate="end">
              {invoice.invoiceNumber}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {invoice.client.name}
            </Text>
            {invoice.dueDate && (
              <Text size="xs" c={invoice.status === 'overdue' ? 'red' : 'dimmed'}>
                Due {formatDay(invoice.dueDate)}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(invoice.amount, invoice.currency)}
            </Text>
            <Badge size="xs" variant="light" color={INVOICE_STATUS_COLORS[invoice.status]}>
              {invoiceStatusLabel(invoice)}
            </Badge>
          </Stack>
        </Group>
      )}
    />
  );
}
