import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { PaymentFilters, PaymentPage } from '../../../shared/payments.schema.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { trpc } from '../../trpc.ts';
import {
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  invoiceName,
} from '../invoices/invoice-status.ts';
import { formatDay } from '../time/time-display.ts';
import { ClientFilter } from './client-filter.tsx';
import type { PaymentsSearch } from './payments-search.ts';

const PAGE_SIZE = 25;

/** The export link of the same filters (a plain download: the server streams the CSV). */
function exportHref(filters: PaymentFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return `/api/payments/export${query ? `?${query}` : ''}`;
}

/** What the filter received, one figure per currency (never added together). */
function CurrencyTotals({ totals }: { totals: PaymentPage['totals'] }) {
  return (
    <Card withBorder radius="lg" p="md" component="section" aria-labelledby="payments-totals">
      <Text id="payments-totals" size="sm" c="dimmed" fw={500} mb={6}>
        Received
      </Text>
      <Group gap="xl" role="list" aria-label="Totals per currency">
        {totals.map((t) => (
          <Stack key={t.currency} gap={0} role="listitem">
            <Text fw={700} fz="xl" data-testid={`payments-total-${t.currency}`}>
              {formatMoney(t.amount, t.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              {t.count === 1 ? '1 payment' : `${t.count} payments`} in {t.currency}
            </Text>
          </Stack>
        ))}
      </Group>
    </Card>
  );
}

function PaymentsTable({ items }: { items: PaymentPage['items'] }) {
  return (
    <Card withBorder radius="lg" p={0}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Payments" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Note</Table.Th>
              <Table.Th>Recorded by</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(p.date)}</Table.Td>
                <Table.Td>
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      <Link
                        to="/clients/$clientId"
                        params={{ clientId: String(p.clientId) }}
                        {...props}
                      />
                    )}
                  >
                    {p.clientName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Anchor
                      size="sm"
                      ff="monospace"
                      style={{ whiteSpace: 'nowrap' }}
                      renderRoot={(props) => (
                        <Link
                          to="/invoices/$invoiceId"
                          params={{ invoiceId: String(p.invoiceId) }}
                          {...props}
                        />
                      )}
                    >
                      {invoiceName(p)}
                    </Anchor>
                    {p.invoiceStatus === 'void' && (
                      <Badge size="xs" variant="light" color={INVOICE_STATUS_COLORS.void}>
                        {INVOICE_STATUS_LABELS.void}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{PAYMENT_METHOD_LABELS[p.method]}</Table.Td>
                <Table.Td maw={260}>
                  <Text
                    size="sm"
                    c={p.note ? undefined : 'dimmed'}
                    truncate
                    title={p.note ?? undefined}
                  >
                    {p.note ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={p.recordedBy ? undefined : 'dimmed'}>
                    {p.recordedBy?.fullName ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(p.amount, p.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * `/payments`: every payment recorded against the workspace's invoices, newest first,
 * filtered by dates, client, method and a search (kept in the URL), with what the whole
 * filter received per currency and a CSV of it.
 */
export function PaymentsPage() {
  const list = useListSearch<PaymentsSearch>();
  const { search } = list;
  const filters: PaymentFilters = {
    search: list.query,
    from: search.from,
    to: search.to,
    clientId: search.client,
    method: search.method,
  };
  const payments = trpc.payments.list.useQuery(
    { ...filters, limit: PAGE_SIZE, offset: (list.page - 1) * PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const filtering = Object.values(filters).some((v) => v !== undefined);
  const data = payments.data;
  // A page past the end (a narrower filter, a hand-edited URL) goes back to the last one.
  if (data && !payments.isPlaceholderData && data.items.length === 0 && list.page > 1) {
    list.setPage(Math.max(1, Math.ceil(data.total / PAGE_SIZE)));
  }

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Payments"
        description="Every payment received on your invoices."
        action={<ExportCsvButton href={exportHref(filters)} />}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
        <SearchInput
          label="Search payments"
          placeholder="Search payments..."
          value={list.text}
          onChange={list.setText}
          searching={payments.isFetching && list.text.trim() !== ''}
        />
        <DayInput
          label="From"
          placeholder="Any day"
          value={search.from ?? null}
          onChange={(from) => list.update({ from: from ?? undefined })}
        />
        <DayInput
          label="To"
          placeholder="Any day"
          value={search.to ?? null}
          onChange={(to) => list.update({ to: to ?? undefined })}
        />
        <ClientFilter
          value={search.client ?? null}
          onChange={(client) => list.update({ client: client ?? undefined })}
        />
        <Select
          label="Method"
          placeholder="All methods"
          clearable
          data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          value={search.method ?? null}
          onChange={(method) =>
            list.update({ method: (method ?? undefined) as PaymentFilters['method'] })
          }
        />
      </SimpleGrid>
      {filtering && (
        <Button
          variant="subtle"
          color="gray"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            list.setText('');
            list.update({
              q: undefined,
              from: undefined,
              to: undefined,
              client: undefined,
              method: undefined,
            });
          }}
        >
          Clear filters
        </Button>
      )}
      {data && data.total > 0 && <CurrencyTotals totals={data.totals} />}
      <ListBody
        status={payments.status}
        isEmpty={(data?.items.length ?? 0) === 0}
        filtering={filtering}
        noun="payments"
        icon={<IconCreditCard size={26} stroke={1.5} />}
        emptyHint="Payments you record on an invoice show here."
        onRetry={() => void payments.refetch()}
      >
        <Stack gap={0} style={{ opacity: payments.isPlaceholderData ? 0.6 : 1 }}>
          <PaymentsTable items={data?.items ?? []} />
          <ListPager
            page={list.page}
            pageSize={PAGE_SIZE}
            noun="payments"
            total={data?.total ?? 0}
            onPageChange={list.setPage}
          />
        </Stack>
      </ListBody>
    </Stack>
  );
}

export default PaymentsPage;
