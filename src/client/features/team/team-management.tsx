import { Button, Text } from '@mantine/core';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { Member } from '../../../shared/team.schema.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { CapacityDialog, canPlan } from '../resourcing/capacity.dialog.tsx';
import { InviteMemberDialog } from './invite-member.dialog.tsx';
import { PendingInvitationsSection } from './pending-invitations.section.tsx';
import { canManageRow, canManageTeam, matchesSearch } from './team-display.ts';
import { TeamMembersList } from './team-members.list.tsx';
import { TeamMembersTable } from './team-members.table.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPage, wholeList } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { MAX_PAGE_SIZE } from '../../../shared/list.schema.ts';
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
  // The search stays in the URL (?q=) like every list's; a workspace has a handful of
  // members, all in one answer, so they are filtered here, as typed.
  const controls = useListControls({ pageSize: MAX_PAGE_SIZE });
  const search = controls.text;
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<Member | null>(null);
  const [capacityOf, setCapacityOf] = useState<Member | null>(null);

  // Mantine's `sm`: below it the table gives way to a list (one or the other, never both,
  // so every control exists once).
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const canManage = canManageTeam(role);
  const Members = wide ? TeamMembersTable : TeamMembersList;

  return (
    <ListPage
      // Filtered as typed: nothing is on its way to the server.
      controls={{ ...controls, typing: false, query: undefined }}
      result={wholeList(members, (member) => matchesSearch(member, search))}
      paged={false}
      noun="team members"
      search={{ placeholder: 'Search team members...' }}
      actions={
        canManage && (
          <>
            <ExportCsvButton href="/api/team/export" />
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              Invite Member
            </Button>
          </>
        )
      }
      below={
        members.isSuccess && (
          <Text size="sm" c="dimmed" mt={-4}>
            {memberSummary(members.data)}
          </Text>
        )
      }
      filtering={search.trim() !== ''}
      empty={{
        icon: <IconUsers size={26} stroke={1.6} />,
        title: 'No team members found',
        description: 'Start building your team by inviting members to your workspace.',
        actions: canManage && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            Invite Your First Member
          </Button>
        ),
        filteredDescription: 'Try adjusting your search query.',
      }}
      rows={(shown) => (
        <Members
          members={shown}
          currentUserId={me.data?.id}
          canManage={(member) => canManageRow(role, me.data?.id, member)}
          onChangeRole={mutations.setRole}
          onToggleActive={(member) => void mutations.setActive(member)}
          onDelete={setDeleting}
          onEditCapacity={canPlan(role) ? setCapacityOf : undefined}
        />
      )}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete User',
        confirmLabel: 'Delete User',
        // SPEC §2's wording.
        message: (member) => (
          <>
            Are you sure you want to permanently delete <strong>{member.fullName}</strong> from{' '}
            {current.data?.name ?? 'this workspace'}? This action cannot be undone, and they will
            immediately lose access to this workspace.
          </>
        ),
        confirm: mutations.remove,
      }}
    >
      {canManage && <PendingInvitationsSection wide={wide} />}
      {canManage && <InviteMemberDialog opened={inviting} onClose={() => setInviting(false)} />}
      <CapacityDialog
        member={capacityOf}
        opened={capacityOf !== null}
        onClose={() => setCapacityOf(null)}
      />
    </ListPage>
  );
}
