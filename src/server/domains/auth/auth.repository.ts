import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import { rememberedRead } from '../../db/embedded.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { Workspace } from '../../../shared/workspaces.schema.ts';
import {
  toWorkspace,
  workspaceColumns,
  type WorkspaceRecord,
} from '../workspaces/workspaces.repository.ts';

/** The columns a request needs about its user; never the password hash. */
export async function findActiveUserById(db: Database, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fullName', 'isAdmin', 'profileImageUrl'])
    .where('id', '=', id)
    .where('isActive', '=', true)
    .executeTakeFirst();
}
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findActiveUserById>>>;

export interface Membership {
  role: WorkspaceRole;
  workspace: Workspace;
}

/**
 * What every request checks, in one statement: the user, if still active, and their active
 * membership of `workspaceId` in a workspace that is not deleted (it may be suspended).
 * Remembered only until the next write (embedded database): deactivation takes effect at once.
 */
function findCaller(db: Database, userId: number, workspaceId: number | null) {
  return rememberedRead(db, `caller:${userId}:${workspaceId}`, () =>
    callerQuery(db, userId, workspaceId).execute(),
  );
}

/** The statement findCaller runs (bench/bare.ts compiles it). */
export function callerQuery(db: Database, userId: number, workspaceId: number | null) {
  return db
    .selectFrom('users')
    .leftJoin('userWorkspaces', (join) =>
      join
        .onRef('userWorkspaces.userId', '=', 'users.id')
        .on('userWorkspaces.workspaceId', '=', workspaceId)
        .on('userWorkspaces.isActive', '=', true),
    )
    .leftJoin('workspaces', (join) =>
      join
        .onRef('workspaces.id', '=', 'userWorkspaces.workspaceId')
        .on('workspaces.isDeleted', '=', false),
    )
    .select([
      'users.id as userId',
      'users.email as userEmail',
      'users.fullName as userFullName',
      'users.isAdmin as userIsAdmin',
      'users.profileImageUrl as userProfileImageUrl',
      'userWorkspaces.role',
      ...workspaceColumns,
    ])
    .where('users.id', '=', userId)
    .where('users.isActive', '=', true);
}

export async function findActiveUserWithMembership(
  db: Database,
  userId: number,
  workspaceId: number | null,
): Promise<{ user: SessionUser; membership: Membership | null } | undefined> {
  const [row] = await findCaller(db, userId, workspaceId);
  if (!row) return undefined;
  const { userId: id, userEmail, userFullName, userIsAdmin, userProfileImageUrl, role } = row;
  const user = {
    id,
    email: userEmail,
    fullName: userFullName,
    isAdmin: userIsAdmin,
    profileImageUrl: userProfileImageUrl,
  };
  if (role === null || row.id === null) return { user, membership: null };
  const {
    userId: _u,
    userEmail: _e,
    userFullName: _f,
    userIsAdmin: _a,
    userProfileImageUrl: _p,
    role: _r,
    ...workspace
  } = row;
  return {
    user,
    membership: {
      role: role as WorkspaceRole,
      workspace: toWorkspace(workspace as WorkspaceRecord),
    },
  };
}

export async function findUserCredentialsByEmail(db: Database, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'fullName', 'passwordHash', 'isActive'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The first account ever created is the platform administrator. */
export async function insertUser(
  db: Database,
  values: { email: string; fullName: string; passwordHash: string },
) {
  return db
    .insertInto('users')
    .values({
      email: values.email.toLowerCase(),
      fullName: values.fullName,
      passwordHash: values.passwordHash,
      isAdmin: sql<boolean>`not exists (select 1 from users)`,
    })
    .returning(['id', 'email', 'fullName'])
    .executeTakeFirstOrThrow();
}

export async function recordLogin(db: Database, userId: number): Promise<void> {
  await db.updateTable('users').set({ lastLoginAt: new Date() }).where('id', '=', userId).execute();
}

export async function setAdmin(db: Database, email: string, isAdmin: boolean) {
  return db
    .updateTable('users')
    .set({ isAdmin, updatedAt: new Date() })
    .where('email', '=', email.toLowerCase())
    .returning(['id', 'email', 'isAdmin'])
    .executeTakeFirst();
}
