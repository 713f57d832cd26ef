import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  EmptyState,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconFileInvoice } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import { trpc } from '../../trpc.ts';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from '../invoices/invoice-status.ts';
import { formatDay } from '../time/time-display.ts';

/** The sent and viewed invoices due soonest: what the business is waiting for. */
export function UpcomingInvoicesCard() {
  const invoices = trpc.invoices.list.useQuery({ unpaid: true, sort: 'dueDate', limit: 5 });

  let body;
  if (invoices.isPending) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading invoices" />
      </Center>
    );
  } else if (invoices.isError) {
    body = (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Invoices could not be loaded"
      >
        <Button size="xs" variant="light" color="red" onClick={() => void invoices.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (invoices.data.items.length === 0) {
    body = (
      <EmptyState
        py="lg"
        size="sm"
        variant="light"
        icon={<IconFileInvoice size={22} stroke={1.5} />}
        title="Nothing outstanding"
        description="Sent invoices waiting for payment show here."
      />
    );
  } else {
    body = (
      <Stack gap={0}>
        {invoices.data.items.map((invoice, index) => (
          <Fragment key={invoice.id}>
            {index > 0 && <Divider />}
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
                  {INVOICE_STATUS_LABELS[invoice.status]}
                </Badge>
              </Stack>
            </Group>
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby="upcoming-invoices-title"
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} fz="lg" id="upcoming-invoices-title">
          Upcoming Invoices
        </Title>
        <Anchor component={Link} to="/invoices" size="sm">
          View all
        </Anchor>
      </Group>
      {body}
    </Card>
  );
}
