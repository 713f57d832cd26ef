import { Badge, Button, Group, Text } from '@mantine/core';
import type { Column } from '../../components/list/list-page.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import type { RouterOutputs } from '../../trpc.ts';
import { formatDate, invitationStatus, roleLabel, type InvitationStatus } from './admin-format.ts';

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
export function adminInvitationColumns({
  pendingId,
  onResend,
  onCancel,
}: {
  pendingId: number | null;
  onResend: (invitation: AdminInvitation) => void;
  onCancel: (invitation: AdminInvitation) => void;
}): Column<AdminInvitation>[] {
  const now = Date.now();
  return [
    {
      header: 'Email',
      sortKey: 'email',
      maw: 200,
      cell: (invitation) => <TextCell value={invitation.email} fw={500} truncate />,
    },
    {
      header: 'Workspace',
      sortKey: 'workspaceName',
      maw: 160,
      cell: (invitation) => <TextCell value={invitation.workspaceName} truncate />,
    },
    { header: 'Role', cell: (invitation) => <TextCell value={roleLabel(invitation.role)} /> },
    {
      header: 'Invited By',
      maw: 140,
      cell: (invitation) => <TextCell value={invitation.invitedByName} truncate />,
    },
    {
      header: 'Sent',
      sortKey: 'createdAt',
      nowrap: true,
      cell: (invitation) => (
        <>
          <Text size="sm">{formatDate(invitation.createdAt)}</Text>
          {invitationStatus(invitation, now) === 'Pending' && (
            <Text size="xs" c="dimmed">
              Expires {formatDate(invitation.expiresAt)}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Status',
      cell: (invitation) => {
        const status = invitationStatus(invitation, now);
        return (
          <Badge miw="max-content" variant="light" color={STATUS_COLORS[status]} tt="none">
            {status}
          </Badge>
        );
      },
    },
    {
      header: 'Actions',
      numeric: true,
      cell: (invitation) => {
        const status = invitationStatus(invitation, now);
        if (status === 'Accepted') return null;
        return (
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
        );
      },
    },
  ];
}
