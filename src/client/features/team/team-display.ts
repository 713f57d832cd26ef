import { showDate, showDateTime } from '../../components/display-preferences.tsx';
import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  TEAM_MANAGERS,
  TEAM_VIEWERS,
  canManageMember,
  type AssignableRole,
  type WorkspaceRole,
} from '../../../shared/roles.ts';
import type { Member } from '../../../shared/team.schema.ts';

/** SPEC §6: each role's badge has its own colour. */
export const ROLE_COLORS: Record<WorkspaceRole, string> = {
  owner: 'indigo',
  partner: 'grape',
  administrator: 'teal',
  project_manager: 'orange',
  collaborator: 'gray',
};

/**
 * The roles the invite dialog and the role dropdown offer (SPEC §2: Collaborator,
 * Project Manager, Administrator). Partner exists in the data but is not offered; a
 * member who already is one keeps it in their own dropdown.
 */
export const OFFERED_ROLES = [
  'collaborator',
  'project_manager',
  'administrator',
] as const satisfies AssignableRole[];

export function roleOptions(current?: WorkspaceRole) {
  const roles: AssignableRole[] = [...OFFERED_ROLES];
  if (current === 'partner') roles.push('partner');
  return roles.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
}

export function isAssignableRole(value: string | null): value is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(value ?? '');
}

export function canViewTeam(role: WorkspaceRole | undefined): boolean {
  return (TEAM_VIEWERS as readonly string[]).includes(role ?? '');
}

/** SPEC §6: invite, export and role changes. */
export function canManageTeam(role: WorkspaceRole | undefined): boolean {
  return (TEAM_MANAGERS as readonly string[]).includes(role ?? '');
}

/** Whether the signed-in user gets the role dropdown and the row menu for this member. */
export function canManageRow(
  actorRole: WorkspaceRole | undefined,
  actorId: number | undefined,
  member: Member,
): boolean {
  if (!actorRole || !canManageTeam(actorRole) || member.id === actorId) return false;
  return canManageMember(actorRole, member.role);
}

/** SPEC §2 Last active: the month and day of the last sign-in. */
export function formatLastActive(iso: string | null): string {
  return iso ? showDate(iso, 'dayMonth') : 'Never';
}

/** SPEC §2 Invited on: the day the member joined, as MM/dd/yyyy (or the user's order). */
export function formatInvitedOn(iso: string): string {
  return showDate(iso, 'numeric');
}

export function formatFullDate(iso: string): string {
  return showDateTime(iso);
}

/** SPEC §2: case-insensitive search over the full name and the email. */
export function matchesSearch(member: Member, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    member.fullName.toLowerCase().includes(needle) || member.email.toLowerCase().includes(needle)
  );
}

const AVATAR_COLORS = ['blue', 'cyan', 'teal', 'green', 'orange', 'red', 'grape', 'violet'];

/** SPEC §9: the avatar colour is one of eight, chosen by the length of the name. */
export function avatarColorOf(name: string): string {
  return AVATAR_COLORS[name.length % AVATAR_COLORS.length] ?? 'blue';
}
