import {
  Alert,
  Anchor,
  Box,
  Card,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconAlertTriangle, IconTrendingUp } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { format, parse } from 'date-fns';
import type { ReactNode } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { IncomeReport, IncomeRow } from '../../../shared/reports.schema.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { RegionCard } from '../../components/section-card.tsx';
import { EmptyStateCard } from '../../components/empty-state-card.tsx';
import { trpc } from '../../trpc.ts';
import { OVERVIEW_PERIOD_LABELS, periodRange } from '../dashboard/overview-period.ts';
import { formatDay, today } from '../time/time-display.ts';
import {
  DEFAULT_INCOME_PERIOD,
  INCOME_PERIODS,
  INCOME_GROUP_KEYS,
  type IncomeGroupKey,
  type IncomePeriod,
  type IncomeSearch,
} from './income-search.ts';

const GROUP_LABELS: Record<IncomeGroupKey, string> = {
  month: 'Month',
  client: 'Client',
  project: 'Project',
  bankAccount: 'Bank account',
};

/** What a row is called: 'March 2026', or the client's or project's name, linked. */
function rowName(row: IncomeRow): ReactNode {
  if (row.month) return format(parse(row.month, 'yyyy-MM', new Date()), 'MMMM yyyy');
  if (row.clientId !== null) {
    return (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to="/clients/$clientId" params={{ clientId: String(row.clientId) }} {...props} />
        )}
      >
        {row.label}
      </Anchor>
    );
  }
  if (row.projectId !== null) {
    return (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link
            to="/projects/$projectId"
            params={{ projectId: String(row.projectId) }}
            {...props}
          />
        )}
      >
        {row.label}
      </Anchor>
    );
  }
  return row.label;
}

const plainName = (row: IncomeRow) =>
  row.month ? format(parse(row.month, 'yyyy-MM', new Date()), 'MMM yyyy') : row.label;

/**
 * One currency's rows as horizontal bars scaled to its best row (never compared with
 * another currency's). The figures are in the table below; the bars are a picture of it.
 */
