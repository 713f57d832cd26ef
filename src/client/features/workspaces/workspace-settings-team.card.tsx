import { Avatar, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowRight, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { initials } from '../../components/app-shell/initials.ts';
import { trpc } from '../../trpc.ts';
import { SectionCard } from '../../components/section-card.tsx';

const SHOWN_AVATARS = 5;

/** Team Management (owners and administrators, SPEC §6): who is here, and a way in. */
export function WorkspaceSettingsTeamCard() {
  const members = trpc.team.members.useQuery();
  const list = members.data ?? [];
  const active = list.filter((m) => m.isActive);

  return (
    <SectionCard
      icon={IconUsers}
      title="Team Management"
      hint="Invite people, change their permissions and manage access."
    >
      <Group justify="space-between" gap="md">
        <Group gap="sm" wrap="nowrap">
          {active.length > 0 && (
            <Tooltip.Group openDelay={300} closeDelay={100}>
              <Avatar.Group spacing={6}>
                {active.slice(0, SHOWN_AVATARS).map((member) => (
                  <Tooltip key={member.id} label={member.fullName}>
                    <Avatar
                      src={member.profileImageUrl}
                      alt=""
                      radius="xl"
                      size={36}
                      color="initials"
                      name={member.fullName}
                    >
                      {initials(member.fullName)}
                    </Avatar>
                  </Tooltip>
                ))}
                {active.length > SHOWN_AVATARS && (
                  <Avatar radius="xl" size={36}>{`+${active.length - SHOWN_AVATARS}`}</Avatar>
                )}
              </Avatar.Group>
            </Tooltip.Group>
          )}
          {members.isSuccess && (
            <Text size="sm" c="dimmed">
              {`${active.length} active ${active.length === 1 ? 'member' : 'members'}`}
            </Text>
          )}
        </Group>
        <Button
          variant="light"
          rightSection={<IconArrowRight size={16} />}
          renderRoot={(props) => <Link to="/team" {...props} />}
        >
          View Members
        </Button>
      </Group>
    </SectionCard>
  );
}
