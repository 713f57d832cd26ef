import { BILLING_MANAGERS, type WorkspaceRole } from '../../../shared/roles.ts';

/** Who sees what members cost: those who set billing rates (rate cards' own rule). */
export function seesCosts(role: WorkspaceRole): boolean {
  return (BILLING_MANAGERS as readonly WorkspaceRole[]).includes(role);
}

/** A time entry as `role` may see it: without its cost rate (null) for collaborators. */
export function entryFor<T extends { costRate: string | null }>(role: WorkspaceRole, entry: T): T {
  return seesCosts(role) ? entry : { ...entry, costRate: null };
}

/** A page of time entries as `role` may see it. */
export function pageFor<T extends { items: { costRate: string | null }[] }>(
  role: WorkspaceRole,
  page: T,
): T {
  return seesCosts(role) ? page : { ...page, items: page.items.map((e) => entryFor(role, e)) };
}
