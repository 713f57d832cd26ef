import { TRPCError } from '@trpc/server';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import * as repo from './clients.repository.ts';

const NOT_FOUND = 'Client not found';

export async function updateClient(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: repo.ClientValues,
) {
  const client = await repo.updateClient(db, workspaceId, id, values);
  if (!client) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return client;
}

function inUse(projects: number, invoices: number): TRPCError {
  return new TRPCError({
    code: 'CONFLICT',
    message: `This client has ${projects} project(s) and ${invoices} invoice(s) and cannot be deleted.`,
  });
}

/** A client with projects or invoices stays: its history would lose its name. */
export async function deleteClient(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  if (!(await repo.findClient(db, workspaceId, id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  const { projects, invoices } = await repo.countClientDependents(db, workspaceId, id);
  if (projects + invoices > 0) throw inUse(projects, invoices);
  await repo.deleteClient(db, workspaceId, id).catch(async (error: unknown) => {
    if (!isForeignKeyViolation(error)) throw error;
    const now = await repo.countClientDependents(db, workspaceId, id);
    throw inUse(now.projects, now.invoices);
  });
  return { success: true as const };
}
