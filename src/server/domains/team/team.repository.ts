import { sql } from 'kysely';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { AssignableRole } from '../../../shared/roles.ts';
import { splitFullName, type Member, type PendingInvitation } from '../../../shared/team.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { crossWorkspace } from '../../db/cross-workspace.ts';
import { keysetBatches } from '../../db/export-batches.ts';
import { iso } from '../../db/search.ts';

const ownersFirst = sql<number>`case when uw.role = 'owner' then 0 else 1 end`;

/** The workspace's memberships (`uw`), active or not, with their accounts (`u`). */
export function membersOf(db: Database, workspaceId: number) {
  return db
    .selectFrom('userWorkspaces as uw')
    .innerJoin('users as u', 'u.id', 'uw.userId')
    .where('uw.workspaceId', '=', workspaceId);
}

/**
 * The workspace's active members: the membership and the account both active. One
 * definition, as it decides who may be given work, who is told and who is asked, everywhere.
 */
export function activeMembersOf(db: Database, workspaceId: number) {
  return membersOf(db, workspaceId).where('uw.isActive', '=', true).where('u.isActive', '=', true);
}

function selectMembers(db: Database, workspaceId: number) {
  return membersOf(db, workspaceId)
    .leftJoin('users as inviter', 'inviter.id', 'uw.invitedBy')
    .select([
      'u.id',
      'u.fullName',
      'u.email',
      'uw.role',
      'uw.isActive as membershipActive',
      'u.isActive as accountActive',
      'u.lastLoginAt',
      'uw.joinedAt',
      'inviter.fullName as invitedBy',
      'u.profileImageUrl',
      'uw.capacityHours',
      ownersFirst.as('rank'),
    ])
    .orderBy(ownersFirst)
    .orderBy('u.fullName')
    .orderBy('u.id');
}

type MemberRow = Awaited<ReturnType<ReturnType<typeof selectMembers>['execute']>>[number];

function toMember(r: MemberRow): Member {
  return {
    id: r.id,
    fullName: r.fullName,
    ...splitFullName(r.fullName),
    email: r.email,
    role: r.role as WorkspaceRole,
    isActive: r.membershipActive && r.accountActive,
    isOwner: r.role === 'owner',
    lastLoginAt: iso(r.lastLoginAt),
    createdAt: iso(r.joinedAt),
    invitedBy: r.invitedBy,
    profileImageUrl: r.profileImageUrl,
    capacityHours: r.capacityHours,
  };
}

/** Members of the workspace, owners first, then by name. */
export async function listMembers(db: Database, workspaceId: number): Promise<Member[]> {
  return (await selectMembers(db, workspaceId).execute()).map(toMember);
}

/** The members in the same order, a batch at a time after the last (rank, name, id) read. */
export async function* memberBatches(db: Database, workspaceId: number) {
  const read = (after: MemberRow | undefined, size: number) => {
    let query = selectMembers(db, workspaceId);
    if (after) {
      query = query.where(
        sql<boolean>`(${ownersFirst}, u.full_name, u.id) > (${after.rank}, ${after.fullName}, ${after.id})`,
      );
    }
    return query.limit(size).execute();
  };
  for await (const rows of keysetBatches(read)) yield rows.map(toMember);
}

