import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { IconAlertTriangle } from '@tabler/icons-react';
import { endOfMonth, format, parseISO, startOfMonth, startOfYear, subMonths } from 'date-fns';
import { formatMoney } from '../../../shared/money.ts';
import type {
  ProfitabilityReport,
  ProfitabilityRow,
  UtilisationReport,
} from '../../../shared/reports.schema.ts';
import { BILLING_MANAGERS, type WorkspaceRole } from '../../../shared/roles.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { showDay, userToday } from '../../components/display-preferences.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import type { ReportGroup, ReportsSearch, ReportTab } from './reports-search.ts';

/** Who sees profitability: those who may see cost rates (the server's rule too). */
const seesCosts = (role: WorkspaceRole | undefined) =>
  role !== undefined && (BILLING_MANAGERS as readonly WorkspaceRole[]).includes(role);

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/** The periods one click away; "Last 12 months" is the server's default (no dates). */
const PRESETS = {
  'last-12': { label: 'Last 12 months', range: () => ({}) },
  'this-month': {
    label: 'This month',
    range: (today: Date) => ({ from: day(startOfMonth(today)), to: day(today) }),
  },
  'last-month': {
    label: 'Last month',
    range: (today: Date) => {
      const last = subMonths(startOfMonth(today), 1);
      return { from: day(last), to: day(endOfMonth(last)) };
    },
  },
  'this-year': {
    label: 'This year',
    range: (today: Date) => ({ from: day(startOfYear(today)), to: day(today) }),
  },
  'last-year': {
    label: 'Last year',
    range: (today: Date) => {
      const year = today.getFullYear() - 1;
      return { from: `${year}-01-01`, to: `${year}-12-31` };
    },
  },
} as const satisfies Record<
  string,
  { label: string; range: (today: Date) => { from?: string; to?: string } }
>;
type Preset = keyof typeof PRESETS;

function presetOf(from: string | undefined, to: string | undefined): Preset | 'custom' {
  const today = parseISO(userToday());
  for (const [key, preset] of Object.entries(PRESETS)) {
    const range: { from?: string; to?: string } = preset.range(today);
    if (range.from === from && range.to === to) return key as Preset;
  }
  return 'custom';
}

const hours = (value: string) =>
  `${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} h`;
const isNegative = (amount: string) => amount.trim().startsWith('-');

function exportHref(path: string, params: Record<string, string | undefined>) {
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return `/api/reports/${path}/export?${query.toString()}`;
}

/** A margin in words and colour: a loss is red and says so, not only by its sign. */
function Margin({ amount, currency }: { amount: string; currency: string }) {
  if (!isNegative(amount)) return <>{formatMoney(amount, currency)}</>;
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap">
      <Badge size="xs" color="red" variant="light">
        Loss
      </Badge>
      <Text span inherit c="var(--mantine-color-red-text)" fw={600}>
        {formatMoney(amount, currency)}
      </Text>
    </Group>
  );
}

function MarginPercent({ value }: { value: string | null }) {
  if (value === null)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  return (
    <Text span inherit c={isNegative(value) ? 'var(--mantine-color-red-text)' : undefined}>
      {value} %
    </Text>
  );
}

function FigureCells({
  row,
}: {
  row: Omit<ProfitabilityRow, 'key' | 'label' | 'projectId' | 'clientId'>;
}) {
  const money = (amount: string) => formatMoney(amount, row.currency);
  return (
    <>
      <Table.Td>{row.currency}</Table.Td>
      <Table.Td ta="right">{money(row.invoiced)}</Table.Td>
      <Table.Td ta="right">{money(row.taxCollected)}</Table.Td>
      <Table.Td ta="right">{money(row.paid)}</Table.Td>
      <Table.Td ta="right">{hours(row.hours)}</Table.Td>
      <Table.Td ta="right">
        {row.timeCost === null ? (
          <Text span c="dimmed" title="Time is costed in the workspace currency">
            —
          </Text>
        ) : (
          money(row.timeCost)
        )}
      </Table.Td>
      <Table.Td ta="right">{money(row.expenses)}</Table.Td>
      <Table.Td ta="right">
        <Margin amount={row.margin} currency={row.currency} />
      </Table.Td>
      <Table.Td ta="right">
        <MarginPercent value={row.marginPercent} />
      </Table.Td>
    </>
  );
}

