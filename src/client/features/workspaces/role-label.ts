import { ROLE_LABELS, WORKSPACE_ROLES, type WorkspaceRole } from '../../../shared/roles.ts';

export function isWorkspaceRole(role: string | null | undefined): role is WorkspaceRole {
  return (WORKSPACE_ROLES as readonly string[]).includes(role ?? '');
}

/** The capitalised label of a workspace role (SPEC §6), or null for none. */
export function roleLabel(role: string | null | undefined): string | null {
  return isWorkspaceRole(role) ? ROLE_LABELS[role] : null;
}
