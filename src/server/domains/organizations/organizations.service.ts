import { TRPCError } from '@trpc/server';
import type { ImportResult } from '../../../shared/import.schema.ts';
import {
  OrganizationInputSchema,
  type OrganizationImportRow,
} from '../../../shared/organizations.schema.ts';
import { analyzeAfterBulkChange } from '../../db/statistics.ts';
import { deletedOrNotFound } from '../../plugins/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import * as repo from './organizations.repository.ts';

const NOT_FOUND = 'Organization not found';

export async function createOrganization(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: repo.OrganizationValues & { name: string },
) {
  const id = await repo.insertOrganization(db, workspaceId, values);
  return (await repo.findOrganization(db, workspaceId, id))!;
}

export async function updateOrganization(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: repo.OrganizationValues,
) {
  if (!(await repo.updateOrganization(db, workspaceId, id, values))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  }
  return (await repo.findOrganization(db, workspaceId, id))!;
}

export function deleteOrganization(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  return deletedOrNotFound(repo.deleteOrganization(db, workspaceId, id), NOT_FOUND);
}

/** Names compared as the contacts import matches organizations: without case. */
const nameKey = (name: string) => name.toLowerCase();

/**
 * One batch of a CSV import of organizations, shaped as the contacts import. A row that
 * breaks the form's rules (`OrganizationInputSchema`: a name, valid email, lengths) is
 * rejected; a row whose name an organization already has, whatever the case, or an earlier
 * row of the batch, is skipped; the rest are created in one insert. The name is what the
 * contacts import finds an organization by, so it is what makes one: the imports of a
 * workspace take turns, and sending a file again, at once or later, creates nothing twice
 * (the file's `importId` needs no record of its own).
 */
export async function importOrganizations(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  rows: OrganizationImportRow[],
  firstRowNumber: number,
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, skipped: [], rejected: [] };
  const accepted: { row: number; values: repo.OrganizationValues & { name: string } }[] = [];
  const seen = new Map<string, number>();
  rows.forEach((raw, index) => {
    const row = firstRowNumber + index;
    const parsed = OrganizationInputSchema.safeParse({ ...raw, name: raw.name ?? '' });
    if (!parsed.success) {
      return result.rejected.push({
        row,
        reason: parsed.error.issues[0]?.message ?? 'Invalid row',
      });
    }
    const key = nameKey(parsed.data.name);
    if (seen.has(key)) {
      return result.skipped.push({ row, reason: `Same name as row ${seen.get(key)}` });
    }
    seen.set(key, row);
    accepted.push({ row, values: parsed.data });
  });

  await db.transaction().execute(async (trx) => {
    await repo.lockOrganizationImports(trx, workspaceId);
    const taken = new Set(
      (
        await repo.existingOrganizationNames(
          trx,
          workspaceId,
          accepted.map((a) => a.values.name),
        )
      ).map(nameKey),
    );
    const fresh = accepted.filter((a) => {
      if (!taken.has(nameKey(a.values.name))) return true;
      result.skipped.push({ row: a.row, reason: 'An organization with this name already exists' });
      return false;
    });
    const ids = await repo.insertOrganizations(
      trx,
      workspaceId,
      fresh.map((a) => a.values),
    );
    result.created = ids.length;
  });
  // The next read of the list must be planned for the rows that are there now.
  await analyzeAfterBulkChange(db, { organizations: result.created });
  result.skipped.sort((a, b) => a.row - b.row);
  return result;
}
