import { TRPCError } from '@trpc/server';
import { RATE_TARGET_REQUIRED } from '../../../shared/rates.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { deletedOrNotFound } from '../../plugins/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { recordActivity } from '../audit/audit.repository.ts';
import { findProject, refreshProjectTotals } from '../projects/projects.repository.ts';
import * as repo from './rates.repository.ts';

const NOT_FOUND = 'Rate card not found';
const DUPLICATE = 'This member and project already have a rate card from that day';

async function checkTargets(
  db: Database,
  workspaceId: number,
  values: { userId?: number | null; projectId?: number | null },
) {
  if (values.userId != null && !(await repo.isMember(db, workspaceId, values.userId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Member not found' });
  }
  if (values.projectId != null && !(await findProject(db, workspaceId, values.projectId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Project not found' });
  }
}

function duplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: DUPLICATE });
  throw error;
}

/** A new card prices time logged from now on; entries already logged keep their rates. */
export async function createRate(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: repo.RateValues & { billableRate: string; costRate: string; effectiveFrom: string },
) {
  await checkTargets(db, workspaceId, values);
  const id = await repo
    .insertRate(db, workspaceId, {
      userId: values.userId ?? null,
      projectId: values.projectId ?? null,
      billableRate: values.billableRate,
      costRate: values.costRate,
      effectiveFrom: values.effectiveFrom,
    })
    .catch(duplicate);
  return (await repo.findRate(db, workspaceId, id))!;
}

export async function updateRate(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: repo.RateValues,
) {
  const current = await repo.findRate(db, workspaceId, id);
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  const userId = values.userId !== undefined ? values.userId : current.userId;
  const projectId = values.projectId !== undefined ? values.projectId : current.projectId;
  if (userId == null && projectId == null) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: RATE_TARGET_REQUIRED });
  }
  await checkTargets(db, workspaceId, {
    userId: values.userId !== undefined ? values.userId : null,
    projectId: values.projectId !== undefined ? values.projectId : null,
  });
  const changed = await repo.updateRate(db, workspaceId, id, values).catch(duplicate);
  if (!changed) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return (await repo.findRate(db, workspaceId, id))!;
}

export function deleteRate({ db, workspace: { id: workspaceId } }: WorkspaceScope, id: number) {
  return deletedOrNotFound(repo.deleteRate(db, workspaceId, id), NOT_FOUND);
}

export async function previewReprice(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  filter: repo.RepriceFilter,
) {
  await checkTargets(db, workspaceId, filter);
  return repo.previewReprice(db, workspaceId, filter);
}

/**
 * Re-prices the unbilled time from `from` at the rates in force on each entry's day, in one
 * transaction with the projects' totals; billed entries and approved weeks keep theirs.
 */
export async function reprice(scope: WorkspaceScope, filter: repo.RepriceFilter) {
  const { db, workspace } = scope;
  await checkTargets(db, workspace.id, filter);
  const count = await db.transaction().execute(async (trx) => {
    const result = await repo.applyReprice(trx, workspace.id, filter);
    for (const projectId of result.projectIds.sort((a, b) => a - b)) {
      await refreshProjectTotals(trx, workspace.id, projectId);
    }
    await recordActivity(trx, {
      action: 'time_repriced',
      userId: scope.user.id,
      workspaceId: workspace.id,
      details: [
        `Re-priced ${result.count} unbilled time ${result.count === 1 ? 'entry' : 'entries'} from ${filter.from}`,
        filter.userId != null ? `member ${filter.userId}` : null,
        filter.projectId != null ? `project ${filter.projectId}` : null,
      ]
        .filter(Boolean)
        .join(', '),
    });
    return result.count;
  });
  return { repriced: count };
}
