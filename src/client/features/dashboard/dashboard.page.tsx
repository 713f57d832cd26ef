import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { PageLoader } from '../../components/full-screen-loader.tsx';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { RecentEntriesCard } from '../time/recent-entries.card.tsx';
import { roleLabel } from '../workspaces/role-label.ts';
import { AwaitingSignatureCard } from './awaiting-signature.card.tsx';
import { DashboardStatsGrid } from './dashboard-stats.grid.tsx';
import { UpcomingInvoicesCard } from './upcoming-invoices.card.tsx';

/** The dashboard's short list of time. */
const DASHBOARD_ENTRIES = 5;

/**
 * `/`: the current workspace at a glance: its figures (sales, work and money), the latest
 * time logged and the invoices waiting to be paid.
 */
export function DashboardPage() {
  const me = useMe();
  const current = useCurrentWorkspace();
  if (current.status !== 'success' || !me.data) return <PageLoader />;
  const workspace = current.data;
  const user = me.data;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const role = roleLabel(workspace.role);

  return (
    <Stack gap="lg" maw={1400}>
      <Card withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Group gap="lg" wrap="nowrap" align="center">
          <Avatar
            src={workspace.logoUrl}
            alt=""
            size={64}
            radius="md"
            visibleFrom="xs"
            color="indigo"
            variant="light"
          >
            <IconBuilding size={30} stroke={1.5} />
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" c="dimmed">
              {/* A newcomer's first session is no return (issue 38, item 6). */}
              {user.firstSession ? 'Welcome' : 'Welcome back'}
              {user.firstName ? `, ${user.firstName}` : ''}
            </Text>
            <Title order={2} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {workspace.name}
            </Title>
            <Group gap="xs">
              <Text size="sm">{fullName || user.email}</Text>
              {role && (
                <Badge tt="none" variant="light" size="sm">
                  {role}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        {workspace.description && (
          <Text mt="md" c="dimmed">
            {workspace.description}
          </Text>
        )}
      </Card>

      <DashboardStatsGrid />

      <AwaitingSignatureCard />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RecentEntriesCard limit={DASHBOARD_ENTRIES} linkToAll />
        <UpcomingInvoicesCard />
      </SimpleGrid>
    </Stack>
  );
}

export default DashboardPage;
