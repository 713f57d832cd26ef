import { useMemo } from 'react';
import { ROLE_LABELS, type AssignableRole } from '../../../shared/roles.ts';
import type { Member } from '../../../shared/team.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { messageOf, trpc } from '../../trpc.ts';

/**
 * The team mutations with the toasts of SPEC §8 (failures carry the server's message)
 * and the one invalidation SPEC §7 asks for: the members list. Each resolves to whether
 * it succeeded, so dialogs know when to close.
 */
export function useTeamMutations() {
  const utils = trpc.useUtils();
  const { mutateAsync: changeRole } = trpc.team.changeRole.useMutation();
  const { mutateAsync: toggleActive } = trpc.team.toggleActive.useMutation();
  const { mutateAsync: removeMember } = trpc.team.remove.useMutation();

  return useMemo(() => {
    const refresh = () => utils.team.members.invalidate();

    const setRole = async (member: Member, role: AssignableRole): Promise<boolean> => {
      try {
        await changeRole({ id: member.id, role });
        await refresh();
        toastSuccess(
          'Role updated successfully',
          `${member.fullName} is now ${ROLE_LABELS[role]}.`,
        );
        return true;
      } catch (error) {
        toastError('Failed to update role', messageOf(error));
        return false;
      }
    };

    const setActive = async (member: Member): Promise<boolean> => {
      try {
        const { isActive } = await toggleActive({ id: member.id });
        await refresh();
        // SPEC §8 names one toast for both directions; reactivation says what happened.
        if (isActive) {
          toastSuccess('User reactivated', `${member.fullName} can access this workspace again.`);
        } else {
          toastSuccess(
            'User deactivated',
            `${member.fullName} can no longer access this workspace.`,
          );
        }
        return true;
      } catch (error) {
        toastError('Failed to deactivate user', messageOf(error));
        return false;
      }
    };

    const remove = async (member: Member): Promise<boolean> => {
      try {
        await removeMember({ id: member.id });
        await refresh();
        toastSuccess('Team member removed', `${member.fullName} was removed from this workspace.`);
        return true;
      } catch (error) {
        toastError('Failed to remove team member', messageOf(error));
        return false;
      }
    };

    return { setRole, setActive, remove };
  }, [utils, changeRole, toggleActive, removeMember]);
}
