import { TRPCError } from '@trpc/server';
import { stageKey } from '../../../shared/slug.ts';
import { stageNotEmptyMessage } from '../../../shared/pipeline.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { lockAssignee } from '../../db/workspace-rows.ts';
import { deletedOrNotFound } from '../../plugins/errors.ts';
import type { Context, WorkspaceScope } from '../../trpc/context.ts';
import { dealAssigned } from '../notifications/notification-events.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import { personExists } from '../contacts/contacts.repository.ts';
import { checkOrganizationAndAssignee } from '../contacts/contacts.service.ts';
import * as repo from './pipeline.repository.ts';

/** The pipeline every new workspace starts with; new, won and lost cannot be changed. */
export const DEFAULT_STAGES = [
  { key: 'new', label: 'New', color: 'gray', isSystemStage: true },
  { key: 'contacted', label: 'Contacted', color: 'blue', isSystemStage: false },
  { key: 'meeting_scheduled', label: 'Meeting Scheduled', color: 'violet', isSystemStage: false },
  { key: 'proposal_sent', label: 'Proposal Sent', color: 'orange', isSystemStage: false },
  { key: 'won', label: 'Won', color: 'green', isSystemStage: true },
  { key: 'lost', label: 'Lost', color: 'red', isSystemStage: true },
] as const;

const STAGE_NOT_FOUND = 'Stage not found';
const LEAD_NOT_FOUND = 'Opportunity not found';

// Stages

export async function createStage(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  input: { label: string; key?: string; color?: string },
) {
  const key = stageKey(input.key || input.label);
  if (!key) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Stage name is required' });
  if (await repo.stageKeyExists(db, workspaceId, key)) {
    throw new TRPCError({ code: 'CONFLICT', message: 'A stage with this name already exists' });
  }
  return repo
    .insertStage(db, workspaceId, { key, label: input.label, color: input.color })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) {
        throw new TRPCError({ code: 'CONFLICT', message: 'A stage with this name already exists' });
      }
      throw error;
    });
}

async function editableStage(
  db: Database,
  workspaceId: number,
  id: number,
  action: 'edited' | 'deleted',
) {
  const stage = await repo.findStage(db, workspaceId, id);
  if (!stage) throw new TRPCError({ code: 'NOT_FOUND', message: STAGE_NOT_FOUND });
  if (stage.isSystemStage) {
    throw new TRPCError({ code: 'FORBIDDEN', message: `System stages cannot be ${action}` });
  }
  return stage;
}

export async function updateStage(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  input: { id: number; label: string; color?: string },
) {
  await editableStage(db, workspaceId, input.id, 'edited');
  return (await repo.updateStage(db, workspaceId, input.id, {
    label: input.label,
    color: input.color,
  }))!;
}

/** A stage holding deals cannot go (the foreign key agrees if two requests race). */
export async function deleteStage(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  const stage = await editableStage(db, workspaceId, id, 'deleted');
  const count = await repo.countLeadsInStage(db, workspaceId, stage.key);
  if (count > 0) throw new TRPCError({ code: 'CONFLICT', message: stageNotEmptyMessage(count) });
  await repo.deleteStage(db, workspaceId, id).catch(async (error: unknown) => {
    if (!isForeignKeyViolation(error)) throw error;
    const now = await repo.countLeadsInStage(db, workspaceId, stage.key);
    throw new TRPCError({ code: 'CONFLICT', message: stageNotEmptyMessage(now) });
  });
  return { success: true as const };
}

export async function reorderStages(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  ids: number[],
) {
  return db.transaction().execute(async (trx) => {
    const current = await repo.listStages(trx, workspaceId);
    const known = new Set(current.map((s) => s.id));
    if (
      ids.length !== known.size ||
      new Set(ids).size !== ids.length ||
      !ids.every((id) => known.has(id))
    ) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'Send every stage of the pipeline exactly once',
      });
    }
    await repo.setStageOrder(trx, workspaceId, ids);
    return repo.listStages(trx, workspaceId);
  });
}

// Leads

async function checkReferences(db: Database, workspaceId: number, values: repo.LeadValues) {
  if (values.stage !== undefined && !(await repo.stageKeyExists(db, workspaceId, values.stage))) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Unknown stage "${values.stage.slice(0, 60)}"`,
    });
  }
  if (values.personId != null && !(await personExists(db, workspaceId, values.personId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Contact not found' });
  }
  await checkOrganizationAndAssignee(db, workspaceId, values);
}

/** A reference deleted between the check and the write is reported as not found. */
function referenceGone(error: unknown): never {
  if (isForeignKeyViolation(error)) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'A linked record no longer exists' });
  }
  throw error;
}

export async function createLead(
  { db, jobs, workspace: { id: workspaceId }, user }: WorkspaceScope & Pick<Context, 'jobs'>,
  { tags, ...values }: repo.LeadValues & { dealName: string; tags?: string[] },
) {
  const withDefaults = { stage: 'new', ...values };
  await checkReferences(db, workspaceId, withDefaults);
  const id = await db.transaction().execute(async (trx) => {
    const leadId = await repo.insertLead(trx, workspaceId, withDefaults).catch(referenceGone);
    if (tags) await repo.setLeadTags(trx, workspaceId, leadId, tags);
    const assigneeId = values.assignedUserId;
    await dealAssigned(trx, jobs, { workspaceId, actorUserId: user.id, leadId, assigneeId });
    return leadId;
  });
  return (await repo.findLead(db, workspaceId, id))!;
}

export async function updateLead(
  { db, jobs, workspace: { id: workspaceId }, user }: WorkspaceScope & Pick<Context, 'jobs'>,
  id: number,
  { tags, ...values }: repo.LeadValues & { tags?: string[] },
) {
  await checkReferences(db, workspaceId, values);
  await db.transaction().execute(async (trx) => {
    const before = await lockAssignee(trx, 'leads', workspaceId, id);
    if (!before || !(await repo.updateLead(trx, workspaceId, id, values).catch(referenceGone))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: LEAD_NOT_FOUND });
    }
    // Tags left out stay as they are; an empty list takes them all off.
    if (tags) await repo.setLeadTags(trx, workspaceId, id, tags);
    const assigneeId = values.assignedUserId;
    if (assigneeId !== undefined && assigneeId !== before.assignedUserId) {
      await dealAssigned(trx, jobs, { workspaceId, actorUserId: user.id, leadId: id, assigneeId });
    }
  });
  return (await repo.findLead(db, workspaceId, id))!;
}

export function deleteLead({ db, workspace: { id: workspaceId } }: WorkspaceScope, id: number) {
  return deletedOrNotFound(repo.deleteLead(db, workspaceId, id), LEAD_NOT_FOUND);
}
