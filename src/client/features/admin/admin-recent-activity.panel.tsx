import { Anchor, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { AdminPanel } from './admin-panel.tsx';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatDistanceToNowStrict } from 'date-fns';
import { SYSTEM_ACTOR_NAME } from '../../../shared/activity.ts';
import type { RouterOutputs } from '../../trpc.ts';
import { actionColor, formatDateTime } from './admin-format.ts';

type ActivityLog = RouterOutputs['admin']['dashboard']['recentActivity'][number];

/** The last entries of the activity log, newest first, with a way into the full log. */
export function AdminRecentActivityPanel({ items }: { items: ActivityLog[] | undefined }) {
  return (
    <AdminPanel
      title="Recent Activity"
      action={
        <Anchor size="sm" renderRoot={(props) => <Link to="/admin/logs" {...props} />}>
          View all logs
        </Anchor>
      }
    >
      {items && items.length === 0 && (
        <Text c="dimmed" size="sm" py="lg" ta="center">
          No activity recorded yet.
        </Text>
      )}
      <Stack gap={0}>
        {items?.map((entry) => (
          <Group
            key={entry.id}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            py={10}
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <ThemeIcon
              size={26}
              radius="xl"
              variant="light"
              color={entry.success ? 'teal' : 'red'}
              role="img"
              aria-label={entry.success ? 'Success' : 'Failed'}
            >
              {entry.success ? <IconCheck size={15} /> : <IconX size={15} />}
            </ThemeIcon>
            <Stack gap={2} miw={0} flex={1}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" fw={600}>
                  {entry.userName ?? SYSTEM_ACTOR_NAME}
                </Text>
                <Badge
                  miw="max-content"
                  size="xs"
                  variant="light"
                  color={actionColor(entry.action)}
                  tt="none"
                >
                  {entry.action}
                </Badge>
              </Group>
              {entry.details && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {entry.details}
                </Text>
              )}
            </Stack>
            <Text
              size="xs"
              c="dimmed"
              style={{ whiteSpace: 'nowrap' }}
              title={formatDateTime(entry.timestamp)}
            >
              {formatDistanceToNowStrict(new Date(entry.timestamp), { addSuffix: true })}
            </Text>
          </Group>
        ))}
      </Stack>
    </AdminPanel>
  );
}
