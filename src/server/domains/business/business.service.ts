import { TRPCError } from '@trpc/server';
import {
  einvoicingMissing,
  einvoicingMissingMessage,
  type BusinessProfileUpdate,
} from '../../../shared/business.schema.ts';
import { electronicAddressProblem } from '../../../shared/einvoice-fields.ts';
import type { Config } from '../../config.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findWorkspaceLogoFile } from '../files/files.repository.ts';
import { attachFileToWorkspace } from '../files/files.service.ts';
import * as repo from './business.repository.ts';

export function getProfile({ db, workspace }: WorkspaceScope) {
  return repo.findProfile(db, workspace.id);
}

export async function updateProfile(
  { db, workspace, user, config }: WorkspaceScope & { config: Config },
  values: BusinessProfileUpdate,
) {
  await db.transaction().execute(async (trx) => {
    // A newly uploaded logo now belongs to the workspace (its quota, its members), as the
    // workspace icon does; a file the workspace does not hold is never printed.
    if (values.logoUrl) {
      const quota = config.uploadQuotaWorkspaceBytes;
      await attachFileToWorkspace(trx, values.logoUrl, user.id, workspace.id, quota);
      if (!(await findWorkspaceLogoFile(trx, workspace.id, values.logoUrl))) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'The logo must be an image uploaded with POST /api/upload/workspace-logo',
        });
      }
    }
    // The profile as it would be after this change: the e-invoicing rules hold on it, so
    // a PUT of one field can neither break nor be refused for the others it leaves.
    const current = await repo.findProfile(trx, workspace.id);
    const merged = { ...current, ...values };
    const pair = electronicAddressProblem(merged);
    if (pair) throw new TRPCError({ code: 'BAD_REQUEST', message: pair.message });
    const missing = einvoicingMissing(merged);
    if (missing.length > 0)
      throw new TRPCError({ code: 'BAD_REQUEST', message: einvoicingMissingMessage(missing) });
    await repo.updateProfile(trx, workspace.id, values);
  });
  return repo.findProfile(db, workspace.id);
}
