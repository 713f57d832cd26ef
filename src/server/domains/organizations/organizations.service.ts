import { TRPCError } from '@trpc/server';
import type { WorkspaceScope } from '../../trpc/context.ts';
import * as repo from './organizations.repository.ts';

const NOT_FOUND = 'Organization not found';

export async function createOrganization(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: repo.OrganizationValues & { name: string },
) {
  const id = await repo.insertOrganization(db, workspaceId, values);
  return (await repo.findOrganization(db, workspaceId, id))!;
}

export async function updateOrganization(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: repo.OrganizationValues,
) {
  if (!(await repo.updateOrganization(db, workspaceId, id, values))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  }
  return (await repo.findOrganization(db, workspaceId, id))!;
}

export async function deleteOrganization(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  if (!(await repo.deleteOrganization(db, workspaceId, id))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  }
  return { success: true as const };
}
