import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';
import { crossWorkspace } from '../../db/cross-workspace.ts';

export type FilePurpose = 'workspace_logo' | 'profile_photo' | 'expense_receipt';

export const FILE_URL_PREFIX = '/api/files/';

/**
 * How long a file nobody points at is kept: a logo is uploaded before the workspace it is
 * for exists, and must survive until the form that uploaded it is sent.
 */
export const UNUSED_FILE_GRACE_MS = 24 * 3_600_000;

export async function insertFile(
  db: Database,
  values: {
    ownerUserId: number;
    purpose: FilePurpose;
    contentType: string;
    data: Buffer;
    /** Set at once for a file made for a workspace's record (a receipt). */
    workspaceId?: number;
  },
): Promise<{ id: number; url: string }> {
  const key = randomBytes(18).toString('base64url');
  const row = await db
    .insertInto('files')
    .values({ ...values, key, size: values.data.length })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, url: `${FILE_URL_PREFIX}${key}` };
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
 * platform admin. An expense receipt is a workspace's record: only the workspace's active
 * members read it (not its uploader once they left, nor a platform admin). Anything else is
 * as good as missing (404), whoever guessed the key.
 */
export async function findReadableFile(
  db: Database,
  key: string,
  reader: { id: number; isAdmin: boolean },
) {
  return db
    .selectFrom('files as f')
    .select(['f.contentType', 'f.data', 'f.size', 'f.purpose'])
    .where('f.key', '=', key)
    .where((eb) =>
      eb.or([
        eb.and([eb.lit(reader.isAdmin), eb('f.purpose', '!=', 'expense_receipt')]),
        eb.and([eb('f.ownerUserId', '=', reader.id), eb('f.purpose', '!=', 'expense_receipt')]),
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

/**
 * The uploader's own file behind this URL, while it belongs to no workspace yet: the logo
 * that a workspace form is about to set.
 */
export async function findUnattachedFile(db: Database, url: string, ownerUserId: number) {
  if (!url.startsWith(FILE_URL_PREFIX)) return undefined;
  return db
    .selectFrom('files')
    .select(['id', 'size'])
    .where('key', '=', url.slice(FILE_URL_PREFIX.length))
    .where('ownerUserId', '=', ownerUserId)
    .where('workspaceId', 'is', null)
    .executeTakeFirst();
}

export async function attachFile(db: Database, fileId: number, workspaceId: number) {
  await db.updateTable('files').set({ workspaceId }).where('id', '=', fileId).execute();
}

/** Bytes stored for an account (every file it uploaded) or a workspace (files set on it). */
export async function storedBytes(
  db: Database,
  of: { ownerUserId: number } | { workspaceId: number },
): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('bytes'))
    .where(
      'ownerUserId' in of ? 'ownerUserId' : 'workspaceId',
      '=',
      'ownerUserId' in of ? of.ownerUserId : of.workspaceId,
    )
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** A logo (uploaded as one) that this workspace holds, by its URL: the bytes to print or serve. */
export function findWorkspaceLogoFile(db: Database, workspaceId: number, url: string) {
  const key = url.split('/').pop() ?? '';
  return db
    .selectFrom('files')
    .select(['data', 'contentType'])
    .where('workspaceId', '=', workspaceId)
    .where('key', '=', key)
    .where('purpose', '=', 'workspace_logo')
    .executeTakeFirst();
}

/**
 * Housekeeping: deletes every file older than the grace period that no profile photo, no
 * workspace logo, no business profile's logo and no expense (its receipt) points at (replaced photos and logos, removed photos, logos uploaded for a
 * workspace never created). Those three columns and the expenses' receipts are the only places
 * a file is kept, and a deleted workspace keeps its logo while it may still be restored. Returns how many went.
 */
export async function deleteUnusedFiles(
  db: Database,
  graceMs: number = UNUSED_FILE_GRACE_MS,
): Promise<number> {
  const url = sql<string>`${FILE_URL_PREFIX} || f.key`;
  const result = await db
    .deleteFrom('files as f')
    .where('f.createdAt', '<', new Date(Date.now() - graceMs))
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(
            eb.selectFrom('users as u').select('u.id').where('u.profileImageUrl', '=', url),
          ),
        ),
        eb.not(
          eb.exists(eb.selectFrom('workspaces as w').select('w.id').where('w.logoUrl', '=', url)),
        ),
        // The business profile's logo for documents is kept like the workspace's.
        eb.not(
          eb.exists(
            eb
              .selectFrom('businessProfiles as bp')
              .select('bp.workspaceId')
              .where('bp.logoUrl', '=', url),
          ),
        ),
        // A receipt is kept while its expense points at it.
        eb.not(
          eb.exists(
            eb.selectFrom('expenses as e').select('e.id').whereRef('e.receiptFileId', '=', 'f.id'),
          ),
        ),
      ]),
    )
    // Files are of no workspace or any: the sweep looks for references in every workspace.
    .$call(crossWorkspace('housekeeping'))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
