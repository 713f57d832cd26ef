import {
  Box,
  Button,
  Divider,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconPrinter, IconX } from '@tabler/icons-react';
import { getQueryKey } from '@trpc/react-query';
import { format, parseISO } from 'date-fns';
import type { Invoice } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { fetchAllPages } from '../../components/fetch-all-pages.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import { formatDay } from '../time/time-display.ts';
import classes from './invoice-print.module.css';
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from './invoice-status.ts';

/** Ink on paper, whatever the app's theme: the sheet is white in dark mode too. */
const MUTED = 'gray.7';
const RULE = 'var(--mantine-color-gray-3)';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c={MUTED} tt="uppercase" fw={600} lts={0.5}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Stack>
  );
}

/**
 * The billed time of an invoice, every entry: an invoice may bill more entries than one
 * page holds, so the pages are read in turn.
 */
function useBilledEntries(invoice: Invoice | null) {
  const utils = trpc.useUtils();
  const wanted = invoice !== null && invoice.timeEntryCount > 0;
  const entries = useQuery({
    // Under time.list's key, so whatever refreshes time entries refreshes these too.
    queryKey: getQueryKey(trpc.time.list, { invoiceId: invoice?.id }, 'query'),
    queryFn: () =>
      fetchAllPages((offset, limit) =>
        utils.client.time.list.query({ invoiceId: invoice!.id, offset, limit }),
      ),
    enabled: wanted,
  });
  return wanted ? (entries.data?.items ?? []) : [];
}

function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const workspace = useCurrentWorkspace().data;
  const client = invoice.client;
  const entries = useBilledEntries(invoice);
  const totalHours = entries.reduce((sum, entry) => sum + Number(entry.hours), 0);
  const service = invoice.project ? invoice.project.name : 'Professional services';

  return (
    <Box className={classes.sheet} p={{ base: 'sm', sm: 40 }} bdrs="md" bd={`1px solid ${RULE}`}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={2} miw={0}>
            <Text fw={700} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {workspace?.name}
            </Text>
            {workspace?.address && (
              <Text size="sm" c={MUTED} style={{ whiteSpace: 'pre-line' }}>
                {workspace.address}
              </Text>
            )}
            {workspace?.email && (
              <Text size="sm" c={MUTED}>
                {workspace.email}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end" ml="auto">
            <Title order={2} fz={28} lts={2} c="dark.9">
              INVOICE
            </Title>
            <Text ff="monospace" fw={600}>
              {invoice.invoiceNumber}
            </Text>
            <Text
              size="xs"
              fw={700}
              tt="uppercase"
              lts={1}
              c={`${INVOICE_STATUS_COLORS[invoice.status]}.8`}
            >
              {INVOICE_STATUS_LABELS[invoice.status]}
            </Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <Field label="Billed to">
            <Text fw={600} size="sm">
              {invoice.client.name}
            </Text>
            {client?.company && <Text size="sm">{client.company}</Text>}
            {client?.email && (
              <Text size="sm" c={MUTED}>
                {client.email}
              </Text>
            )}
          </Field>
          <SimpleGrid cols={2} spacing="md">
            <Field label="Issued">{format(parseISO(invoice.createdAt), 'MMM dd, yyyy')}</Field>
            <Field label="Due">{invoice.dueDate ? formatDay(invoice.dueDate) : 'On receipt'}</Field>
            {invoice.paidDate && <Field label="Paid">{formatDay(invoice.paidDate)}</Field>}
          </SimpleGrid>
        </SimpleGrid>

        <Table
          verticalSpacing="sm"
          horizontalSpacing={6}
          fz="sm"
          borderColor={RULE}
          style={{ color: 'inherit' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">{entries.length > 0 ? 'Time' : ''}</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.length > 0 ? (
              entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>
                    <Text size="sm">{entry.description || service}</Text>
                    <Text size="xs" c={MUTED}>
                      {formatDay(entry.date)} · {entry.user.fullName}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatHours(entry.hours)}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              ))
            ) : (
              <Table.Tr>
                <Table.Td>{service}</Table.Td>
                <Table.Td />
                <Table.Td ta="right">{formatMoney(invoice.amount)}</Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {entries.length > 0 ? formatHours(totalHours) : ''}
              </Table.Th>
              <Table.Th ta="right" fz="md" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(invoice.amount)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>

        <Divider color={RULE} />
        <Text size="sm" c={MUTED} ta="center">
          Thank you for your business.
        </Text>
      </Stack>
    </Box>
  );
}

/**
 * A clean, printable invoice (beyond the spec): the browser's Print saves it as a PDF.
 * While it is open, a print stylesheet leaves only the sheet on paper.
 */
export function InvoicePrintView({
  invoice,
  opened,
  onClose,
}: {
  invoice: Invoice | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      centered
      withCloseButton={false}
      aria-label={invoice ? `Invoice ${invoice.invoiceNumber}` : 'Invoice'}
      portalProps={{ reuseTargetNode: false, className: classes.portal }}
      classNames={{
        overlay: classes.overlay,
        inner: classes.inner,
        content: classes.content,
        body: classes.body,
      }}
    >
      {invoice && (
        <Stack gap="md">
          <Group justify="space-between" className={classes.noPrint}>
            <Text fw={600}>Invoice {invoice.invoiceNumber}</Text>
            <Group gap="xs">
              <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                Print
              </Button>
              <Button variant="default" leftSection={<IconX size={16} />} onClick={onClose}>
                Close
              </Button>
            </Group>
          </Group>
          <InvoiceSheet invoice={invoice} />
        </Stack>
      )}
    </Modal>
  );
}
