import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/create-db.ts';

export type FilePurpose = 'workspace_logo' | 'profile_photo';

const FILE_URL_PREFIX = '/api/files/';

export async function insertFile(
  db: Database,
  values: { ownerUserId: number; purpose: FilePurpose; contentType: string; data: Buffer },
): Promise<string> {
  const key = randomBytes(18).toString('base64url');
  await db
    .insertInto('files')
    .values({ ...values, key, size: values.data.length })
    .execute();
  return `${FILE_URL_PREFIX}${key}`;
}

/** Workspaces (not deleted) where this user is an active member. */
function activeWorkspaceIdsOf(db: Database, userId: number) {
  return db
    .selectFrom('userWorkspaces as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspaceId')
    .select('m.workspaceId')
    .where('m.userId', '=', userId)
    .where('m.isActive', '=', true)
    .where('w.isDeleted', '=', false);
}

/**
 * A file this reader may see: their own upload; a logo of a workspace they are an active
 * member of; a profile photo of someone they share a workspace with; anything for a
 * platform admin. Anything else is as good as missing (404), whoever guessed the key.
 */
export async function findReadableFile(
  db: Database,
  key: string,
  reader: { id: number; isAdmin: boolean },
) {
  return db
    .selectFrom('files as f')
    .select(['f.contentType', 'f.data', 'f.size'])
    .where('f.key', '=', key)
    .where((eb) =>
      eb.or([
        eb.lit(reader.isAdmin),
        eb('f.ownerUserId', '=', reader.id),
        eb('f.workspaceId', 'in', activeWorkspaceIdsOf(db, reader.id)),
        eb.and([
          eb('f.purpose', '=', 'profile_photo'),
          eb(
            'f.ownerUserId',
            'in',
            db
              .selectFrom('userWorkspaces as o')
              .select('o.userId')
              .where('o.isActive', '=', true)
              .where('o.workspaceId', 'in', activeWorkspaceIdsOf(db, reader.id)),
          ),
        ]),
      ]),
    )
    .executeTakeFirst();
}

/** Ties an uploaded logo to the workspace created with it; only the uploader's own file. */
export async function attachFileToWorkspace(
  db: Database,
  url: string,
  ownerUserId: number,
  workspaceId: number,
): Promise<void> {
  if (!url.startsWith(FILE_URL_PREFIX)) return;
  await db
    .updateTable('files')
    .set({ workspaceId })
    .where('key', '=', url.slice(FILE_URL_PREFIX.length))
    .where('ownerUserId', '=', ownerUserId)
    .where('workspaceId', 'is', null)
    .execute();
}
