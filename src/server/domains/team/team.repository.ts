import type { WorkspaceRole } from '../../../shared/roles.ts';
import { splitFullName, type Member } from '../../../shared/team.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';

/** Members of the workspace, owners first, then by name. */
export async function listMembers(db: Database, workspaceId: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('userWorkspaces as uw')
    .innerJoin('users as u', 'u.id', 'uw.userId')
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
    ])
    .where('uw.workspaceId', '=', workspaceId)
    .orderBy((eb) => eb.case().when('uw.role', '=', 'owner').then(0).else(1).end())
    .orderBy('u.fullName')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
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
  }));
}

/** Whether the user can be given work here: an active member with an active account. */
export async function isActiveMember(
  db: Database,
  workspaceId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('userWorkspaces as uw')
    .innerJoin('users as u', 'u.id', 'uw.userId')
    .select('uw.id')
    .where('uw.workspaceId', '=', workspaceId)
    .where('uw.userId', '=', userId)
    .where('uw.isActive', '=', true)
    .where('u.isActive', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
