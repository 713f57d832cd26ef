import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  ADMIN_WORKSPACE_SORT_LABELS,
  type AdminWorkspaceSort,
} from '../../../shared/admin.schema.ts';
import { SortableTh } from '../../components/list/sortable-th.tsx';
import type { RouterOutputs } from '../../trpc.ts';
import { capitalise, formatCount, formatDate } from './admin-format.ts';
import { AdminWorkspaceStatusBadge } from './admin-workspace-status.badge.tsx';
import { AdminWorkspaceLogo } from './admin-workspace.logo.tsx';

export type AdminWorkspace = RouterOutputs['admin']['workspaces']['items'][number];

/** One page of workspaces with SPEC §2's columns; the page fetches, pages and acts. */
export function AdminWorkspacesTable({
  workspaces,
  pendingId,
  onToggleStatus,
  sort,
  onSort,
}: {
  workspaces: AdminWorkspace[];
  sort: AdminWorkspaceSort;
  onSort: (sort: AdminWorkspaceSort | undefined) => void;
  pendingId: number | null;
  onToggleStatus: (workspace: AdminWorkspace) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={960} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh
              column="name"
              labels={ADMIN_WORKSPACE_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Workspace
            </SortableTh>
            <Table.Th>Owner</Table.Th>
            <SortableTh
              column="createdAt"
              labels={ADMIN_WORKSPACE_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Created
            </SortableTh>
            <SortableTh
              column="userCount"
              labels={ADMIN_WORKSPACE_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Users
            </SortableTh>
            <Table.Th>Tier</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workspaces.map((workspace) => (
            <Table.Tr key={workspace.id}>
              <Table.Td maw={280}>
                <Group gap="sm" wrap="nowrap">
                  <AdminWorkspaceLogo workspace={workspace} />
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600} truncate="end">
                      {workspace.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      ID: {workspace.id}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td maw={200}>
                <Text size="sm" truncate="end" c={workspace.ownerName ? undefined : 'dimmed'}>
                  {workspace.ownerName ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(workspace.createdAt)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{formatCount(workspace.userCount)}</Text>
              </Table.Td>
              <Table.Td>
                <Badge miw="max-content" variant="default" tt="none">
                  {capitalise(workspace.subscriptionTier || 'free')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <AdminWorkspaceStatusBadge workspace={workspace} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    renderRoot={(props) => (
                      <Link
                        to="/admin/workspaces/$id"
                        params={{ id: String(workspace.id) }}
                        {...props}
                      />
                    )}
                  >
                    View
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color={workspace.isActive ? 'red' : 'teal'}
                    loading={pendingId === workspace.id}
                    onClick={() => onToggleStatus(workspace)}
                  >
                    {workspace.isActive ? 'Suspend' : 'Activate'}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
