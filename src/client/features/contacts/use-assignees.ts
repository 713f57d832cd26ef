import { useMemo } from 'react';
import { trpc } from '../../trpc.ts';

/** The Select value standing for "nobody": Mantine's Select has no use for ''. */
export const UNASSIGNED = 'unassigned';

export type AssigneeOption = { value: string; label: string; disabled?: boolean };

/**
 * The assignee choices (SPEC §2): 'Unassigned' plus the workspace's active members. A
 * deactivated member still assigned to a contact stays listed, disabled, so the contact
 * keeps showing their name instead of a blank select.
 */
export function useAssignees() {
  const members = trpc.team.members.useQuery();
  return useMemo(() => {
    const list = members.data ?? [];
    const nameOf = (id: number | null | undefined): string => {
      if (id == null) return 'Unassigned';
      return list.find((m) => m.id === id)?.fullName ?? 'Unknown user';
    };
    const optionsFor = (assignedUserId: number | null | undefined): AssigneeOption[] => [
      { value: UNASSIGNED, label: 'Unassigned' },
      ...list
        .filter((m) => m.isActive || m.id === assignedUserId)
        .map((m) => ({
          value: String(m.id),
          label: m.fullName || m.email,
          disabled: !m.isActive,
        })),
    ];
    return { isLoading: members.isLoading, nameOf, optionsFor };
  }, [members.data, members.isLoading]);
}
