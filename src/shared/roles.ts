/** Workspace roles (SPEC §6). `partner` exists for invitations and role changes only. */
export const WORKSPACE_ROLES = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
  'collaborator',
] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Full labels, used on the team page and in invitations. */
export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  partner: 'Partner',
  administrator: 'Administrator',
  project_manager: 'Project Manager',
  collaborator: 'Collaborator',
};

/** Short labels of the workspace switcher (SPEC §6: Owner, Admin, Manager, Member). */
export const ROLE_SHORT_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Owner',
  partner: 'Partner',
  administrator: 'Admin',
  project_manager: 'Manager',
  collaborator: 'Member',
};

/** Roles allowed to manage the workspace itself (rename, describe, see the team card). */
export const WORKSPACE_MANAGERS = ['owner', 'administrator'] as const satisfies WorkspaceRole[];

/** Roles that see the team page (SPEC §6). */
export const TEAM_VIEWERS = [
  'owner',
  'administrator',
  'project_manager',
] as const satisfies WorkspaceRole[];

/** Roles that invite, export and change roles (SPEC §6). */
export const TEAM_MANAGERS = ['owner', 'administrator'] as const satisfies WorkspaceRole[];

/** Roles an invitation or a role change may give; ownership is never handed out this way. */
export const ASSIGNABLE_ROLES = [
  'partner',
  'administrator',
  'project_manager',
  'collaborator',
] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

/**
 * Whether someone in `actor`'s role may invite to `role`: owners and administrators may offer
 * every assignable role (SPEC §6: Administrator only by them). Checked when the invitation is
 * sent and again when it is accepted, so an invitation dies with its sender's rights.
 */
export function canInvite(actor: WorkspaceRole, role: WorkspaceRole): boolean {
  return (
    (TEAM_MANAGERS as readonly WorkspaceRole[]).includes(actor) &&
    (ASSIGNABLE_ROLES as readonly WorkspaceRole[]).includes(role)
  );
}

/**
 * SPEC §6: the owner manages anyone; an administrator only project managers and
 * collaborators; nobody manages an owner. (Managing oneself is refused separately.)
 */
export function canManageMember(actor: WorkspaceRole, target: WorkspaceRole): boolean {
  if (target === 'owner') return false;
  if (actor === 'owner') return true;
  return actor === 'administrator' && (target === 'project_manager' || target === 'collaborator');
}

/** Roles that issue and settle invoices and set the rates time is billed at. */
export const BILLING_MANAGERS = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
] as const satisfies WorkspaceRole[];

/** Roles that change the workspace's seller details and invoice numbering. */
export const BUSINESS_MANAGERS = [
  'owner',
  'partner',
  'administrator',
] as const satisfies WorkspaceRole[];

/**
 * Roles that plan the team's work: they see every member on the resourcing page and set
 * members' weekly capacity. Others see their own line.
 */
export const RESOURCE_PLANNERS = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
] as const satisfies WorkspaceRole[];
