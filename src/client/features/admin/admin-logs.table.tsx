import { Anchor, Badge, Table, Text, Tooltip } from '@mantine/core';
import { SYSTEM_ACTOR_NAME } from '../../../shared/activity.ts';
import type { RouterOutputs } from '../../trpc.ts';
import { actionColor, formatDateTime } from './admin-format.ts';

export type ActivityLog = RouterOutputs['admin']['logs']['items'][number];

/** One page of the activity log (SPEC §2 columns), newest first. */
export function AdminLogsTable({
  logs,
  onFilterUser,
}: {
  logs: ActivityLog[];
  /** Narrows the log to one user's entries (a click on their name). */
  onFilterUser: (user: { id: number; name: string }) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={980} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>User</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>IP Address</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => (
            <Table.Tr key={log.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace" fz="xs">
                  {formatDateTime(log.timestamp)}
                </Text>
              </Table.Td>
              <Table.Td maw={200}>
                {log.userId !== null && log.userName ? (
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
                )}
              </Table.Td>
              <Table.Td>
                <Badge miw="max-content" variant="light" color={actionColor(log.action)} tt="none">
                  {log.action}
                </Badge>
              </Table.Td>
              <Table.Td maw={360}>
                <Text size="sm" lineClamp={2} title={log.details ?? undefined}>
                  {log.details ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace" fz="xs" c={log.ipAddress ? undefined : 'dimmed'}>
                  {log.ipAddress ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  miw="max-content"
                  variant="light"
                  color={log.success ? 'teal' : 'red'}
                  tt="none"
                >
                  {log.success ? 'Success' : 'Failed'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
