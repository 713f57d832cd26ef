import type { ActivityAction } from '../../../shared/activity.ts';
import type { Database } from '../../db/create-db.ts';
import type { ActingScope, SystemActor } from '../../trpc/context.ts';

/**
 * Who did it: a user (none for someone not signed in, as a failed sign-in with an unknown
 * email), or Keel's background work, recorded as the system and never with a user.
 */
type ActivityActor =
  { userId?: number | null; system?: never } | { system: SystemActor; userId?: never };

export type ActivityEntry = ActivityActor & {
  action: ActivityAction;
  workspaceId?: number | null;
  details?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  success?: boolean;
};

export type { ActivityAction };

/** The actor of an entry written by a service that members and jobs both call. */
export function activityActor(scope: ActingScope): ActivityActor {
  return 'system' in scope ? { system: scope.system } : { userId: scope.user.id };
}

export async function recordActivity(db: Database, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activityLogs')
    .values({
      action: entry.action,
      actor: entry.system ? 'system' : 'user',
      userId: entry.system ? null : (entry.userId ?? null),
      workspaceId: entry.workspaceId ?? null,
      details: entry.details?.slice(0, 1000) ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent ?? null,
      success: entry.success ?? true,
    })
    .execute();
}
