import { Avatar, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { initials } from '../../components/app-shell/initials.ts';
import { ADMIN_USER_SORT_LABELS, type AdminUserSort } from '../../../shared/admin.schema.ts';
import { SortableTh } from '../../components/list/sortable-th.tsx';
import type { RouterOutputs } from '../../trpc.ts';
import { formatDate } from './admin-format.ts';

export type AdminUser = RouterOutputs['admin']['users']['items'][number];

/** One page of accounts with SPEC §2's columns; the page fetches, pages and acts. */
export function AdminUsersTable({
  users,
  meId,
  pendingStatusId,
  onEdit,
  onToggleStatus,
  sort,
  onSort,
}: {
  users: AdminUser[];
  sort: AdminUserSort;
  onSort: (sort: AdminUserSort | undefined) => void;
  /** The signed-in admin, who cannot deactivate their own account. */
  meId: number | undefined;
  /** The user whose status change is on its way. */
  pendingStatusId: number | null;
  onEdit: (user: AdminUser) => void;
  onToggleStatus: (user: AdminUser) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={980} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh
              column="fullName"
              labels={ADMIN_USER_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Name
            </SortableTh>
            <SortableTh
              column="email"
              labels={ADMIN_USER_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Email
            </SortableTh>
            <SortableTh
              column="createdAt"
              labels={ADMIN_USER_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Joined
            </SortableTh>
            <Table.Th>Status</Table.Th>
            <Table.Th>Workspaces</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => {
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
              <Table.Tr key={user.id}>
                <Table.Td maw={220}>
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
                </Table.Td>
                <Table.Td maw={220}>
                  <Text size="sm" truncate="end">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(user.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    miw="max-content"
                    variant="light"
                    color={user.isActive ? 'teal' : 'gray'}
                    tt="none"
                  >
                    {user.isActive ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                <Table.Td maw={180}>
                  {user.workspaces.length > 0 ? (
                    <Text size="sm" lineClamp={2}>
                      {user.workspaces.map((w) => w.name).join(', ')}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge
                    miw="max-content"
                    variant={user.role === 'admin' ? 'filled' : 'default'}
                    color={user.role === 'admin' ? 'orange' : undefined}
                    tt="none"
                  >
                    {user.role === 'admin' ? 'Admin' : 'User'}
                  </Badge>
                </Table.Td>
                <Table.Td>
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
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
