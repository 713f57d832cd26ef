import { TRPCError } from '@trpc/server';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findClient } from '../clients/clients.repository.ts';
import { isActiveMember } from '../team/team.repository.ts';
import * as repo from './projects.repository.ts';

const NOT_FOUND = 'Project not found';

async function checkReferences(db: Database, workspaceId: number, values: repo.ProjectValues) {
  if (values.clientId != null && !(await findClient(db, workspaceId, values.clientId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Client not found' });
  }
  if (
    values.assignedUserId != null &&
    !(await isActiveMember(db, workspaceId, values.assignedUserId))
  ) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  }
}

export async function createProject(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: repo.ProjectValues & {
    name: string;
    budgetType: string;
    budgetLimit: string;
    hourlyRate: string;
  },
) {
  await checkReferences(db, workspaceId, values);
  const id = await repo.insertProject(db, workspaceId, values);
  return (await repo.findProject(db, workspaceId, id))!;
}

/** A new hourly rate re-prices the hours already logged. */
export async function updateProject(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: repo.ProjectValues,
) {
  await checkReferences(db, workspaceId, values);
  const updated = await db.transaction().execute(async (trx) => {
    if (!(await repo.updateProject(trx, workspaceId, id, values))) return false;
    if (values.hourlyRate !== undefined) await repo.refreshProjectTotals(trx, workspaceId, id);
    return true;
  });
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return (await repo.findProject(db, workspaceId, id))!;
}

/** Its time entries and timers go with it; invoices keep their amounts and lose the link. */
export async function deleteProject(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  if (!(await repo.deleteProject(db, workspaceId, id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return { success: true as const };
}
