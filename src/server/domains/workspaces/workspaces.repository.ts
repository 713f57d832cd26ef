import { sql } from 'kysely';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { Workspace } from '../../../shared/workspaces.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { SystemActor } from '../../trpc/context.ts';
import { recordActivity } from '../audit/audit.repository.ts';

export const workspaceColumns = [
  'workspaces.id',
  'workspaces.name',
  'workspaces.subdomain as slug',
  'workspaces.description',
  'workspaces.email',
  'workspaces.phone',
  'workspaces.website',
  'workspaces.address',
  'workspaces.logoUrl',
  'workspaces.subscriptionTier',
  'workspaces.isActive',
  'workspaces.isDeleted',
  'workspaces.deletedAt',
  'workspaces.scheduledDeletionAt',
  'workspaces.createdAt',
  'workspaces.updatedAt',
] as const;

type DateFields = 'deletedAt' | 'scheduledDeletionAt' | 'createdAt' | 'updatedAt';
export type WorkspaceRecord = Omit<Workspace, DateFields> & {
  deletedAt: Date | null;
  scheduledDeletionAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Rows carry Date objects; the API speaks ISO strings. */
export function toWorkspace(row: WorkspaceRecord): Workspace {
  return {
    ...row,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    scheduledDeletionAt: row.scheduledDeletionAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's active membership in a workspace that is not deleted (it may be suspended). */
export async function findCurrentMembership(db: Database, workspaceId: number, userId: number) {
  const row = await db
    .selectFrom('userWorkspaces')
    .innerJoin('workspaces', 'workspaces.id', 'userWorkspaces.workspaceId')
    .select(workspaceColumns)
    .select('userWorkspaces.role')
    .where('userWorkspaces.workspaceId', '=', workspaceId)
    .where('userWorkspaces.userId', '=', userId)
    .where('userWorkspaces.isActive', '=', true)
    .where('workspaces.isDeleted', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  const { role, ...workspace } = row;
  return { role: role as WorkspaceRole, workspace: toWorkspace(workspace) };
}

/** Any membership of the user in the workspace, deleted or not: for switch and reactivate. */
export async function findMembership(db: Database, workspaceId: number, userId: number) {
  return db
    .selectFrom('userWorkspaces')
    .innerJoin('workspaces', 'workspaces.id', 'userWorkspaces.workspaceId')
    .select([
      'userWorkspaces.role',
      'userWorkspaces.isActive as membershipActive',
      'workspaces.isActive',
      'workspaces.isDeleted',
      'workspaces.scheduledDeletionAt',
    ])
    .where('userWorkspaces.workspaceId', '=', workspaceId)
    .where('userWorkspaces.userId', '=', userId)
    .executeTakeFirst();
}

/** Workspaces the user can enter right now (for choosing one at sign-in). */
export async function listUsableWorkspaceIds(db: Database, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('userWorkspaces')
    .innerJoin('workspaces', 'workspaces.id', 'userWorkspaces.workspaceId')
    .select('workspaces.id')
    .where('userWorkspaces.userId', '=', userId)
    .where('userWorkspaces.isActive', '=', true)
    .where('workspaces.isActive', '=', true)
    .where('workspaces.isDeleted', '=', false)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The workspace a sign-in makes current: the only one the user can enter; none when they
 * can enter several (they choose); and when they can enter none, the one whose membership
 * was last deactivated, if any, so that they are told their access to it was removed
 * (WORKSPACE_ACCESS_REVOKED, naming it) rather than asked to create a workspace.
 */
export async function signInWorkspaceId(db: Database, userId: number): Promise<number | null> {
  const usable = await listUsableWorkspaceIds(db, userId);
  if (usable.length > 0) return usable.length === 1 ? usable[0]! : null;
  const lost = await db
    .selectFrom('userWorkspaces')
    .innerJoin('workspaces', 'workspaces.id', 'userWorkspaces.workspaceId')
    .select('workspaces.id')
    .where('userWorkspaces.userId', '=', userId)
    .where('userWorkspaces.isActive', '=', false)
    .where('workspaces.isDeleted', '=', false)
    .orderBy('userWorkspaces.joinedAt', 'desc')
    .orderBy('userWorkspaces.id', 'desc')
    .executeTakeFirst();
  return lost?.id ?? null;
}

/** The user's workspaces; a deleted one is listed to its owner only, until it is purged. */
export async function listMyWorkspaces(db: Database, userId: number) {
  const rows = await db
    .selectFrom('userWorkspaces')
    .innerJoin('workspaces', 'workspaces.id', 'userWorkspaces.workspaceId')
    .select([
      'workspaces.id',
      'workspaces.name',
      'workspaces.description',
      'workspaces.logoUrl',
      'userWorkspaces.role',
      'workspaces.subscriptionTier',
      'workspaces.isActive',
      'workspaces.isDeleted',
      'workspaces.scheduledDeletionAt',
    ])
    .where('userWorkspaces.userId', '=', userId)
    .where('userWorkspaces.isActive', '=', true)
    .where((eb) =>
      eb.or([eb('workspaces.isDeleted', '=', false), eb('userWorkspaces.role', '=', 'owner')]),
    )
    .orderBy('workspaces.name')
    .orderBy('workspaces.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    role: r.role as WorkspaceRole,
    scheduledDeletionAt: r.scheduledDeletionAt?.toISOString() ?? null,
  }));
}

export async function isSubdomainTaken(db: Database, subdomain: string): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select('id')
    .where('subdomain', '=', subdomain)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertWorkspace(
  db: Database,
  values: { name: string; subdomain: string; email: string | null; logoUrl: string | null },
) {
  const row = await db
    .insertInto('workspaces')
    .values(values)
    .returning(workspaceColumns)
    .executeTakeFirstOrThrow();
  return toWorkspace(row);
}

export async function insertMembership(
  db: Database,
  values: { workspaceId: number; userId: number; role: WorkspaceRole; invitedBy?: number | null },
): Promise<void> {
  await db.insertInto('userWorkspaces').values(values).execute();
}

export async function updateWorkspace(
  db: Database,
  workspaceId: number,
  values: { name: string; description?: string | null; logoUrl?: string | null },
) {
  const row = await db
    .updateTable('workspaces')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', workspaceId)
    .where('isDeleted', '=', false)
    .returning(workspaceColumns)
    .executeTakeFirst();
  return row && toWorkspace(row);
}

export async function markWorkspaceDeleted(db: Database, workspaceId: number, graceDays: number) {
  return db
    .updateTable('workspaces')
    .set({
      isDeleted: true,
      deletedAt: sql<Date>`now()`,
      scheduledDeletionAt: sql<Date>`now() + make_interval(days => ${graceDays})`,
      updatedAt: sql<Date>`now()`,
    })
    .where('id', '=', workspaceId)
    .where('isDeleted', '=', false)
    .returning(['scheduledDeletionAt'])
    .executeTakeFirst();
}

/** Restores a deleted workspace while its grace period lasts. */
export async function reactivateWorkspace(db: Database, workspaceId: number) {
  const row = await db
    .updateTable('workspaces')
    .set({ isDeleted: false, deletedAt: null, scheduledDeletionAt: null, updatedAt: new Date() })
    .where('id', '=', workspaceId)
    .where('isDeleted', '=', true)
    .where('scheduledDeletionAt', '>', sql<Date>`now()`)
    .returning(workspaceColumns)
    .executeTakeFirst();
  return row && toWorkspace(row);
}

/**
 * Removes, with all their data, the workspaces whose grace period has run out, and writes
 * one activity-log row for each, as done by the system (the housekeeping job). Every server
 * runs this on its own timer: the advisory lock lets one of them purge while the others
 * skip the round instead of waiting on its rows.
 */
export async function purgeExpiredWorkspaces(db: Database, system: SystemActor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtext('keel:purge-expired-workspaces')) as locked`.execute(
      trx,
    );
    if (!rows[0]?.locked) return 0;
    const purged = await trx
      .deleteFrom('workspaces')
      .where('isDeleted', '=', true)
      .where('scheduledDeletionAt', '<=', sql<Date>`now()`)
      .returning(['id', 'name'])
      .execute();
    for (const workspace of purged) {
      // The workspace row is gone, so its id can only be named in the details.
      await recordActivity(trx, {
        action: 'workspace_deleted',
        system,
        details: `Workspace "${workspace.name}" (id ${workspace.id}) permanently removed after its grace period`,
      });
    }
    return purged.length;
  });
}

/** What a workspace holds, counted in one round trip (GET /api/workspaces/current/usage). */
export async function workspaceUsage(db: Database, workspaceId: number) {
  const { rows } = await sql<{
    members: number;
    activeMembers: number;
    contacts: number;
    organizations: number;
    projects: number;
    invoices: number;
    storageUsedBytes: string;
  }>`
    select
      (select count(*)::int from user_workspaces where workspace_id = ${workspaceId}) as members,
      -- Active as the team page says it: the membership and the account both.
      (select count(*)::int from user_workspaces m join users u on u.id = m.user_id
        where m.workspace_id = ${workspaceId} and m.is_active and u.is_active) as "activeMembers",
      (select count(*)::int from persons where workspace_id = ${workspaceId}) as contacts,
      (select count(*)::int from organizations where workspace_id = ${workspaceId}) as organizations,
      (select count(*)::int from projects where workspace_id = ${workspaceId}) as projects,
      (select count(*)::int from invoices where workspace_id = ${workspaceId}) as invoices,
      (select coalesce(sum(size), 0)::text from files
        where workspace_id = ${workspaceId}) as "storageUsedBytes"
  `.execute(db.withoutPlugins());
  const row = rows[0]!;
  return { ...row, storageUsedBytes: Number(row.storageUsedBytes) };
}
