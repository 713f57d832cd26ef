import { Avatar, Badge, Button, Group, Text, Tooltip } from '@mantine/core';
import { initials } from '../../components/app-shell/initials.ts';
import type { Column } from '../../components/list/list-page.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import type { RouterOutputs } from '../../trpc.ts';
import { formatDate } from './admin-format.ts';

export type AdminUser = RouterOutputs['admin']['users']['items'][number];

/** SPEC §2's columns of the accounts list; the page fetches, pages and acts. */
export function adminUserColumns({
  meId,
  pendingStatusId,
  onEdit,
  onToggleStatus,
}: {
  /** The signed-in admin, who cannot deactivate their own account. */
  meId: number | undefined;
  /** The user whose status change is on its way. */
  pendingStatusId: number | null;
  onEdit: (user: AdminUser) => void;
  onToggleStatus: (user: AdminUser) => void;
}): Column<AdminUser>[] {
  return [
    {
      header: 'Name',
      sortKey: 'fullName',
      maw: 220,
      cell: (user) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={user.profileImageUrl}
            alt=""
            size={30}
            radius="xl"
            color="indigo"
            variant="light"
          >
            {initials(user.fullName || user.email)}
          </Avatar>
          <Text size="sm" fw={600} truncate="end">
            {user.fullName}
          </Text>
        </Group>
      ),
    },
    {
      header: 'Email',
      sortKey: 'email',
      maw: 220,
      cell: (user) => <TextCell value={user.email} truncate />,
    },
    {
      header: 'Joined',
      sortKey: 'createdAt',
      nowrap: true,
      cell: (user) => <TextCell value={formatDate(user.createdAt)} />,
    },
    {
      header: 'Status',
      cell: (user) => (
        <Badge miw="max-content" variant="light" color={user.isActive ? 'teal' : 'gray'} tt="none">
          {user.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      header: 'Workspaces',
      maw: 180,
      cell: (user) => (
        <TextCell value={user.workspaces.map((w) => w.name).join(', ')} lineClamp={2} />
      ),
    },
    {
      header: 'Role',
      cell: (user) => (
        <Badge
          miw="max-content"
          variant={user.role === 'admin' ? 'filled' : 'default'}
          color={user.role === 'admin' ? 'orange' : undefined}
          tt="none"
        >
          {user.role === 'admin' ? 'Admin' : 'User'}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      numeric: true,
      cell: (user) => {
        const self = user.id === meId;
        const toggle = (
          <Button
            size="compact-sm"
            variant="subtle"
            color={user.isActive ? 'red' : 'teal'}
            disabled={self && user.isActive}
            loading={pendingStatusId === user.id}
            onClick={() => onToggleStatus(user)}
          >
            {user.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        );
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button size="compact-sm" variant="subtle" onClick={() => onEdit(user)}>
              Edit
            </Button>
            {self && user.isActive ? (
              <Tooltip label="You cannot deactivate your own account">
                <span>{toggle}</span>
              </Tooltip>
            ) : (
              toggle
            )}
          </Group>
        );
      },
    },
  ];
}