/** Whether the user can be given work here: an active member with an active account. */
export async function isActiveMember(
  db: Database,
  workspaceId: number,
  userId: number,
): Promise<boolean> {
  const row = await activeMembersOf(db, workspaceId)
    .select('uw.id')
    .where('uw.userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Who can be given work here (as `isActiveMember`), with what an import names them by:
 * their email and full name.
 */
export async function listAssignableMembers(db: Database, workspaceId: number) {
  return activeMembersOf(db, workspaceId)
    .select(['u.id', 'u.email', 'u.fullName'])
    .orderBy('u.id')
    .execute();
}

export async function findMembershipRole(db: Database, workspaceId: number, userId: number) {
  const row = await db
    .selectFrom('userWorkspaces')
    .select(['role', 'isActive'])
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row && { role: row.role as WorkspaceRole, isActive: row.isActive };
}

export async function setMemberRole(
  db: Database,
  workspaceId: number,
  userId: number,
  role: WorkspaceRole,
) {
  await db
    .updateTable('userWorkspaces')
    .set({ role })
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .execute();
}

export async function setMemberActive(
  db: Database,
  workspaceId: number,
  userId: number,
  isActive: boolean,
) {
  await db
    .updateTable('userWorkspaces')
    .set({ isActive })
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .execute();
}

export async function deleteMembership(db: Database, workspaceId: number, userId: number) {
  await db
    .deleteFrom('userWorkspaces')
    .where('workspaceId', '=', workspaceId)
    .where('userId', '=', userId)
    .execute();
}

export async function isMemberByEmail(db: Database, workspaceId: number, email: string) {
  const row = await membersOf(db, workspaceId)
    .select('uw.id')
    .where('u.email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

// Invitations

export async function insertInvitation(
  db: Database,
  values: {
    workspaceId: number;
    tokenHash: string;
    email: string;
    fullName: string;
    role: string;
    invitedBy: number;
    expiresAt: Date;
  },
) {
  // A new invitation replaces any pending one for the same person.
  await db
    .deleteFrom('invitationTokens')
    .where('workspaceId', '=', values.workspaceId)
    .where('email', '=', values.email)
    .where('used', '=', false)
    .execute();
  const { tokenHash, ...rest } = values;
  await db
    .insertInto('invitationTokens')
    .values({ ...rest, token: tokenHash })
    .execute();
}

/**
 * An invitation by its token's hash, with what its sender holds today in its workspace: their
 * role, and whether their membership and account are still active (null when they left). In
 * the workspace the token names; across workspaces (null) for a link sent before tokens named
 * their workspace.
 */
export async function findInvitationByHash(
  db: Database,
  tokenHash: string,
  workspaceId: number | null,
  forUpdate = false,
) {
  let q = db
    .selectFrom('invitationTokens as it')
    .innerJoin('workspaces as w', 'w.id', 'it.workspaceId')
    .leftJoin('userWorkspaces as sender', (join) =>
      join
        .onRef('sender.workspaceId', '=', 'it.workspaceId')
        .onRef('sender.userId', '=', 'it.invitedBy'),
    )
    .leftJoin('users as senderAccount', 'senderAccount.id', 'it.invitedBy')
    .select([
      'it.id',
      'it.workspaceId',
      'it.email',
      'it.fullName',
      'it.role',
      'it.invitedBy',
      'it.used',
      'it.voidedAt',
      'it.expiresAt',
      'sender.role as senderRole',
      'sender.isActive as senderMembershipActive',
      'senderAccount.isActive as senderAccountActive',
      'w.name as workspaceName',
      'w.isDeleted as workspaceDeleted',
      'w.isActive as workspaceActive',
    ])
    .where('it.token', '=', tokenHash);
  // A token from before tokens named their workspace is looked up by its hash alone.
  q =
    workspaceId !== null
      ? q.where('it.workspaceId', '=', workspaceId)
      : q.$call(crossWorkspace('legacy-token'));
  if (forUpdate) q = q.forUpdate('it');
  return q.executeTakeFirst();
}

/**
 * The pending invitations `userId` sent become void, in one workspace or in all of them: they
 * lost the right to send them (removed, demoted, deactivated). `exceptRoles`: invitations to
 * these roles stay, as the sender may still offer them.
 */
export async function voidInvitationsSentBy(
  db: Database,
  userId: number,
  scope: { workspaceId?: number; exceptRoles?: readonly string[] } = {},
) {
  let q = db
    .updateTable('invitationTokens')
    .set({ voidedAt: new Date() })
    .where('invitedBy', '=', userId)
    .where('used', '=', false)
    .where('voidedAt', 'is', null);
  // Without a workspace: every workspace's, as the admin console shuts an account out.
  q =
    scope.workspaceId !== undefined
      ? q.where('workspaceId', '=', scope.workspaceId)
      : q.$call(crossWorkspace('admin-console'));
  if (scope.exceptRoles?.length) q = q.where('role', 'not in', scope.exceptRoles);
  await q.execute();
}

function selectPendingInvitations(db: Database, workspaceId: number) {
  return db
    .selectFrom('invitationTokens as it')
    .leftJoin('users as inviter', 'inviter.id', 'it.invitedBy')
    .select([
      'it.id',
      'it.email',
      'it.fullName',
      'it.role',
      'inviter.fullName as invitedByName',
      'it.createdAt',
      'it.expiresAt',
    ])
    .where('it.workspaceId', '=', workspaceId)
    .where('it.used', '=', false)
    .where('it.voidedAt', 'is', null);
}

type PendingRow = Awaited<
  ReturnType<ReturnType<typeof selectPendingInvitations>['execute']>
>[number];

function toPendingInvitation(r: PendingRow): PendingInvitation {
  return {
    ...r,
    role: r.role as AssignableRole,
    createdAt: iso(r.createdAt),
    expiresAt: iso(r.expiresAt),
  };
}

/**
 * The workspace's invitations still waiting for an answer, newest first: neither accepted nor
 * void. Expired ones are among them (Resend gives them a new link and expiry).
 */
export async function listPendingInvitations(
  db: Database,
  workspaceId: number,
): Promise<PendingInvitation[]> {
  const rows = await selectPendingInvitations(db, workspaceId)
    .orderBy('it.createdAt', 'desc')
    .orderBy('it.id', 'desc')
    .execute();
  return rows.map(toPendingInvitation);
}

/** One invitation of the workspace, whatever its state (undefined when not this workspace's). */
export async function findWorkspaceInvitation(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('invitationTokens')
    .select(['id', 'email', 'fullName', 'role', 'used', 'voidedAt'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A new token (its hash), a new expiry and a new sender for a pending invitation: the link
 * sent before stops working. Answers the invitation as listed.
 */
export async function renewInvitation(
  db: Database,
  workspaceId: number,
  id: number,
  values: { tokenHash: string; expiresAt: Date; invitedBy: number },
): Promise<PendingInvitation | undefined> {
  const updated = await db
    .updateTable('invitationTokens')
    .set({ token: values.tokenHash, expiresAt: values.expiresAt, invitedBy: values.invitedBy })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('used', '=', false)
    .where('voidedAt', 'is', null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return undefined;
  const row = await selectPendingInvitations(db, workspaceId)
    .where('it.id', '=', id)
    .executeTakeFirst();
  return row && toPendingInvitation(row);
}

/** Deletes a pending invitation: its link then reads as invalid. True when one was deleted. */
export async function deletePendingInvitation(db: Database, workspaceId: number, id: number) {
  const deleted = await db
    .deleteFrom('invitationTokens')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('used', '=', false)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export async function markInvitationUsed(db: Database, workspaceId: number, id: number) {
  await db
    .updateTable('invitationTokens')
    .set({ used: true, usedAt: new Date() })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}
