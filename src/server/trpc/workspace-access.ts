import { TRPCError } from '@trpc/server';
import { accessRevokedMessage } from '../../shared/workspace-access.ts';
import type { Database } from '../db/create-db.ts';

/** The workspace a refused member lost access to: what the refusal names. */
export interface RevokedWorkspace {
  id: number;
  name: string;
}

/** Marks the refusal of a member whose access was removed (plugins/errors.ts, init.ts). */
export class WorkspaceAccessRevoked extends Error {
  constructor(readonly workspace: RevokedWorkspace) {
    super(accessRevokedMessage(workspace.name));
  }
}

export function accessRevoked(workspace: RevokedWorkspace): TRPCError {
  const cause = new WorkspaceAccessRevoked(workspace);
  return new TRPCError({ code: 'FORBIDDEN', message: cause.message, cause });
}

/**
 * The current workspace of a caller without a usable membership, when it is one they lost:
 * their membership is there but deactivated, or, for a browser session, the session chose it
 * (only a member can make a workspace current, so it was theirs) and the membership is gone.
 * A token's `X-Workspace-Id` is the caller's word, so without a membership row it names
 * nothing: a workspace one never belonged to is never named. Deleted workspaces are not
 * "access removed" either.
 */
export async function findRevokedWorkspace(
  db: Database,
  userId: number,
  workspaceId: number,
  chosenBySession: boolean,
): Promise<RevokedWorkspace | undefined> {
  const row = await db
    .selectFrom('workspaces as w')
    .leftJoin('userWorkspaces as uw', (join) =>
      join.onRef('uw.workspaceId', '=', 'w.id').on('uw.userId', '=', userId),
    )
    .select(['w.id', 'w.name', 'uw.id as membershipId'])
    .where('w.id', '=', workspaceId)
    .where('w.isDeleted', '=', false)
    .executeTakeFirst();
  if (!row || (row.membershipId === null && !chosenBySession)) return undefined;
  return { id: row.id, name: row.name };
}