function ProfitabilityTable({ report }: { report: ProfitabilityReport }) {
  const group = report.groupBy === 'project' ? 'Project' : 'Client';
  if (report.rows.length === 0)
    return (
      <Text c="dimmed" py="md">
        Nothing was invoiced, paid, logged or spent in this period.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs" striped aria-label={`Profitability by ${report.groupBy}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{group}</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th ta="right">Invoiced (net)</Table.Th>
            <Table.Th ta="right">Tax collected</Table.Th>
            <Table.Th ta="right">Paid (net)</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th ta="right">Time cost</Table.Th>
            <Table.Th ta="right">Expenses</Table.Th>
            <Table.Th ta="right">Margin</Table.Th>
            <Table.Th ta="right">Margin %</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={`${row.key}-${row.currency}`}>
              <Table.Td fw={500}>
                {row.key.endsWith('-none') ? (
                  <Text span inherit c="dimmed">
                    {row.label}
                  </Text>
                ) : (
                  row.label
                )}
              </Table.Td>
              <FigureCells row={row} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {report.totals.map((total) => (
            <Table.Tr key={total.currency} fw={700}>
              <Table.Th scope="row">Total {total.currency}</Table.Th>
              <FigureCells row={total} />
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function UtilisationTable({ report }: { report: UtilisationReport }) {
  if (report.rows.length === 0)
    return (
      <Text c="dimmed" py="md">
        No active members.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" striped aria-label="Utilisation by member">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th ta="right">Capacity</Table.Th>
            <Table.Th ta="right">Logged</Table.Th>
            <Table.Th ta="right">Billable</Table.Th>
            <Table.Th ta="right">Utilisation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.userId}>
              <Table.Td fw={500}>{row.fullName}</Table.Td>
              <Table.Td ta="right">
                {hours(row.capacityHours)}
                <Text size="xs" c="dimmed">
                  {hours(row.weeklyCapacityHours)} a week
                </Text>
              </Table.Td>
              <Table.Td ta="right">{hours(row.loggedHours)}</Table.Td>
              <Table.Td ta="right">{hours(row.billableHours)}</Table.Td>
              <Table.Td ta="right" miw={140}>
                {row.utilisationPercent === null ? (
                  <Text span c="dimmed" size="sm">
                    No capacity
                  </Text>
                ) : (
                  <Stack gap={4} align="flex-end">
                    <Text span size="sm">
                      {row.utilisationPercent} %
                    </Text>
                    <Progress
                      w={100}
                      size="sm"
                      value={Math.min(Number(row.utilisationPercent), 100)}
                      color={Number(row.utilisationPercent) > 100 ? 'orange' : 'teal'}
                      aria-label={`Utilisation of ${row.fullName}: ${row.utilisationPercent} %`}
                    />
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A refused period (400) says why; anything else offers to try again. */
function LoadFailed({
  what,
  error,
  retry,
}: {
  what: string;
  error: { message: string; data?: { httpStatus?: number } | null } | null;
  retry: () => void;
}) {
  const refused = error?.data?.httpStatus === 400;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={`${what} could not be loaded`}>
      {refused ? (
        <Text size="sm">{error.message}</Text>
      ) : (
        <Button size="xs" variant="light" color="red" onClick={retry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}

/**
 * `/reports`: profitability per project or client (revenue invoiced and paid before tax, the tax apart, time at
 * cost rates, expenses, margin) for those who see costs, and utilisation per member, over
 * a period, each downloadable as CSV. Currencies are never added: one row per currency.
 */
export function ReportsPage() {
  const role = useCurrentWorkspace().data?.role;
  const costs = seesCosts(role);
  const search = useSearch({ from: '/shell/reports' });
  const navigate = useNavigate();
  const tab: ReportTab = costs ? (search.tab ?? 'profitability') : 'utilisation';
  const groupBy: ReportGroup = search.groupBy ?? 'project';
  const { from, to } = search;
  const show = (next: Partial<ReportsSearch>) =>
    void navigate({
      to: '/reports',
      search: { tab, groupBy, from, to, ...next },
      replace: true,
    });
  const period = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const invalid = from !== undefined && to !== undefined && from > to;
  const profitability = trpc.reports.profitability.useQuery(
    { ...period, groupBy },
    { enabled: costs && tab === 'profitability' && !invalid, placeholderData: keepPreviousData },
  );
  const utilisation = trpc.reports.utilisation.useQuery(period, {
    enabled: role !== undefined && tab === 'utilisation' && !invalid,
    placeholderData: keepPreviousData,
  });
  const shown = tab === 'profitability' ? profitability.data : utilisation.data;
  const preset = presetOf(from, to);

  return (
    <Stack gap="lg" maw={1200}>
      <ListPageHeader
        title="Reports"
        description={
          costs
            ? 'Profitability of projects and clients, and the utilisation of the team, over a period.'
            : 'Your utilisation over a period: billable hours against your capacity.'
        }
      />

      <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Period"
            value={preset}
            allowDeselect={false}
            data={[
              ...Object.entries(PRESETS).map(([value, p]) => ({ value, label: p.label })),
              { value: 'custom', label: 'Custom dates', disabled: true },
            ]}
            onChange={(value) => {
              if (!value || value === 'custom') return;
              const range: { from?: string; to?: string } = PRESETS[value as Preset].range(
                parseISO(userToday()),
              );
              show({ from: range.from, to: range.to });
            }}
          />
          <DayInput
            label="From"
            placeholder={shown ? showDay(shown.from) : 'First day'}
            value={from ?? null}
            onChange={(value) => show({ from: value ?? undefined })}
            error={invalid ? 'From must be on or before To' : undefined}
          />
          <DayInput
            label="To"
            placeholder={shown ? showDay(shown.to) : 'Last day'}
            value={to ?? null}
            onChange={(value) => show({ to: value ?? undefined })}
          />
        </SimpleGrid>
        {shown && (
          <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
            {showDay(shown.from)} – {showDay(shown.to)}
          </Text>
        )}
      </Card>

      <Tabs
        value={tab}
        onChange={(value) => value && show({ tab: value as ReportTab })}
        keepMounted={false}
      >
        <Tabs.List>
          {costs && <Tabs.Tab value="profitability">Profitability</Tabs.Tab>}
          <Tabs.Tab value="utilisation">Utilisation</Tabs.Tab>
        </Tabs.List>

        {costs && (
          <Tabs.Panel value="profitability" pt="md">
            <Stack gap="md">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <SegmentedControl
                  aria-label="Group by"
                  value={groupBy}
                  onChange={(value) => show({ groupBy: value as ReportGroup })}
                  data={[
                    { value: 'project', label: 'By project' },
                    { value: 'client', label: 'By client' },
                  ]}
                />
                <ExportCsvButton
                  href={exportHref('profitability', {
                    from: profitability.data?.from ?? from,
                    to: profitability.data?.to ?? to,
                    groupBy,
                  })}
                />
              </Group>
              <Text size="xs" c="dimmed">
                Invoiced, paid and margin are before tax (after discounts): the tax on invoices is
                shown apart. Margin = invoiced − cost of time − expenses. Time is costed at each
                entry’s cost rate in the workspace currency; amounts in different currencies are
                never added.
              </Text>
              {profitability.isError ? (
                <LoadFailed
                  what="Profitability"
                  error={profitability.error}
                  retry={() => void profitability.refetch()}
                />
              ) : !profitability.data ? (
                <Skeleton h={240} radius="md" />
              ) : (
                <ProfitabilityTable report={profitability.data} />
              )}
            </Stack>
          </Tabs.Panel>
        )}

        <Tabs.Panel value="utilisation" pt="md">
          <Stack gap="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="xs" c="dimmed" maw={640}>
                Utilisation = billable hours ÷ capacity. Capacity is the weekly capacity spread over
                the working days (Monday to Friday) of the period; time is billable when its rate is
                above 0.
              </Text>
              <ExportCsvButton
                href={exportHref('utilisation', {
                  from: utilisation.data?.from ?? from,
                  to: utilisation.data?.to ?? to,
                })}
              />
            </Group>
            {utilisation.isError ? (
              <LoadFailed
                what="Utilisation"
                error={utilisation.error}
                retry={() => void utilisation.refetch()}
              />
            ) : !utilisation.data ? (
              <Skeleton h={200} radius="md" />
            ) : (
              <UtilisationTable report={utilisation.data} />
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default ReportsPage;
