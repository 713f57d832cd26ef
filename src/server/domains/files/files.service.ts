import { TRPCError } from '@trpc/server';
import type { Database } from '../../db/create-db.ts';
import * as repo from './files.repository.ts';

/**
 * Quotas are in MiB, like the 5 MB upload cap. Replaced or unused files count until the
 * housekeeping collects them, which the message says so nobody waits for nothing.
 */
function quotaReached(holder: 'account' | 'workspace', quotaBytes: number): TRPCError {
  const megabytes = Math.round((quotaBytes / (1024 * 1024)) * 10) / 10;
  const who = holder === 'account' ? 'your account' : 'this workspace';
  return new TRPCError({
    code: 'PAYLOAD_TOO_LARGE',
    message:
      `Storage quota reached: ${who} may keep ${megabytes} MB of images. Images replaced or ` +
      'never used are deleted after a day; try again then, or ask the platform administrator ' +
      'for more space.',
  });
}

type Upload = { ownerUserId: number; contentType: string; data: Buffer };

/**
 * Every file an account uploaded counts against its quota, logos set on a workspace
 * included, so no account stores more than its quota anywhere. The user row is locked
 * first: concurrent uploads of one account are added up one after the other instead of
 * each passing the check alone.
 */
async function insertWithinQuota(
  trx: Database,
  quotaBytes: number,
  values: Upload & { purpose: repo.FilePurpose },
): Promise<string> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', values.ownerUserId)
    .forUpdate()
    .execute();
  const used = await repo.storedBytes(trx, { ownerUserId: values.ownerUserId });
  if (used + values.data.length > quotaBytes) throw quotaReached('account', quotaBytes);
  return (await repo.insertFile(trx, values)).url;
}

/**
 * An expense's receipt, inside the caller's transaction: a file of the workspace from the
 * start (its members read it), counted against the uploader's quota and the workspace's.
 * Answers the file's id.
 */
export async function insertReceipt(
  trx: Database,
  quotas: { userBytes: number; workspaceBytes: number },
  upload: Upload & { workspaceId: number },
): Promise<number> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', upload.ownerUserId)
    .forUpdate()
    .execute();
  const used = await repo.storedBytes(trx, { ownerUserId: upload.ownerUserId });
  if (used + upload.data.length > quotas.userBytes) throw quotaReached('account', quotas.userBytes);
  await trx
    .selectFrom('workspaces')
    .select('id')
    .where('id', '=', upload.workspaceId)
    .forUpdate()
    .execute();
  const workspaceUsed = await repo.storedBytes(trx, { workspaceId: upload.workspaceId });
  if (workspaceUsed + upload.data.length > quotas.workspaceBytes)
    throw quotaReached('workspace', quotas.workspaceBytes);
  return (await repo.insertFile(trx, { ...upload, purpose: 'expense_receipt' })).id;
}

/** A logo counts against its uploader until a workspace form sets it. */
export function storeWorkspaceLogo(db: Database, quotaBytes: number, upload: Upload) {
  return db
    .transaction()
    .execute((trx) => insertWithinQuota(trx, quotaBytes, { ...upload, purpose: 'workspace_logo' }));
}

/** The new photo replaces the account's previous one, which housekeeping then collects. */
export function storeProfilePhoto(db: Database, quotaBytes: number, upload: Upload) {
  return db.transaction().execute(async (trx) => {
    const url = await insertWithinQuota(trx, quotaBytes, { ...upload, purpose: 'profile_photo' });
    await trx
      .updateTable('users')
      .set({ profileImageUrl: url, updatedAt: new Date() })
      .where('id', '=', upload.ownerUserId)
      .execute();
    return url;
  });
}

/**
 * Ties an uploaded logo to the workspace it is set on (only the uploader's own file not yet
 * attached), after which its members may see it and it counts against the workspace's quota
 * too. Call inside the transaction that sets the logo; the workspace row is locked so two
 * logos set at once are added up one after the other.
 */
export async function attachFileToWorkspace(
  db: Database,
  url: string,
  ownerUserId: number,
  workspaceId: number,
  quotaBytes: number,
): Promise<void> {
  const file = await repo.findUnattachedFile(db, url, ownerUserId);
  if (!file) return;
  await db
    .selectFrom('workspaces')
    .select('id')
    .where('id', '=', workspaceId)
    .forUpdate()
    .execute();
  const used = await repo.storedBytes(db, { workspaceId });
  if (used + file.size > quotaBytes) throw quotaReached('workspace', quotaBytes);
  await repo.attachFile(db, file.id, workspaceId);
}
