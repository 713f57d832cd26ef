import { TRPCError } from '@trpc/server';
import {
  budgetProgress,
  type ProjectDetail,
  type ProjectValues,
} from '../../../shared/projects.schema.ts';
import { BILLING_MANAGERS, type WorkspaceRole } from '../../../shared/roles.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { isActiveMember } from '../team/team.repository.ts';
import * as repo from './projects.repository.ts';

const NOT_FOUND = 'Project not found';

async function checkReferences(db: Database, workspaceId: number, values: ProjectValues) {
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

/**
 * The project page: the project, its budget burn from its entries (each at its stored
 * rate) with SPEC §4's threshold level (the same `budgetProgress` as the project cards),
 * and who works on it.
 */
export async function getProject(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
): Promise<ProjectDetail> {
  const project = await repo.findProject(db, workspaceId, id);
  if (!project) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  const [burn, team, assignee] = await Promise.all([
    repo.projectBurn(db, workspaceId, id),
    repo.projectTeam(db, workspaceId, id, project.assignedUserId),
    project.assignedUserId === null ? null : repo.findMemberName(db, project.assignedUserId),
  ]);
  const progress = budgetProgress({ ...project, totalHours: burn.hours, totalAmount: burn.amount });
  return {
    ...project,
    client:
      project.clientId !== null && project.client
        ? { id: project.clientId, name: project.client.name }
        : null,
    assignee,
    burn: {
      ...burn,
      used: project.budgetType === 'time' ? burn.hours : burn.amount,
      percentUsed: Math.round(progress.share * 10) / 10,
      level: progress.level,
    },
    team,
  };
}

export async function createProject(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: ProjectValues & {
    name: string;
    budgetType: string;
    budgetLimit: string;
  },
) {
  await checkReferences(db, workspaceId, values);
  const hourlyRate = values.hourlyRate ?? (await findProfile(db, workspaceId)).defaultHourlyRate;
  const id = await repo.insertProject(db, workspaceId, { ...values, hourlyRate });
  return (await repo.findProject(db, workspaceId, id))!;
}

/**
 * A new hourly rate prices the time not yet invoiced; invoiced time keeps the rate stored
 * on it. Only those who manage invoices set rates.
 */
export async function updateProject(
  { db, workspace: { id: workspaceId }, role }: WorkspaceScope,
  id: number,
  values: ProjectValues,
) {
  if (
    values.hourlyRate !== undefined &&
    !(BILLING_MANAGERS as readonly WorkspaceRole[]).includes(role)
  ) {
    // A form that sends the rate unchanged is no rate change.
    const current = await repo.findProject(db, workspaceId, id);
    if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
    if (Number(current.hourlyRate) !== Number(values.hourlyRate)) {
      throw new TRPCError({
        code: 'FORBIDDEN',
        message: 'Only those who manage invoices can change a rate',
      });
    }
    const { hourlyRate: _unchanged, ...others } = values;
    values = others;
  }
  await checkReferences(db, workspaceId, values);
  const updated = await db.transaction().execute(async (trx) => {
    if (!(await repo.updateProject(trx, workspaceId, id, values))) return false;
    if (values.hourlyRate !== undefined) {
      await repo.repriceUnbilledEntries(trx, workspaceId, id, values.hourlyRate);
      await repo.refreshProjectTotals(trx, workspaceId, id);
    }
    return true;
  });
  if (!updated) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return (await repo.findProject(db, workspaceId, id))!;
}

/**
 * Its unbilled time entries and timers go with it; a project with invoiced time stays
 * (409), since its entries are the record of what was billed. The row is locked first, so
 * a billing of its time that is under way finishes before the check.
 */
export async function deleteProject(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockProject(trx, workspaceId, id, 'update')))
      throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
    const billed = await repo.countBilledEntries(trx, workspaceId, id);
    if (billed > 0) {
      throw new TRPCError({
        code: 'CONFLICT',
        message: `This project has ${billed} invoiced time ${billed === 1 ? 'entry' : 'entries'} and cannot be deleted.`,
      });
    }
    await repo.deleteProject(trx, workspaceId, id);
  });
  return { success: true as const };
}
