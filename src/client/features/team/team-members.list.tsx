import { Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { MemberActionsMenu } from './member-actions.menu.tsx';
import { MemberCapacity } from './member-capacity.tsx';
import { MemberEmailButton } from './member-email.button.tsx';
import { MemberIdentity } from './member-identity.tsx';
import { MemberRole } from './member-role.select.tsx';
import type { TeamMembersProps } from './team-members.table.tsx';
import { formatInvitedOn, formatLastActive } from './team-display.ts';

/**
 * The members on a phone: the table's seven columns do not fit 375 px, so each member
 * is a small block with the same facts and controls.
 */
export function TeamMembersList({
  members,
  currentUserId,
  canManage,
  onChangeRole,
  onToggleActive,
  onDelete,
  onEditCapacity,
}: TeamMembersProps) {
  return (
    <Stack gap={0}>
      {members.map((member, index) => {
        const manageable = canManage(member);
        const invited = member.invitedBy ? ` by ${member.invitedBy}` : '';
        return (
          <Fragment key={member.id}>
            {index > 0 && <Divider />}
            <Stack gap="xs" p="md" data-member-email={member.email}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <MemberIdentity member={member} isYou={member.id === currentUserId} />
                {manageable && (
                  <MemberActionsMenu
                    member={member}
                    onToggleActive={() => onToggleActive(member)}
                    onDelete={() => onDelete(member)}
                  />
                )}
              </Group>
              <MemberEmailButton email={member.email} />
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <MemberRole
                  member={member}
                  manageable={manageable}
                  onChange={(role) => onChangeRole(member, role)}
                  fw={500}
                />
                <Text size="xs" c="dimmed" ta="right">
                  {`Last active ${formatLastActive(member.lastLoginAt)}`}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {`Invited on ${formatInvitedOn(member.createdAt)}${invited}`}
              </Text>
              <Group gap={6} wrap="nowrap">
                <Text size="xs" c="dimmed">
                  Capacity
                </Text>
                <MemberCapacity member={member} onEdit={onEditCapacity} />
              </Group>
            </Stack>
          </Fragment>
        );
      })}
    </Stack>
  );
}
