import { Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import { memberControls, type TeamMembersProps } from './member-controls.tsx';
import { formatInvitedOn, formatLastActive } from './team-display.ts';

/**
 * The members on a phone: the table's seven columns do not fit 375 px, so each member
 * is a small block with the same facts and controls.
 */
export function TeamMembersList(props: TeamMembersProps) {
  return (
    <Stack gap={0}>
      {props.members.map((member, index) => {
        const controls = memberControls(props, member, 500);
        const invited = member.invitedBy ? ` by ${member.invitedBy}` : '';
        return (
          <Fragment key={member.id}>
            {index > 0 && <Divider />}
            <Stack gap="xs" p="md" data-member-email={member.email}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                {controls.identity}
                {controls.actions}
              </Group>
              {controls.email}
              <Group justify="space-between" wrap="nowrap" gap="xs">
                {controls.role}
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
                {controls.capacity}
              </Group>
            </Stack>
          </Fragment>
        );
      })}
    </Stack>
  );
}
