import {
  Avatar,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBuilding,
  IconBriefcase,
  IconClockHour4,
  IconFileInvoice,
  IconUsers,
} from '@tabler/icons-react';
import { PageLoader } from '../../components/full-screen-loader.tsx';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { roleLabel } from '../workspaces/role-label.ts';

const AREAS = [
  { icon: IconUsers, title: 'Contacts & organizations', text: 'Everyone you work with.' },
  { icon: IconBriefcase, title: 'Pipeline & projects', text: 'Deals, budgets and progress.' },
  { icon: IconClockHour4, title: 'Time tracking', text: 'Hours logged against projects.' },
  { icon: IconFileInvoice, title: 'Invoices', text: 'What is billed, sent and paid.' },
];

/** `/`: the current workspace at a glance. */
export function DashboardPage() {
  const me = useMe();
  const current = useCurrentWorkspace();
  if (current.status !== 'success' || !me.data) return <PageLoader />;
  const workspace = current.data;
  const user = me.data;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const role = roleLabel(workspace.role);

  return (
    <Stack gap="lg" maw={1200}>
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
              Welcome back{user.firstName ? `, ${user.firstName}` : ''}
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

      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {AREAS.map((area) => (
          <Card key={area.title} withBorder radius="lg" p="lg">
            <ThemeIcon variant="light" size={40} radius="md">
              <area.icon size={22} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600} mt="md">
              {area.title}
            </Text>
            <Text size="sm" c="dimmed">
              {area.text}
            </Text>
            <Text size="xs" c="dimmed" mt="sm">
              Coming soon
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default DashboardPage;
