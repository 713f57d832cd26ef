import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Column } from '../../components/list/list-page.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import type { RouterOutputs } from '../../trpc.ts';
import { capitalise, formatCount, formatDate } from './admin-format.ts';
import { AdminWorkspaceStatusBadge } from './admin-workspace-status.badge.tsx';
import { AdminWorkspaceLogo } from './admin-workspace.logo.tsx';

export type AdminWorkspace = RouterOutputs['admin']['workspaces']['items'][number];

/** SPEC §2's columns of the workspaces list; the page fetches, pages and acts. */
export function adminWorkspaceColumns({
  pendingId,
  onToggleStatus,
}: {
  pendingId: number | null;
  onToggleStatus: (workspace: AdminWorkspace) => void;
}): Column<AdminWorkspace>[] {
  return [
    {
      header: 'Workspace',
      sortKey: 'name',
      maw: 280,
      cell: (workspace) => (
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
      ),
    },
    {
      header: 'Owner',
      maw: 200,
      cell: (workspace) => <TextCell value={workspace.ownerName} truncate />,
    },
    {
      header: 'Created',
      sortKey: 'createdAt',
      nowrap: true,
      cell: (workspace) => <TextCell value={formatDate(workspace.createdAt)} />,
    },
    {
      header: 'Users',
      sortKey: 'userCount',
      numeric: true,
      cell: (workspace) => <TextCell value={formatCount(workspace.userCount)} />,
    },
    {
      header: 'Tier',
      cell: (workspace) => (
        <Badge miw="max-content" variant="default" tt="none">
          {capitalise(workspace.subscriptionTier || 'free')}
        </Badge>
      ),
    },
    { header: 'Status', cell: (workspace) => <AdminWorkspaceStatusBadge workspace={workspace} /> },
    {
      header: 'Actions',
      numeric: true,
      cell: (workspace) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button
            size="compact-sm"
            variant="subtle"
            renderRoot={(props) => (
              <Link to="/admin/workspaces/$id" params={{ id: String(workspace.id) }} {...props} />
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
      ),
    },
  ];
}