function IncomeBars({ currency, rows }: { currency: string; rows: IncomeRow[] }) {
  const values = rows.map((r) => Number(r.amount));
  const max = Math.max(0, ...values);
  return (
    <RegionCard label={`Income in ${currency}`} p="lg">
      <Title order={3} fz="md" mb="sm">
        Income in {currency}
      </Title>
      <Stack gap={6} aria-hidden>
        {rows.map((row, index) => {
          const share = max > 0 ? values[index]! / max : 0;
          return (
            <Group key={row.key} gap="sm" wrap="nowrap">
              <Text size="xs" w={{ base: 90, sm: 160 }} truncate title={plainName(row)}>
                {plainName(row)}
              </Text>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Box
                  h={14}
                  w={`${Math.max(share * 100, values[index]! > 0 ? 1 : 0)}%`}
                  bg="teal.6"
                  style={{ borderRadius: 3, transition: 'width 200ms ease' }}
                />
              </Box>
              <Text size="xs" fw={600} w={{ base: 80, sm: 110 }} ta="right">
                {formatMoney(row.amount, currency)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </RegionCard>
  );
}

/** Rows of one currency together (in the report's order within each). */
const rowsByCurrency = (rows: IncomeRow[]) =>
  [...rows].sort((a, b) => a.currency.localeCompare(b.currency));

function IncomeTable({ report }: { report: IncomeReport }) {
  const many = report.totals.length > 1;
  return (
    <Card withBorder radius="lg" p={0}>
      <Table.ScrollContainer minWidth={560}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={`Income by ${GROUP_LABELS[report.groupBy].toLowerCase()}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{GROUP_LABELS[report.groupBy]}</Table.Th>
              {many && <Table.Th>Currency</Table.Th>}
              <Table.Th ta="right">Payments</Table.Th>
              <Table.Th ta="right">Before tax</Table.Th>
              <Table.Th ta="right">Tax</Table.Th>
              <Table.Th ta="right">Income (incl. tax)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rowsByCurrency(report.rows).map((row) => (
              <Table.Tr key={`${row.currency}-${row.key}`}>
                <Table.Td>{rowName(row)}</Table.Td>
                {many && <Table.Td>{row.currency}</Table.Td>}
                <Table.Td ta="right">{row.paymentCount}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.net, row.currency)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.tax, row.currency)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.amount, row.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            {report.totals.map((total) => (
              <Table.Tr key={total.currency}>
                <Table.Th scope="row">Total{many ? ` in ${total.currency}` : ''}</Table.Th>
                {many && <Table.Td>{total.currency}</Table.Td>}
                <Table.Td ta="right">{total.paymentCount}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(total.net, total.currency)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(total.tax, total.currency)}
                </Table.Td>
                <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(total.amount, total.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * `/income`: payments received in a period, by month, client or project, per currency (a
 * chart and a table each; currencies never added), and the same table as CSV.
 */
export function IncomePage() {
  const search: IncomeSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const period = search.period ?? DEFAULT_INCOME_PERIOD;
  // Bank accounts are read by those who read the bank (the server's rule); a link with
  // groupBy=bankAccount opened by someone else shows months instead of a refusal.
  const readsBank = useCanBill();
  const groups = INCOME_GROUP_KEYS.filter((g) => g !== 'bankAccount' || readsBank);
  const groupBy = search.groupBy && groups.includes(search.groupBy) ? search.groupBy : 'month';
  const range = periodRange(period, today(), search);
  const invalid = !!range.from && !!range.to && range.from > range.to;
  const input = { ...range, groupBy };
  const income = trpc.reports.income.useQuery(input, {
    enabled: !invalid,
    placeholderData: keepPreviousData,
  });
  const report = income.data;
  const setSearch = (next: IncomeSearch) =>
    void navigate({ to: '.', search: next as never, replace: true });
  const params = new URLSearchParams({ groupBy });
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const currencies = report ? report.totals.map((t) => t.currency) : [];

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Income"
        description={
          readsBank
            ? 'Payments received as cash, tax included, by month, client, project and bank account.'
            : 'Payments received as cash, tax included, by month, client and project.'
        }
        action={<ExportCsvButton href={`/api/reports/income/export?${params.toString()}`} />}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Period"
          data={INCOME_PERIODS.map((p) => ({ value: p, label: OVERVIEW_PERIOD_LABELS[p] }))}
          value={period}
          allowDeselect={false}
          w={190}
          onChange={(value) => {
            const next = value as IncomePeriod;
            setSearch({
              ...search,
              period: next === DEFAULT_INCOME_PERIOD ? undefined : next,
              from: next === 'custom' ? range.from : undefined,
              to: next === 'custom' ? range.to : undefined,
            });
          }}
        />
        {period === 'custom' && (
          <>
            <DayInput
              label="From"
              value={search.from ?? null}
              onChange={(from) => setSearch({ ...search, from: from ?? undefined })}
            />
            <DayInput
              label="To"
              value={search.to ?? null}
              onChange={(to) => setSearch({ ...search, to: to ?? undefined })}
              error={invalid ? 'To must be on or after From' : undefined}
            />
          </>
        )}
        <Stack gap={4}>
          <Text id="income-group" size="sm" fw={500}>
            Group by
          </Text>
          <SegmentedControl
            aria-labelledby="income-group"
            value={groupBy}
            onChange={(value) =>
              setSearch({
                ...search,
                groupBy: value === 'month' ? undefined : (value as IncomeGroupKey),
              })
            }
            data={groups.map((g) => ({
              value: g,
              label: GROUP_LABELS[g],
            }))}
          />
        </Stack>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {report && !invalid
          ? `${formatDay(report.from)} – ${formatDay(report.to)}`
          : range.from && range.to
            ? `${formatDay(range.from)} – ${formatDay(range.to)}`
            : ''}
      </Text>

      {income.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="Income could not be loaded"
        >
          <Text size="sm">{income.error.message}</Text>
        </Alert>
      ) : !report ? (
        <Skeleton h={300} radius="lg" />
      ) : report.rows.length === 0 || report.totals.every((t) => t.paymentCount === 0) ? (
        <EmptyStateCard
          icon={<IconTrendingUp size={26} stroke={1.5} />}
          title="No income in this period"
          description="Payments you record on invoices show here."
        />
      ) : (
        <Stack gap="lg" style={{ opacity: income.isPlaceholderData ? 0.6 : 1 }}>
          <Group gap="xl" role="list" aria-label="Income per currency">
            {report.totals.map((t) => (
              <Stack key={t.currency} gap={0} role="listitem">
                <Text fw={700} fz="xl" data-testid={`income-total-${t.currency}`}>
                  {formatMoney(t.amount, t.currency)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.paymentCount === 1 ? '1 payment' : `${t.paymentCount} payments`} in{' '}
                  {t.currency}, tax included
                </Text>
                {/* Cash received stays gross (issue 38); its revenue part is told apart. */}
                <Text size="xs" c="dimmed" data-testid={`income-net-${t.currency}`}>
                  {formatMoney(t.net, t.currency)} before tax · {formatMoney(t.tax, t.currency)} tax
                </Text>
              </Stack>
            ))}
          </Group>
          {currencies.map((code) => (
            <IncomeBars
              key={code}
              currency={code}
              rows={report.rows.filter((r) => r.currency === code)}
            />
          ))}
          <IncomeTable report={report} />
        </Stack>
      )}
    </Stack>
  );
}

export default IncomePage;
