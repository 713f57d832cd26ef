import {
  Badge,
  Group,
  List,
  Progress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuilding,
  IconCheck,
  IconFileInvoice,
  IconFolders,
  IconServer,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import { trpc } from '../../trpc.ts';
import { formatBytes, formatCount } from '../admin/admin-format.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import { StatGrid } from '../dashboard/stat-card.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { QueryError } from '../../components/query-state.tsx';
import { RegionCard, SectionCard } from '../../components/section-card.tsx';
import { planName } from './workspace-settings-billing.card.tsx';

/**
 * /workspace/billing: what is true of a self-hosted Keel. There is no plan to buy and no
 * card to charge, so the page says so and shows what the workspace really holds
 * (GET /api/workspaces/current/usage) instead of sample plans, cards and invoices. The
 * plan's name is the one Workspace Settings shows (subscriptionTier, Free by default).
 */
const SELF_HOSTED_FACTS = [
  'No subscription to buy or upgrade',
  'No payment method on file',
  'No invoices from Keel',
];

function PlanCard({ tier }: { tier: string | undefined }) {
  return (
    <RegionCard label="Plan" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Current Plan
          </Text>
          <Group gap="xs">
            {tier === undefined ? (
              <Skeleton h={30} w={80} />
            ) : (
              <Title order={3} fz={24}>
                {planName(tier)}
              </Title>
            )}
            <Badge variant="light" color="teal" tt="none">
              Self-hosted
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" maw={560}>
            This Keel runs on a server of your own. Nothing is billed here: how much a workspace may
            store is set by whoever runs the server.
          </Text>
        </Stack>
        <ThemeIcon size={48} radius="md" variant="light" color="gray" visibleFrom="xs">
          <IconServer size={26} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <List
        mt="lg"
        spacing="xs"
        size="sm"
        icon={
          <ThemeIcon size={20} radius="xl" variant="light" color="teal">
            <IconCheck size={13} stroke={2.4} />
          </ThemeIcon>
        }
      >
        {SELF_HOSTED_FACTS.map((fact) => (
          <List.Item key={fact}>{fact}</List.Item>
        ))}
      </List>
    </RegionCard>
  );
}

function StorageMeter({ used, quota }: { used: number; quota: number }) {
  const percent = quota > 0 ? Math.min(100, (used / quota) * 100) : 0;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          Storage
        </Text>
        <Text size="sm" c="dimmed">
          {formatBytes(used)} of {formatBytes(quota)}
        </Text>
      </Group>
      <Progress
        value={percent}
        size="md"
        radius="xl"
        aria-label="Storage"
        color={percent >= 90 ? 'red' : undefined}
      />
      <Text size="xs" c="dimmed">
        Images stored for this workspace, such as its logo, against this server&apos;s limit for one
        workspace.
      </Text>
    </Stack>
  );
}

function UsageCard() {
  const usage = trpc.workspaces.usage.useQuery();
  const u = usage.data;
  const figure = (n: number | undefined) => (n === undefined ? undefined : formatCount(n));
  const deactivated = u ? u.members - u.activeMembers : 0;
  return (
    <SectionCard headingOrder={3} title="Usage" hint="What this workspace holds today.">
      {usage.isError ? (
        <QueryError title="Usage could not be loaded" onRetry={() => void usage.refetch()} />
      ) : (
        <Stack gap="lg">
          <StatGrid
            cols={{ base: 2, sm: 3, lg: 5 }}
            spacing="md"
            cards={[
              {
                label: 'Team members',
                value: figure(u?.activeMembers),
                hint:
                  u === undefined
                    ? undefined
                    : deactivated === 0
                      ? 'All active'
                      : `${formatCount(deactivated)} deactivated`,
                icon: IconUsersGroup,
                color: 'indigo',
              },
              { label: 'Contacts', value: figure(u?.contacts), icon: IconUsers, color: 'blue' },
              {
                label: 'Organizations',
                value: figure(u?.organizations),
                icon: IconBuilding,
                color: 'cyan',
              },
              { label: 'Projects', value: figure(u?.projects), icon: IconFolders, color: 'grape' },
              {
                label: 'Invoices',
                value: figure(u?.invoices),
                icon: IconFileInvoice,
                color: 'teal',
              },
            ]}
          />
          {u === undefined ? (
            <Skeleton h={48} />
          ) : (
            <StorageMeter used={u.storageUsedBytes} quota={u.storageQuotaBytes} />
          )}
        </Stack>
      )}
    </SectionCard>
  );
}

export function WorkspaceBillingPage() {
  const current = useCurrentWorkspace();
  return (
    <Stack gap="lg">
      <ListPageHeader
        title="Billing"
        description="Your plan and what this workspace uses on this server."
      />
      <PlanCard tier={current.data?.subscriptionTier} />
      <UsageCard />
    </Stack>
  );
}
