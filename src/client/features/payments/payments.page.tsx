import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { PaymentFilters, PaymentPage, PaymentRow } from '../../../shared/payments.schema.ts';
import { ClientFilter } from '../../components/client-filter.tsx';
import { DateRangeFilter } from '../../components/list/date-range-filter.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { trpc } from '../../trpc.ts';
import { invoiceName } from '../invoices/invoice-status.ts';
import { InvoiceLink, InvoiceStatusBadge } from '../invoices/invoice-link.tsx';
import { formatDay } from '../time/time-display.ts';
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

const COLUMNS: Column<PaymentRow>[] = [
  { header: 'Date', nowrap: true, cell: (p) => formatDay(p.date) },
  {
    header: 'Client',
    cell: (p) => (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to="/clients/$clientId" params={{ clientId: String(p.clientId) }} {...props} />
        )}
      >
        {p.clientName}
      </Anchor>
    ),
  },
  {
    header: 'Invoice',
    cell: (p) => (
      <Group gap={6} wrap="nowrap">
        <InvoiceLink
          invoiceId={p.invoiceId}
          size="sm"
          ff="monospace"
          style={{ whiteSpace: 'nowrap' }}
        >
          {invoiceName(p)}
        </InvoiceLink>
        {p.invoiceStatus === 'void' && <InvoiceStatusBadge size="xs" status="void" />}
      </Group>
    ),
  },
  { header: 'Method', cell: (p) => PAYMENT_METHOD_LABELS[p.method] },
  {
    header: 'Note',
    maw: 260,
    cell: (p) => <TextCell value={p.note} truncate title={p.note ?? undefined} />,
  },
  { header: 'Recorded by', cell: (p) => <TextCell value={p.recordedBy?.fullName} /> },
  {
    header: 'Amount',
    numeric: true,
    nowrap: true,
    cell: (p) => (
      <Text size="sm" fw={600}>
        {formatMoney(p.amount, p.currency)}
      </Text>
    ),
  },
];

/**
 * `/payments`: every payment recorded against the workspace's invoices, newest first,
 * filtered by dates, client, method and a search (kept in the URL), with what the whole
 * filter received per currency and a CSV of it.
 */
export function PaymentsPage() {
  const controls = useListControls<never, never, PaymentsSearch>({ pageSize: PAGE_SIZE });
  const { search } = controls;
  const filters: PaymentFilters = {
    search: controls.query,
    from: search.from,
    to: search.to,
    clientId: search.client,
    method: search.method,
  };
  const payments = trpc.payments.list.useQuery(
    { ...filters, ...controls.paging },
    { placeholderData: keepPreviousData },
  );
  const filtering = Object.values(filters).some((v) => v !== undefined);
  const data = payments.data;

  return (
    <ListPage
      controls={controls}
      result={payments}
      noun="payments"
      header={{
        description: 'Every payment received on your invoices.',
        action: <ExportCsvButton href={exportHref(filters)} />,
      }}
      search
      below={
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
            <DateRangeFilter
              from={search.from ?? null}
              to={search.to ?? null}
              onChange={({ from, to }) =>
                controls.update({ from: from ?? undefined, to: to ?? undefined })
              }
            />
            <ClientFilter
              value={search.client ?? null}
              onChange={(client) => controls.update({ client: client ?? undefined })}
            />
            <Select
              label="Method"
              placeholder="All methods"
              clearable
              data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
              value={search.method ?? null}
              onChange={(method) =>
                controls.update({ method: (method ?? undefined) as PaymentFilters['method'] })
              }
            />
          </SimpleGrid>
          {filtering && (
            <Button
              variant="subtle"
              color="gray"
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                controls.setText('');
                controls.update({
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
        </>
      }
      filtering={filtering}
      empty={{
        icon: <IconCreditCard size={26} stroke={1.5} />,
        description: 'Payments you record on an invoice show here.',
      }}
      minWidth={760}
      tableLabel="Payments"
      columns={COLUMNS}
    />
  );
}

export default PaymentsPage;
