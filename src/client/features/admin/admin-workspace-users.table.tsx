import { Badge, Table, Text } from '@mantine/core';
import type { RouterOutputs } from '../../trpc.ts';
import { formatDate, roleLabel } from './admin-format.ts';

type WorkspaceUser = RouterOutputs['admin']['workspaceUsers'][number];

/** The members of one workspace (SPEC §2: Name, Email, Role, Joined, Status). */
export function AdminWorkspaceUsersTable({ users }: { users: WorkspaceUser[] }) {
  return (
    <Table.ScrollContainer minWidth={640} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Joined</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {`${user.firstName} ${user.lastName}`.trim()}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{user.email}</Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  miw="max-content"
                  variant="light"
                  color={user.role === 'owner' ? 'indigo' : 'gray'}
                  tt="none"
                >
                  {roleLabel(user.role)}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(user.joinedAt)}</Text>
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
