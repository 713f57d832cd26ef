import {
  Badge,
  Divider,
  EmptyState,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconLink, IconMailForward, IconMailOpened, IconX } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { ROLE_LABELS } from '../../../shared/roles.ts';
import type { PendingInvitation } from '../../../shared/team.schema.ts';
import { showDate } from '../../components/display-preferences.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { RowActions, type RowAction } from '../../components/list/row-actions.tsx';
import { useRetained } from '../../components/list/use-retained.ts';
import { trpc } from '../../trpc.ts';
import { InviteLinkPanel } from './invite-link.panel.tsx';
import { useInvitationMutations, type ResentInvitation } from './use-invitation-mutations.ts';
import { ActionsTh, NowrapTh } from '../../components/list/table-heads.tsx';

const isExpired = (invitation: PendingInvitation, now: number) =>
  Date.parse(invitation.expiresAt) <= now;

/** "Expires Dec 3, 2026", or an Expired badge: an expired link no longer works. */
function Expiry({ invitation, now }: { invitation: PendingInvitation; now: number }) {
  if (isExpired(invitation, now)) {
    return (
      <Badge variant="light" color="gray" tt="none">
        Expired
      </Badge>
    );
  }
  return <Text size="sm">{showDate(invitation.expiresAt)}</Text>;
}

function invitee(invitation: PendingInvitation) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} truncate="end">
        {invitation.email}
      </Text>
      {invitation.fullName && (
        <Text size="xs" c="dimmed" truncate="end">
          {invitation.fullName}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The workspace's invitations not yet accepted, for owners and administrators (SPEC §6:
 * they invite): who, as what, from whom, until when; Resend, Copy link and Cancel. A
 * table on wide screens, blocks with the same facts on a phone.
 */
export function PendingInvitationsSection({ wide }: { wide: boolean }) {
  const list = trpc.team.invitations.useQuery();
  const mutations = useInvitationMutations();
  const [link, setLink] = useState<{ result: ResentInvitation; emailRequested: boolean } | null>(
    null,
  );
  const linkShown = useRetained(link);
  const [cancelling, setCancelling] = useState<PendingInvitation | null>(null);
  const cancellingShown = useRetained(cancelling);
  const now = Date.now();

  const renew = async (invitation: PendingInvitation, emailRequested: boolean) => {
    const result = await (emailRequested
      ? mutations.resend(invitation)
      : mutations.newLink(invitation));
    if (!result) return;
    setLink({ result, emailRequested });
    // Copy link copies too, when the browser still allows it after the call.
    if (!emailRequested) void navigator.clipboard?.writeText(result.inviteUrl).catch(() => {});
  };

  const actionsOf = (invitation: PendingInvitation): RowAction[] => [
    {
      label: 'Resend',
      icon: IconMailForward,
      onClick: () => void renew(invitation, true),
    },
    { label: 'Copy link', icon: IconLink, onClick: () => void renew(invitation, false) },
    {
      label: 'Cancel invitation',
      icon: IconX,
      onClick: () => setCancelling(invitation),
      danger: true,
      group: true,
    },
  ];

  const invitations = list.data ?? [];
  let body;
  if (list.status !== 'success') {
    body = (
      <QueryState
        status={list.status}
        what="invitations"
        onRetry={() => void list.refetch()}
        loaderPy={40}
        alertMargin="md"
      />
    );
  } else if (invitations.length === 0) {
    body = (
      <EmptyState
        py={40}
        px="md"
        variant="light"
        icon={<IconMailOpened size={26} stroke={1.6} />}
        title="No pending invitations"
        description="Invitations you send appear here until they are accepted."
      />
    );
  } else if (wide) {
    body = (
      <Table.ScrollContainer minWidth={720} type="scrollarea">
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invitee</Table.Th>
              <Table.Th>Permission</Table.Th>
              <NowrapTh>Invited by</NowrapTh>
              <NowrapTh>Sent</NowrapTh>
              <Table.Th>Expires</Table.Th>
              <ActionsTh />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.map((invitation) => (
              <Table.Tr key={invitation.id} data-invitation-email={invitation.email}>
                <Table.Td maw={300}>{invitee(invitation)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{ROLE_LABELS[invitation.role]}</Text>
                </Table.Td>
                <Table.Td maw={180}>
                  <Text
                    size="sm"
                    truncate="end"
                    c={invitation.invitedByName ? undefined : 'dimmed'}
                  >
                    {invitation.invitedByName ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">{showDate(invitation.createdAt)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Expiry invitation={invitation} now={now} />
                </Table.Td>
                <Table.Td>
                  {mutations.busyId === invitation.id ? (
                    <Loader size="xs" aria-label="Making a new link" />
                  ) : (
                    <RowActions name={invitation.email} actions={actionsOf(invitation)} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  } else {
    body = (
      <Stack gap={0}>
        {invitations.map((invitation, index) => (
          <Fragment key={invitation.id}>
            {index > 0 && <Divider />}
            <Stack gap="xs" p="md" data-invitation-email={invitation.email}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                {invitee(invitation)}
                {mutations.busyId === invitation.id ? (
                  <Loader size="xs" aria-label="Making a new link" />
                ) : (
                  <RowActions name={invitation.email} actions={actionsOf(invitation)} />
                )}
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500}>
                  {ROLE_LABELS[invitation.role]}
                </Text>
                {isExpired(invitation, now) ? (
                  <Expiry invitation={invitation} now={now} />
                ) : (
                  <Text size="xs" c="dimmed">{`Expires ${showDate(invitation.expiresAt)}`}</Text>
                )}
              </Group>
              {invitation.invitedByName && (
                <Text size="xs" c="dimmed">{`Invited by ${invitation.invitedByName}`}</Text>
              )}
            </Stack>
          </Fragment>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="pending-invitations-title">
      <Group gap="xs" align="baseline">
        <Title order={2} fz="lg" id="pending-invitations-title">
          Pending invitations
        </Title>
        {list.isSuccess && invitations.length > 0 && (
          <Text size="sm" c="dimmed">
            {invitations.length}
          </Text>
        )}
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>

      <Modal
        opened={link !== null}
        onClose={() => setLink(null)}
        title={
          linkShown?.result.emailSent
            ? 'Invitation Resent'
            : linkShown?.emailRequested
              ? 'Invitation Not Emailed'
              : 'New Invitation Link'
        }
        centered
      >
        {linkShown && (
          <InviteLinkPanel
            result={linkShown.result}
            emailRequested={linkShown.emailRequested}
            renewed
            onDone={() => setLink(null)}
          />
        )}
      </Modal>
      <ConfirmDeleteDialog
        opened={cancelling !== null}
        title="Cancel Invitation"
        confirmLabel="Cancel Invitation"
        cancelLabel="Keep Invitation"
        closeWhenRefused
        onClose={() => setCancelling(null)}
        onConfirm={() => (cancelling ? mutations.cancel(cancelling) : Promise.resolve(false))}
      >
        Cancel the invitation of {cancellingShown?.email}? Its link stops working at once.
      </ConfirmDeleteDialog>
    </Stack>
  );
}
