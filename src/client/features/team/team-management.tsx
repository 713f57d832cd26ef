import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUserPlus } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Member } from '../../../shared/team.schema.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { CapacityDialog, canPlan } from '../resourcing/capacity.dialog.tsx';
import { DeleteMemberDialog } from './delete-member.dialog.tsx';
import { InviteMemberDialog } from './invite-member.dialog.tsx';
import { PendingInvitationsSection } from './pending-invitations.section.tsx';
import { canManageRow, canManageTeam, matchesSearch } from './team-display.ts';
import { TeamEmptyState } from './team-empty.state.tsx';
import { TeamMembersList } from './team-members.list.tsx';
import { TeamMembersTable } from './team-members.table.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { useRetained } from '../../components/list/use-retained.ts';
import { useTeamMutations } from './use-team-mutations.ts';

function memberSummary(members: Member[]): string {
  const inactive = members.filter((m) => !m.isActive).length;
  const base = `${members.length} ${members.length === 1 ? 'member' : 'members'}`;
  return inactive ? `${base} · ${inactive} deactivated` : base;
}

/** The members list and its tools, for roles that may see the team (SPEC §2, §6). */
export function TeamManagement() {
  const me = useMe();
  const current = useCurrentWorkspace();
  const role = current.data?.role;
  const members = trpc.team.members.useQuery();
  const mutations = useTeamMutations();
  // The search stays in the URL (?q=) like every list's; members are filtered here, as typed.
  const url = useListSearch();
  const search = url.text;
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [capacityOf, setCapacityOf] = useState<Member | null>(null);
  // The dialog keeps showing the member's name while it closes.
  const deletingShown = useRetained(deleting);

  // Mantine's `sm`: below it the table gives way to a list (one or the other, never both,
  // so every control exists once).
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const canManage = canManageTeam(role);
  const all = members.data ?? [];
  // A workspace has a handful of members, all in one answer: searching them here is instant.
  const shown = all.filter((member) => matchesSearch(member, search));

  let body;
  if (members.isPending) {
    body = (
      <Center py={56}>
        <Loader aria-label="Loading team members" />
      </Center>
    );
  } else if (members.isError) {
    body = (
      <Alert
        m="md"
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Team members could not be loaded"
      >
        <Button size="xs" variant="light" color="red" onClick={() => void members.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (shown.length === 0) {
    body = (
      <TeamEmptyState
        searching={search.trim() !== ''}
        canInvite={canManage}
        onInvite={() => setInviting(true)}
      />
    );
  } else {
    const Members = wide ? TeamMembersTable : TeamMembersList;
    body = (
      <Members
        members={shown}
        currentUserId={me.data?.id}
        canManage={(member) => canManageRow(role, me.data?.id, member)}
        onChangeRole={mutations.setRole}
        onToggleActive={(member) => void mutations.setActive(member)}
        onDelete={setDeleting}
        onEditCapacity={canPlan(role) ? setCapacityOf : undefined}
      />
    );
  }

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" gap="sm" align="flex-end">
        {/* Straight in the row: the search box sizes itself there (in a column its flex
            basis became a 240 px height on phones). */}
        <SearchInput
          placeholder="Search team members..."
          value={search}
          onChange={url.setText}
          searching={false}
        />
        {canManage && (
          <Group gap="sm">
            <ExportCsvButton href="/api/team/export" />
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              Invite Member
            </Button>
          </Group>
        )}
      </Group>
      {members.isSuccess && (
        <Text size="sm" c="dimmed" mt={-4}>
          {memberSummary(all)}
        </Text>
      )}

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>

      {canManage && <PendingInvitationsSection wide={wide} />}

      {canManage && <InviteMemberDialog opened={inviting} onClose={() => setInviting(false)} />}
      <CapacityDialog
        member={capacityOf}
        opened={capacityOf !== null}
        onClose={() => setCapacityOf(null)}
      />
      <DeleteMemberDialog
        member={deletingShown}
        workspaceName={current.data?.name ?? 'this workspace'}
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting) : Promise.resolve(false))}
      />
    </Stack>
  );
}
