import { SimpleGrid, Stack } from '@mantine/core';
import {
  IconActivity,
  IconBuildingSkyscraper,
  IconMailForward,
  IconUsers,
} from '@tabler/icons-react';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';
import { AdminJobsPanel } from './admin-jobs.panel.tsx';
import { AdminRecentActivityPanel } from './admin-recent-activity.panel.tsx';
import { AdminStatCard } from './admin-stat.card.tsx';
import { AdminSystemHealthPanel } from './admin-system-health.panel.tsx';

const FIGURES = [
  {
    key: 'totalUsers',
    label: 'Total Users',
    caption: 'Accounts on this server',
    icon: IconUsers,
    color: 'indigo',
  },
  {
    key: 'workspaces',
    label: 'Workspaces',
    caption: 'Not counting deleted ones',
    icon: IconBuildingSkyscraper,
    color: 'cyan',
  },
  {
    key: 'pendingInvites',
    label: 'Pending Invites',
    caption: 'Sent, not yet accepted or expired',
    icon: IconMailForward,
    color: 'grape',
  },
  {
    key: 'actionsToday',
    label: 'System Activity',
    caption: 'Actions today',
    icon: IconActivity,
    color: 'teal',
  },
] as const;

/** /admin: the platform at a glance, every figure from the database or measured live. */
export function AdminDashboardPage() {
  const dashboard = trpc.admin.dashboard.useQuery();
  const data = dashboard.data;
  return (
    <Stack gap="lg">
      <ListPageHeader title="Dashboard" description="Everything on this Keel server at a glance." />
      {dashboard.isError && (
        <QueryError
          title="The dashboard could not be loaded"
          onRetry={() => void dashboard.refetch()}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {FIGURES.map(({ key, ...figure }) => (
          <AdminStatCard key={key} value={data?.[key]} {...figure} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <AdminRecentActivityPanel items={data?.recentActivity} />
        <AdminSystemHealthPanel
          health={data?.health}
          measuredAt={dashboard.dataUpdatedAt}
          refreshing={dashboard.isFetching && !dashboard.isPending}
          onRefresh={() => void dashboard.refetch()}
        />
      </SimpleGrid>
      <AdminJobsPanel />
    </Stack>
  );
}

export default AdminDashboardPage;
