import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import {
  IconActivity,
  IconAlertTriangle,
  IconBuildingSkyscraper,
  IconMailForward,
  IconUsers,
} from '@tabler/icons-react';
import { trpc } from '../../trpc.ts';
import { AdminJobsPanel } from './admin-jobs.panel.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { AdminRecentActivityPanel } from './admin-recent-activity.panel.tsx';
import { AdminStatCard } from './admin-stat.card.tsx';
import { AdminSystemHealthPanel } from './admin-system-health.panel.tsx';

/** /admin: the platform at a glance, every figure from the database or measured live. */
export function AdminDashboardPage() {
  const dashboard = trpc.admin.dashboard.useQuery();
  const data = dashboard.data;
  return (
    <Stack gap="lg">
      <ListPageHeader title="Dashboard" description="Everything on this Keel server at a glance." />
      {dashboard.isError && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title="The dashboard could not be loaded"
        >
          <Button size="xs" variant="light" color="red" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <AdminStatCard
          label="Total Users"
          value={data?.totalUsers}
          caption="Accounts on this server"
          icon={IconUsers}
          color="indigo"
        />
        <AdminStatCard
          label="Workspaces"
          value={data?.workspaces}
          caption="Not counting deleted ones"
          icon={IconBuildingSkyscraper}
          color="cyan"
        />
        <AdminStatCard
          label="Pending Invites"
          value={data?.pendingInvites}
          caption="Sent, not yet accepted or expired"
          icon={IconMailForward}
          color="grape"
        />
        <AdminStatCard
          label="System Activity"
          value={data?.actionsToday}
          caption="Actions today"
          icon={IconActivity}
          color="teal"
        />
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
