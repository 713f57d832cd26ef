import { Alert, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import {
  IconAlertTriangle,
  IconClockDollar,
  IconReportMoney,
  IconTrendingDown,
  IconTrendingUp,
} from '@tabler/icons-react';
import { formatMoney } from '../../../shared/money.ts';
import { trpc } from '../../trpc.ts';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { StatCard } from './stat-card.tsx';

/**
 * `/financial-overview` from real data: what was paid, spent, kept and is still owed, and
 * revenue by month over the last year. Keel records no expenses yet, so they are 0.
 */
export function FinancialOverviewPage() {
  const overview = trpc.dashboard.financialOverview.useQuery();
  const o = overview.data;
  const money = (value: string | undefined) =>
    value === undefined || !o ? undefined : formatMoney(value, o.currency);

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Financial Overview"
        description="Revenue, expenses and what is still owed to you."
      />
      {overview.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="The overview could not be loaded"
        >
          <Button size="xs" variant="light" color="red" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <StatCard
              label="Total Revenue"
              value={money(o?.totalRevenue)}
              hint="All invoices paid"
              icon={IconTrendingUp}
              color="teal"
            />
            <StatCard
              label="Total Expenses"
              value={money(o?.totalExpenses)}
              hint="No expenses recorded"
              icon={IconTrendingDown}
              color="red"
            />
            <StatCard
              label="Net Profit"
              value={money(o?.netProfit)}
              hint="Revenue minus expenses"
              icon={IconReportMoney}
              color="indigo"
            />
            <StatCard
              label="Outstanding"
              value={money(o?.outstanding)}
              hint="Sent and not yet paid"
              icon={IconClockDollar}
              color="orange"
            />
          </SimpleGrid>
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
