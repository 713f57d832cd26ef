import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { RouterOutputs } from '../../trpc.ts';
import { formatDate, invitationStatus, roleLabel, type InvitationStatus } from './admin-format.ts';
import {
  ADMIN_INVITATION_SORT_LABELS,
  type AdminInvitationSort,
} from '../../../shared/admin.schema.ts';
import { SortableTh } from '../../components/list/sortable-th.tsx';

export type AdminInvitation = RouterOutputs['admin']['invitations']['items'][number];

const STATUS_COLORS: Record<InvitationStatus, string> = {
  Accepted: 'teal',
  Pending: 'yellow',
  Expired: 'gray',
  Void: 'red',
};

/**
 * Invitations with SPEC §2's columns. Resend and Cancel are offered while the invitation
 * is unused; an expired one can be resent too, which gives it a new link and expiry. A void
 * one (its sender lost the right to invite) can only be cancelled.
 */
export function AdminInvitationsTable({
  invitations,
  pendingId,
  onResend,
  onCancel,
  sort,
  onSort,
}: {
  invitations: AdminInvitation[];
  sort: AdminInvitationSort;
  onSort: (sort: AdminInvitationSort | undefined) => void;
  pendingId: number | null;
  onResend: (invitation: AdminInvitation) => void;
  onCancel: (invitation: AdminInvitation) => void;
}) {
  const now = Date.now();
  return (
    <Table.ScrollContainer minWidth={960} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableTh
              column="email"
              labels={ADMIN_INVITATION_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Email
            </SortableTh>
            <SortableTh
              column="workspaceName"
              labels={ADMIN_INVITATION_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Workspace
            </SortableTh>
            <Table.Th>Role</Table.Th>
            <Table.Th>Invited By</Table.Th>
            <SortableTh
              column="createdAt"
              labels={ADMIN_INVITATION_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Sent
            </SortableTh>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invitations.map((invitation) => {
            const status = invitationStatus(invitation, now);
            return (
              <Table.Tr key={invitation.id}>
                <Table.Td maw={200}>
                  <Text size="sm" fw={500} truncate="end">
                    {invitation.email}
                  </Text>
                </Table.Td>
                <Table.Td maw={160}>
                  <Text size="sm" truncate="end">
                    {invitation.workspaceName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{roleLabel(invitation.role)}</Text>
                </Table.Td>
                <Table.Td maw={140}>
                  <Text
                    size="sm"
                    truncate="end"
                    c={invitation.invitedByName ? undefined : 'dimmed'}
                  >
                    {invitation.invitedByName ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{formatDate(invitation.createdAt)}</Text>
                  {status === 'Pending' && (
                    <Text size="xs" c="dimmed">
                      Expires {formatDate(invitation.expiresAt)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge miw="max-content" variant="light" color={STATUS_COLORS[status]} tt="none">
                    {status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {status !== 'Accepted' && (
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {status !== 'Void' && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          loading={pendingId === invitation.id}
                          onClick={() => onResend(invitation)}
                        >
                          Resend
                        </Button>
                      )}
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        disabled={pendingId === invitation.id}
                        onClick={() => onCancel(invitation)}
                      >
                        Cancel
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
