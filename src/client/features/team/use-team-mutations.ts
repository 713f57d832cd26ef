import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ROLE_LABELS, type AssignableRole } from '../../../shared/roles.ts';
import type { Member } from '../../../shared/team.schema.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/** SPEC §7: the one list a team change makes stale. */
const members = [trpc.team.members];

/**
 * The team mutations with the toasts of SPEC §8 (failures carry the server's message)
 * and the one invalidation SPEC §7 asks for: the members list. Each resolves to whether
 * it succeeded, so dialogs know when to close. The member itself is each mutation's
 * input, since its toast names them.
 */
export function useTeamMutations() {
  const { client } = trpc.useUtils();
  const { mutateAsync: changeRole } = useMutation({
    mutationFn: ({ member, role }: { member: Member; role: AssignableRole }) =>
      client.team.changeRole.mutate({ id: member.id, role }),
    meta: {
      success: (_done: unknown, { member, role }: { member: Member; role: AssignableRole }) => [
        'Role updated successfully',
        `${member.fullName} is now ${ROLE_LABELS[role]}.`,
      ],
      error: withServerMessage('Failed to update role'),
      invalidates: members,
    },
  });
  const { mutateAsync: toggleActive } = useMutation({
    mutationFn: (member: Member) => client.team.toggleActive.mutate({ id: member.id }),
    meta: {
      // SPEC §8 names one toast for both directions; reactivation says what happened.
      success: ({ isActive }: { isActive: boolean }, member: Member) =>
        isActive
          ? ['User reactivated', `${member.fullName} can access this workspace again.`]
          : ['User deactivated', `${member.fullName} can no longer access this workspace.`],
      error: withServerMessage('Failed to deactivate user'),
      invalidates: members,
    },
  });
  const { mutateAsync: removeMember } = useMutation({
    mutationFn: (member: Member) => client.team.remove.mutate({ id: member.id }),
    meta: {
      success: (_done: unknown, member: Member) => [
        'Team member removed',
        `${member.fullName} was removed from this workspace.`,
      ],
      error: withServerMessage('Failed to remove team member'),
      invalidates: members,
    },
  });

  return useMemo(() => {
    const done = async (call: Promise<unknown>) => (await succeeded(call)) !== undefined;
    return {
      setRole: (member: Member, role: AssignableRole) => done(changeRole({ member, role })),
      setActive: (member: Member) => done(toggleActive(member)),
      remove: (member: Member) => done(removeMember(member)),
    };
  }, [changeRole, toggleActive, removeMember]);
}
