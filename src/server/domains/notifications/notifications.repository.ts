import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../../../db/schema.ts';
import type {
  Notification,
  NotificationCategory,
  NotificationListQuery,
} from '../../../shared/notifications.schema.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { Database } from '../../db/create-db.ts';
import { iso } from '../../db/search.ts';
import { activeMembersOf } from '../team/team.repository.ts';

export interface NotificationRow {
  workspaceId: number | null;
  userId: number;
  kind: string;
  category: NotificationCategory;
  title: string;
  body: string | null;
  link: string | null;
  actorUserId: number | null;
}

/**
 * Of `userIds`, those who may hear about a workspace's event: active users holding an
 * active membership of it. Anyone else (another workspace's user, a removed member) is
 * dropped here, whatever the caller passed.
 */
export async function activeMembers(
  db: Database,
  workspaceId: number,
  userIds: number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await activeMembersOf(db, workspaceId)
    .select('u.id')
    .where('u.id', 'in', userIds)
    .execute();
  return rows.map((row) => row.id);
}

/** Active platform administrators: who hears about work of no workspace. */
export async function activePlatformAdmins(db: Database, userIds?: number[]): Promise<number[]> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where('isAdmin', '=', true)
    .where('isActive', '=', true);
  if (userIds) {
    if (userIds.length === 0) return [];
    query = query.where('id', 'in', userIds);
  }
  return (await query.execute()).map((row) => row.id);
}

/** The active members of a workspace holding one of `roles`. */
export async function memberIdsInRoles(
  db: Database,
  workspaceId: number,
  roles: readonly WorkspaceRole[],
): Promise<number[]> {
  const rows = await activeMembersOf(db, workspaceId)
    .select('u.id')
    .where('uw.role', 'in', [...roles])
    .execute();
  return rows.map((row) => row.id);
}

/** The active owners and administrators of a workspace. */
export const workspaceManagerIds = (db: Database, workspaceId: number) =>
  memberIdsInRoles(db, workspaceId, ['owner', 'administrator']);

export async function insertNotifications(
  db: Database,
  rows: NotificationRow[],
): Promise<{ id: number; userId: number }[]> {
  if (rows.length === 0) return [];
  return db.insertInto('notifications').values(rows).returning(['id', 'userId']).execute();
}

/** The caller's notifications: of the current workspace, and the platform's (workspace null). */
function mine(userId: number, workspaceId: number) {
  return (eb: ExpressionBuilder<DB, 'notifications'>) =>
    eb.and([
      eb('notifications.userId', '=', userId),
      eb.or([
        eb('notifications.workspaceId', '=', workspaceId),
        eb('notifications.workspaceId', 'is', null),
      ]),
    ]);
}

const CATEGORY_OF_FILTER = { mentions: 'mention', updates: 'update' } as const;

export async function listNotifications(
  db: Database,
  workspaceId: number,
  userId: number,
  query: NotificationListQuery,
): Promise<{ items: Notification[]; total: number }> {
  let base = db.selectFrom('notifications').where(mine(userId, workspaceId));
  if (query.filter !== 'all') {
    base = base.where('notifications.category', '=', CATEGORY_OF_FILTER[query.filter]);
  }
  if (query.unread) base = base.where('notifications.readAt', 'is', null);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('users as actor', 'actor.id', 'notifications.actorUserId')
      .select([
        'notifications.id',
        'notifications.kind',
        'notifications.category',
        'notifications.title',
        'notifications.body',
        'notifications.link',
        'notifications.workspaceId',
        'notifications.readAt',
        'notifications.createdAt',
        'actor.fullName as actorName',
      ])
      .orderBy('notifications.createdAt', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(query.limit)
      .offset(query.offset ?? 0)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map(({ readAt, createdAt, category, ...row }) => ({
      ...row,
      category: category as NotificationCategory,
      read: readAt !== null,
      createdAt: iso(createdAt),
    })),
    total: count.total,
  };
}

export async function countUnread(
  db: Database,
  workspaceId: number,
  userId: number,
): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('unread'))
    .where(mine(userId, workspaceId))
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row.unread;
}

/** Marks read the caller's own unread notifications among `ids` (all of them without ids). */
export async function markRead(
  db: Database,
  workspaceId: number,
  userId: number,
  ids: number[] | 'all',
): Promise<number> {
  let query = db
    .updateTable('notifications')
    .set({ readAt: sql`now()` })
    .where(mine(userId, workspaceId))
    .where('readAt', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Who a notification email goes to, with their switches. */
export async function findRecipient(db: Database, userId: number) {
  return db
    .selectFrom('users')
    .select([
      'email',
      'fullName',
      'isActive',
      'emailNotifications',
      'taskReminders',
      'projectUpdates',
      'teamInvites',
      'securityAlerts',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A user's notifications from `fromId` on that no email has claimed, oldest first. */
export async function unemailed(db: Database, userId: number, fromId: number, limit: number) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('workspaces as w', 'w.id', 'n.workspaceId')
    .select(['n.id', 'n.kind', 'n.title', 'n.body', 'n.link', 'w.name as workspaceName'])
    .where('n.userId', '=', userId)
    .where('n.id', '>=', fromId)
    .where('n.emailedAt', 'is', null)
    .orderBy('n.id')
    .limit(limit)
    .execute();
}

/** Takes a notification's email for this run: false when another run has it. */
export async function claimEmail(db: Database, id: number): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ emailedAt: sql`now()` })
    .where('id', '=', id)
    .where('emailedAt', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives a claimed email back when the mail server refused it (the retry sends it). */
export async function releaseEmail(db: Database, id: number): Promise<void> {
  await db.updateTable('notifications').set({ emailedAt: null }).where('id', '=', id).execute();
}
