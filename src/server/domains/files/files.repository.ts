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

export async function findFileByKey(db: Database, key: string) {
  return db
    .selectFrom('files')
    .select(['contentType', 'data', 'size'])
    .where('key', '=', key)
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
