import {
  NOTIFICATION_PREFERENCE,
  type MarkReadInput,
  type NotificationCategory,
  type NotificationKind,
  type NotificationListQuery,
} from '../../../shared/notifications.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { AppServices, WorkspaceScope } from '../../trpc/context.ts';
import type { JobFailure, Jobs } from '../jobs/jobs.ts';
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
  // One email job per recipient, coalesced: while one waits for a user, it also takes
  // what comes after (the queue's 'short' policy), so a burst costs one run per user.
  for (const row of rows) {
    await jobs.send(
      NOTIFICATION_EMAIL_QUEUE,
      { userId: row.userId, fromId: row.id },
      { db, singletonKey: `user-${row.userId}` },
    );
  }
  return rows.map((row) => row.userId);
}

/** The owners and administrators of a workspace: who hears about its money and its failures. */
export const workspaceManagers = repo.workspaceManagerIds;

/** The active members of a workspace holding one of the roles given. */
export const membersInRoles = repo.memberIdsInRoles;

/** The platform's active administrators. */
export const platformAdmins = (db: Database) => repo.activePlatformAdmins(db);

/**
 * A job failed with no attempt left (the runner tells the app, app.ts): the workspace's
 * owners and administrators hear of it when its data names a workspace, the platform's
 * administrators otherwise. A failed notification email tells nobody (a mail server down
 * would feed on itself).
 */
export async function tellJobFailure(
  { db, jobs }: Pick<AppServices, 'db' | 'jobs'>,
  failure: JobFailure,
): Promise<void> {
  if (failure.queue === NOTIFICATION_EMAIL_QUEUE) return;
  const data = failure.data as { workspaceId?: unknown } | null;
  const workspaceId = typeof data?.workspaceId === 'number' ? data.workspaceId : null;
  await notify(db, jobs, {
    workspaceId,
    userIds:
      workspaceId === null ? await platformAdmins(db) : await workspaceManagers(db, workspaceId),
    kind: 'job_failed',
    category: 'update',
    title: `Background work failed: ${failure.queue}`,
    body: `It failed ${failure.attempts} times and will not be tried again. It is listed under failed jobs in the admin console.`,
    link: workspaceId === null ? '/admin' : null,
  });
}

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

/** The most notifications one run emails; the next notification's job takes the rest. */
const EMAIL_BATCH = 50;

/**
 * Emails a user's notifications from `fromId` on that have not been emailed, each if the
 * user still wants it at send time: the master switch `emailNotifications` and the switch
 * of its kind (NOTIFICATION_PREFERENCE). One left out by a switch is not emailed later.
 * Without SMTP_URL nothing is sent nor logged (the in-app list has it) and `emailed_at`
 * stays empty. Each is claimed (`emailed_at`) before it is sent and released if the mail
 * server refuses it, so a run repeated after a crash sends nothing twice.
 */
export async function deliverNotificationEmails(
  { db, mailer, config }: Pick<AppServices, 'db' | 'mailer' | 'config'>,
  { userId, fromId }: { userId: number; fromId: number },
): Promise<number> {
  if (!mailer.delivers) return 0;
  const user = await repo.findRecipient(db, userId);
  if (!user || !user.isActive || !user.emailNotifications) return 0;
  let sent = 0;
  for (const row of await repo.unemailed(db, userId, fromId, EMAIL_BATCH)) {
    const preference = NOTIFICATION_PREFERENCE[row.kind as NotificationKind];
    if (!preference || !user[preference]) continue;
    if (!(await repo.claimEmail(db, row.id))) continue;
    const link = row.link ? new URL(row.link, config.appUrl).toString() : null;
    const text = [
      `Hello ${user.fullName},`,
      '',
      row.title,
      ...(row.body ? ['', row.body] : []),
      ...(link ? ['', `Open it in Keel: ${link}`] : []),
      '',
      row.workspaceName ? `Workspace: ${row.workspaceName}` : 'Keel platform',
      'You can choose which emails you get under Account, Notification Preferences.',
    ].join('\n');
    try {
      await mailer.send({ to: user.email, subject: row.title, text });
    } catch (error) {
      await repo.releaseEmail(db, row.id);
      throw error;
    }
    sent += 1;
  }
  return sent;
}
