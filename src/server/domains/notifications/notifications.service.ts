import {
  NOTIFICATION_PREFERENCE,
  type MarkReadInput,
  type NotificationCategory,
  type NotificationKind,
  type NotificationListQuery,
} from '../../../shared/notifications.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { AppServices, WorkspaceScope } from '../../trpc/context.ts';
import type { Jobs } from '../jobs/jobs.ts';
import * as repo from './notifications.repository.ts';

/** The queue that emails one notification (notifications.queue.ts). */
export const NOTIFICATION_EMAIL_QUEUE = 'notification-email';

export interface NotifyInput {
  /** The workspace the event happened in; null for the platform's own (its admins hear). */
  workspaceId: number | null;
  userIds: (number | null | undefined)[];
  kind: NotificationKind;
  category: NotificationCategory;
  title: string;
  body?: string | null;
  /** An in-app path such as `/tasks?task=12`. */
  link?: string | null;
  /** Who did it: never told of their own action. */
  actorUserId?: number | null;
}

/**
 * Tells users of an event: one row per recipient and one email job each, written with
 * `db`, which should be the transaction of the change itself, so that a change rolled back
 * tells nobody and one committed tells everyone. Recipients are narrowed to the active
 * members of the workspace (the platform's active admins when there is none), less the
 * actor. Answers the ids of the users told.
 */
export async function notify(db: Database, jobs: Jobs, input: NotifyInput): Promise<number[]> {
  const wanted = [
    ...new Set(
      input.userIds.filter(
        (id): id is number => typeof id === 'number' && id !== input.actorUserId,
      ),
    ),
  ];
  if (wanted.length === 0) return [];
  const recipients =
    input.workspaceId === null
      ? await repo.activePlatformAdmins(db, wanted)
      : await repo.activeMembers(db, input.workspaceId, wanted);
  const rows = await repo.insertNotifications(
    db,
    recipients.map((userId) => ({
      workspaceId: input.workspaceId,
      userId,
      kind: input.kind,
      category: input.category,
      title: input.title.slice(0, 300),
      body: input.body?.slice(0, 1000) ?? null,
      link: input.link ?? null,
      actorUserId: input.actorUserId ?? null,
    })),
  );
  for (const row of rows) {
    await jobs.send(NOTIFICATION_EMAIL_QUEUE, { notificationId: row.id }, { db });
  }
  return rows.map((row) => row.userId);
}

/** The owners and administrators of a workspace: who hears about its money and its failures. */
export const workspaceManagers = repo.workspaceManagerIds;

/** The platform's active administrators. */
export const platformAdmins = (db: Database) => repo.activePlatformAdmins(db);

/* ------------------------------------------------------------ the list */

export async function listNotifications(scope: WorkspaceScope, query: NotificationListQuery) {
  const { db, workspace, user } = scope;
  const [page, unread] = await Promise.all([
    repo.listNotifications(db, workspace.id, user.id, query),
    repo.countUnread(db, workspace.id, user.id),
  ]);
  return { ...page, unread };
}

export async function unreadCount({ db, workspace, user }: WorkspaceScope) {
  return { unread: await repo.countUnread(db, workspace.id, user.id) };
}

/** Marks read the caller's own notifications; ids of anyone else's are ignored. */
export async function markRead({ db, workspace, user }: WorkspaceScope, input: MarkReadInput) {
  const marked = await repo.markRead(db, workspace.id, user.id, 'ids' in input ? input.ids : 'all');
  return { marked, unread: await repo.countUnread(db, workspace.id, user.id) };
}

/* ------------------------------------------------------------ email */

/**
 * Emails one notification, if its recipient still wants it at send time: the master switch
 * `emailNotifications` and the switch of its kind (NOTIFICATION_PREFERENCE). Without
 * SMTP_URL nothing is sent nor logged (the in-app list has it) and `emailed_at` stays
 * empty. Idempotent: a notification already emailed is not emailed again.
 */
export async function deliverNotificationEmail(
  { db, mailer, config }: Pick<AppServices, 'db' | 'mailer' | 'config'>,
  notificationId: number,
): Promise<'sent' | 'skipped'> {
  const row = await repo.findForEmail(db, notificationId);
  if (!row || row.emailedAt || !row.isActive || !mailer.delivers) return 'skipped';
  const preference = NOTIFICATION_PREFERENCE[row.kind as NotificationKind];
  if (!row.emailNotifications || !preference || !row[preference]) return 'skipped';
  const link = row.link ? new URL(row.link, config.appUrl).toString() : null;
  const text = [
    `Hello ${row.fullName},`,
    '',
    row.title,
    ...(row.body ? ['', row.body] : []),
    ...(link ? ['', `Open it in Keel: ${link}`] : []),
    '',
    row.workspaceName ? `Workspace: ${row.workspaceName}` : 'Keel platform',
    'You can choose which emails you get under Account, Notification Preferences.',
  ].join('\n');
  await mailer.send({ to: row.email, subject: row.title, text });
  await repo.markEmailed(db, row.id);
  return 'sent';
}
