import { Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import {
  IconClockDollar,
  IconReportMoney,
  IconTrendingDown,
  IconTrendingUp,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { CurrencyFigures } from '../../../shared/dashboard.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { RegionCard } from '../../components/section-card.tsx';
import { trpc } from '../../trpc.ts';
import { formatDay, today } from '../time/time-display.ts';
import {
  DEFAULT_OVERVIEW_PERIOD,
  OVERVIEW_PERIOD_LABELS,
  OVERVIEW_PERIODS,
  periodRange,
  type OverviewPeriod,
  type OverviewSearch,
} from './overview-period.ts';
import { RevenueChart } from './revenue-chart.tsx';
import { StatGrid } from './stat-card.tsx';
import { compareAmounts } from '../../../shared/invoice-math.ts';

/** 'Jan 1, 2026 – Dec 31, 2026', 'Since …', 'Until …' or 'All time'. */
function describeRange({ from, to }: { from?: string; to?: string }): string {
  if (from && to) return `${formatDay(from)} – ${formatDay(to)}`;
  if (from) return `Since ${formatDay(from)}`;
  if (to) return `Until ${formatDay(to)}`;
  return 'All time';
}

/** The same four figures in each other currency: listed apart, never converted or added. */
function OtherCurrencies({ figures }: { figures: CurrencyFigures[] }) {
  return (
    <RegionCard label="Other currencies" p="md">
      <Text fw={600} size="sm">
        Other currencies
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Figures in other currencies are shown apart: they are not included in the cards above.
      </Text>
      <Stack gap={4}>
        {figures.map((f) => (
          <Text key={f.currency} size="sm" data-testid={`other-currency-${f.currency}`}>
            <Text span fw={600}>
              {f.currency}
            </Text>
            {': '}revenue before tax {formatMoney(f.totalRevenue, f.currency)}, tax collected{' '}
            {formatMoney(f.taxCollected, f.currency)}, expenses{' '}
            {formatMoney(f.totalExpenses, f.currency)}, net profit{' '}
            {formatMoney(f.netProfit, f.currency)}, outstanding{' '}
            {formatMoney(f.outstanding, f.currency)}
          </Text>
        ))}
      </Stack>
    </RegionCard>
  );
}

/**
 * `/financial-overview`: what was received, spent and kept in a period (picked from the
 * usual ones or a custom range, kept in the URL), what is still owed now, in the
 * workspace currency with other currencies apart, and the last 12 months as a chart.
 */
export function FinancialOverviewPage() {
  const search: OverviewSearch = useSearch({ strict: false });
  const navigate = useNavigate();
  const period = search.period ?? DEFAULT_OVERVIEW_PERIOD;
  const range = periodRange(period, today(), search);
  const invalid = period === 'custom' && !!range.from && !!range.to && range.from > range.to;
  const overview = trpc.dashboard.financialOverview.useQuery(range, {
    enabled: !invalid,
    placeholderData: keepPreviousData,
  });
  const o = overview.data;
  const money = (value: string | undefined) =>
    value === undefined || !o ? undefined : formatMoney(value, o.currency);
  const setSearch = (next: OverviewSearch) =>
    void navigate({ to: '.', search: next as never, replace: true });
  const choose = (value: OverviewPeriod) => {
    // A custom range starts from the period shown, so it can be adjusted from there.
    if (value === 'custom') setSearch({ period: value, from: range.from, to: range.to });
    else setSearch(value === DEFAULT_OVERVIEW_PERIOD ? {} : { period: value });
  };
  const loss = o !== undefined && o.netProfit.startsWith('-');

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Financial Overview"
        description="Revenue before tax, expenses and what is still owed to you."
        action={
          <Select
            label="Period"
            data={OVERVIEW_PERIODS.map((p) => ({ value: p, label: OVERVIEW_PERIOD_LABELS[p] }))}
            value={period}
            onChange={(value) => value && choose(value as OverviewPeriod)}
            allowDeselect={false}
            w={190}
          />
        }
      />
      {period === 'custom' && (
        <Group gap="sm" align="flex-start">
          <DayInput
            label="From"
            placeholder="Any day"
            value={search.from ?? null}
            onChange={(from) => setSearch({ ...search, period, from: from ?? undefined })}
          />
          <DayInput
            label="To"
            placeholder="Any day"
            value={search.to ?? null}
            onChange={(to) => setSearch({ ...search, period, to: to ?? undefined })}
            error={invalid ? 'To must be on or after From' : undefined}
          />
        </Group>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        {describeRange(range)}
      </Text>
      {overview.isError ? (
        <QueryError
          title="The overview could not be loaded"
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          <StatGrid
            cols={{ base: 1, xs: 2, lg: 4 }}
            spacing="md"
            style={{ opacity: overview.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            cards={[
              {
                label: 'Total Revenue',
                value: money(o?.totalRevenue),
                hint:
                  o && compareAmounts(o.taxCollected, '0') !== 0
                    ? `Received in the period, before tax · ${money(o.taxCollected)} tax collected`
                    : 'Payments received in the period, before tax',
                icon: IconTrendingUp,
                color: 'teal',
              },
              {
                label: 'Total Expenses',
                value: money(o?.totalExpenses),
                hint: 'Expenses dated in the period',
                icon: IconTrendingDown,
                color: 'red',
              },
              {
                label: 'Net Profit',
                value: money(o?.netProfit),
                hint: loss ? 'A loss: expenses exceed revenue' : 'Revenue minus expenses',
                hintColor: loss ? 'red' : undefined,
                icon: IconReportMoney,
                color: 'indigo',
              },
              {
                label: 'Outstanding',
                value: money(o?.outstanding),
                hint: 'Sent and not yet paid, today',
                icon: IconClockDollar,
                color: 'orange',
              },
            ]}
          />
          {o && o.otherCurrencies.length > 0 && <OtherCurrencies figures={o.otherCurrencies} />}
          {o ? (
            <RevenueChart months={o.revenueByMonth} currency={o.currency} />
          ) : (
            <Skeleton h={300} radius="lg" />
          )}
        </>
      )}
    </Stack>
  );
}

export default FinancialOverviewPage;
