import { Anchor, Badge, Text, Tooltip } from '@mantine/core';
import { SYSTEM_ACTOR_NAME } from '../../../shared/activity.ts';
import type { Column } from '../../components/list/list-page.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import type { RouterOutputs } from '../../trpc.ts';
import { actionColor, formatDateTime } from './admin-format.ts';

export type ActivityLog = RouterOutputs['admin']['logs']['items'][number];

/** SPEC §2's columns of the activity log, newest first. */
export function adminLogColumns({
  onFilterUser,
}: {
  /** Narrows the log to one user's entries (a click on their name). */
  onFilterUser: (user: { id: number; name: string }) => void;
}): Column<ActivityLog>[] {
  return [
    {
      header: 'Time',
      nowrap: true,
      cell: (log) => (
        <Text size="sm" ff="monospace" fz="xs">
          {formatDateTime(log.timestamp)}
        </Text>
      ),
    },
    {
      header: 'User',
      maw: 200,
      cell: (log) =>
        log.userId !== null && log.userName ? (
          <Tooltip label="Show only this user's activity">
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              ta="left"
              onClick={() => onFilterUser({ id: log.userId!, name: log.userName! })}
            >
              {log.userName}
            </Anchor>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            {SYSTEM_ACTOR_NAME}
          </Text>
        ),
    },
    {
      header: 'Action',
      cell: (log) => (
        <Badge miw="max-content" variant="light" color={actionColor(log.action)} tt="none">
          {log.action}
        </Badge>
      ),
    },
    {
      header: 'Details',
      maw: 360,
      cell: (log) => (
        <TextCell value={log.details} lineClamp={2} title={log.details ?? undefined} />
      ),
    },
    {
      header: 'IP Address',
      nowrap: true,
      cell: (log) => <TextCell value={log.ipAddress} ff="monospace" fz="xs" />,
    },
    {
      header: 'Status',
      cell: (log) => (
        <Badge miw="max-content" variant="light" color={log.success ? 'teal' : 'red'} tt="none">
          {log.success ? 'Success' : 'Failed'}
        </Badge>
      ),
    },
  ];
}
