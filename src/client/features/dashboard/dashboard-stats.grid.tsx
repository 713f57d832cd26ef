import {
  IconBuilding,
  IconCash,
  IconClockDollar,
  IconClockHour4,
  IconFolders,
  IconTargetArrow,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import { formatMoney as formatIn } from '../../../shared/money.ts';
import { formatHours } from '../../../shared/time.schema.ts';
import { QueryError } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';
import { StatGrid, type StatCardProps } from './stat-card.tsx';
import { compareAmounts } from '../../../shared/invoice-math.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The workspace's figures (GET /api/dashboard/stats) as linked cards. */
export function DashboardStatsGrid() {
  const stats = trpc.dashboard.stats.useQuery();
  if (stats.isError) {
    return <QueryError title="Figures could not be loaded" onRetry={() => void stats.refetch()} />;
  }
  const s = stats.data;
  // Called only once the figures (and their currency) are there.
  const formatMoney = (amount: string) => formatIn(amount, s!.currency);
  // Invoices in other currencies are told apart, never added to the workspace's figures.
  const others = (key: 'revenueThisMonth' | 'outstanding') =>
    s?.otherCurrencies
      .filter((c) => Number(c[key]) !== 0)
      .map((c) => formatIn(c[key], c.currency))
      .join(' · ');
  const cards: StatCardProps[] = [
    {
      label: 'Revenue This Month',
      value: s && formatMoney(s.revenueThisMonth),
      // Revenue is before tax (issue 38): the tax collected with it is not the business's.
      hint:
        s &&
        [
          compareAmounts(s.taxCollectedThisMonth, '0') !== 0
            ? `Before tax · ${formatMoney(s.taxCollectedThisMonth)} tax collected`
            : 'Paid this month, before tax',
          others('revenueThisMonth') ? `also ${others('revenueThisMonth')}` : '',
        ]
          .filter(Boolean)
          .join(' · '),
      icon: IconCash,
      color: 'teal',
    },
    {
      label: 'Outstanding',
      value: s && formatMoney(s.outstanding),
      hint:
        s &&
        [
          s.overdueInvoices > 0
            ? count(s.overdueInvoices, 'invoice overdue', 'invoices overdue')
            : 'Nothing overdue',
          others('outstanding') ? `also ${others('outstanding')}` : '',
        ]
          .filter(Boolean)
          .join(' · '),
      hintColor: s && s.overdueInvoices > 0 ? 'red' : undefined,
      icon: IconClockDollar,
      color: 'orange',
    },
    {
      label: 'Hours This Week',
      value: s && formatHours(s.hoursThisWeek),
      hint: s && `${formatHours(s.hoursThisMonth)} this month`,
      icon: IconClockHour4,
      color: 'indigo',
    },
    {
      label: 'Active Projects',
      value: s && String(s.activeProjects),
      hint: 'In progress now',
      icon: IconFolders,
      color: 'blue',
    },
    {
      label: 'Open Deals',
      value: s && String(s.openDeals),
      hint:
        s &&
        `${formatMoney(s.pipelineValue)} pipeline · ${formatMoney(s.weightedPipelineValue)} weighted`,
      icon: IconTargetArrow,
      color: 'grape',
    },
    {
      label: 'Won This Month',
      value: s && formatMoney(s.wonThisMonth),
      hint: 'Deals closed as won',
      icon: IconTrophy,
      color: 'yellow',
    },
    {
      label: 'Contacts',
      value: s && String(s.contacts),
      hint: 'People you work with',
      icon: IconUsers,
      color: 'cyan',
    },
    {
      label: 'Organizations',
      value: s && String(s.organizations),
      hint: 'Companies you work with',
      icon: IconBuilding,
      color: 'gray',
    },
  ];
  return <StatGrid cards={cards} cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }} />;
}
