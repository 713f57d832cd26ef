import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  CONTACT_FIELDS,
  PersonInputSchema,
  type ContactBulk,
  type ImportResult,
  type ImportRow,
  type PersonValues,
  type TagColor,
} from '../../../shared/contacts.schema.ts';
import { fieldNames, importedText } from '../../../shared/fields.ts';
import { OrganizationInputSchema } from '../../../shared/organizations.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { analyzeAfterBulkChange } from '../../db/statistics.ts';
import {
  organizationExists,
  findOrCreateOrganizationsByName,
} from '../organizations/organizations.repository.ts';
import { isActiveMember } from '../team/team.repository.ts';
import * as imports from './contact-imports.repository.ts';
import * as repo from './contacts.repository.ts';

const CONTACT_NOT_FOUND = 'Contact not found';

/** Ids from input must name rows of this workspace; others are simply not found. */
async function checkReferences(db: Database, workspaceId: number, values: PersonValues) {
  if (values.companyId != null && !(await organizationExists(db, workspaceId, values.companyId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Organization not found' });
  }
  if (
    values.assignedUserId != null &&
    !(await isActiveMember(db, workspaceId, values.assignedUserId))
  ) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  }
}

export async function createPerson(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: PersonValues & { fullName: string },
) {
  await checkReferences(db, workspaceId, values);
  const id = await repo.insertPerson(db, workspaceId, values);
  return (await repo.findPerson(db, workspaceId, id))!;
}

export async function updatePerson(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: PersonValues,
) {
  await checkReferences(db, workspaceId, values);
  if (!(await repo.updatePerson(db, workspaceId, id, values))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_NOT_FOUND });
  }
  return (await repo.findPerson(db, workspaceId, id))!;
}

export async function deletePerson(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  if (!(await repo.deletePerson(db, workspaceId, id))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_NOT_FOUND });
  }
  return { success: true as const };
}

export async function createTag(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: { name: string; color: TagColor },
) {
  return repo.insertTag(db, workspaceId, values).catch((error: unknown) => {
    if (isUniqueViolation(error)) {
      throw new TRPCError({ code: 'CONFLICT', message: 'A tag with this name already exists' });
    }
    throw error;
  });
}

export async function setTag(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  personId: number,
  tagId: number,
  attached: boolean,
) {
  if (!(await repo.findPerson(db, workspaceId, personId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_NOT_FOUND });
  }
  if (!(await repo.tagExists(db, workspaceId, tagId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Tag not found' });
  }
  if (attached) await repo.attachTag(db, workspaceId, personId, tagId);
  else await repo.detachTag(db, workspaceId, personId, tagId);
  return { success: true as const };
}

/** A bulk action on the contacts of the workspace (the table's selection). */
export async function changeContacts(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  change: ContactBulk,
) {
  if (
    (change.action === 'tag' || change.action === 'untag') &&
    !(await repo.tagExists(db, workspaceId, change.tagId))
  ) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Tag not found' });
  }
  if (change.action === 'assign') await checkReferences(db, workspaceId, change);
  return { affected: await repo.changeMany(db, workspaceId, change) };
}

const emailSchema = z.email();

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid row';

/**
 * One batch of a CSV import. A row without a name or with a bad email is rejected; a row
 * whose email a contact already has (or an earlier row of the batch) is skipped; the rest
 * are created in one insert, with their organizations found or created by name.
 * With an `importId` (the file), a row that file already created is skipped too, emails or
 * not, and every row created is recorded: retrying a file never doubles a contact.
 */
/** A row's text fields as stored: trimmed, cut to their length, null when empty. */
function importedTexts(raw: ImportRow): PersonValues {
  const values: PersonValues = {};
  for (const name of fieldNames(CONTACT_FIELDS)) {
    values[name] = importedText(CONTACT_FIELDS[name], raw[name]);
  }
  return values;
}

export async function importContacts(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  rows: ImportRow[],
  firstRowNumber: number,
  importId?: string,
): Promise<ImportResult> {
  const result: ImportResult = { created: 0, skipped: [], rejected: [] };
  const accepted: {
    row: number;
    values: PersonValues & { fullName: string };
    organization: string;
  }[] = [];
  const seen = new Map<string, number>();

  rows.forEach((raw, index) => {
    const row = firstRowNumber + index;
    // Names follow the same rules as the forms (required, length, no control characters).
    const name = PersonInputSchema.shape.fullName.safeParse(raw.fullName ?? '');
    if (!name.success) return result.rejected.push({ row, reason: firstIssue(name.error) });
    const fullName = name.data;
    const company = raw.organization?.trim()
      ? OrganizationInputSchema.shape.name.safeParse(raw.organization)
      : undefined;
    if (company && !company.success) {
      return result.rejected.push({ row, reason: firstIssue(company.error) });
    }
    const email = raw.email?.trim().toLowerCase() ?? '';
    if (email && !emailSchema.safeParse(email).success) {
      return result.rejected.push({ row, reason: `Invalid email "${email.slice(0, 100)}"` });
    }
    if (email && seen.has(email)) {
      return result.skipped.push({ row, reason: `Same email as row ${seen.get(email)}` });
    }
    if (email) seen.set(email, row);
    accepted.push({
      row,
      organization: company?.data ?? '',
      values: { fullName, ...importedTexts(raw), email: email || null },
    });
  });

  let organizationsCreated = 0;
  await db.transaction().execute(async (trx) => {
    let imported = new Set<number>();
    if (importId) {
      await imports.lockImport(trx, workspaceId, importId);
      imported = await imports.importedRowNumbers(
        trx,
        workspaceId,
        importId,
        accepted.map((a) => a.row),
      );
    }
    const taken = await repo.existingEmails(
      trx,
      workspaceId,
      accepted.flatMap((a) => (a.values.email ? [a.values.email] : [])),
    );
    const fresh = accepted.filter((a) => {
      if (imported.has(a.row)) {
        result.skipped.push({ row: a.row, reason: 'Already imported from this file' });
        return false;
      }
      if (a.values.email && taken.has(a.values.email)) {
        result.skipped.push({ row: a.row, reason: 'A contact with this email already exists' });
        return false;
      }
      return true;
    });
    const { byName: organizations, created } = await findOrCreateOrganizationsByName(
      trx,
      workspaceId,
      fresh.flatMap((a) => (a.organization ? [a.organization] : [])),
    );
    organizationsCreated = created;
    const personIds = await repo.insertPersons(
      trx,
      workspaceId,
      fresh.map((a) => ({
        ...a.values,
        companyId: a.organization
          ? (organizations.get(a.organization.toLowerCase()) ?? null)
          : null,
      })),
    );
    if (importId) {
      await imports.recordImportedRows(
        trx,
        workspaceId,
        importId,
        fresh.map((a, index) => ({ rowNumber: a.row, personId: personIds[index]! })),
      );
    }
    result.created = personIds.length;
  });
  // The next read of the list must be planned for the rows that are there now.
  await analyzeAfterBulkChange(db, {
    persons: result.created,
    organizations: organizationsCreated,
    contactImportRows: importId ? result.created : 0,
  });
  result.skipped.sort((a, b) => a.row - b.row);
  return result;
}
