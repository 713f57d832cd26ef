import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { Member } from '../../../shared/team.schema.ts';
import { initials } from '../../components/app-shell/initials.ts';
import { avatarColorOf } from './team-display.ts';

/** Avatar, name and the Owner / Deactivated badges of one member (SPEC §2). */
export function MemberIdentity({ member, isYou }: { member: Member; isYou: boolean }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar
        src={member.profileImageUrl}
        alt=""
        size={36}
        radius="xl"
        color={avatarColorOf(member.fullName)}
        variant="light"
        style={{ opacity: member.isActive ? 1 : 0.55 }}
      >
        {initials(member.fullName) || '?'}
      </Avatar>
      <Stack gap={2} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="sm" fw={600} truncate="end" c={member.isActive ? undefined : 'dimmed'}>
            {member.fullName}
          </Text>
          {isYou && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              (you)
            </Text>
          )}
        </Group>
        {(member.isOwner || !member.isActive) && (
          <Group gap={4} wrap="nowrap">
            {member.isOwner && (
              <Badge size="xs" variant="light" color="indigo" tt="none">
                Owner
              </Badge>
            )}
            {!member.isActive && (
              <Badge size="xs" variant="light" color="red" tt="none">
                Deactivated
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Group>
  );
}
