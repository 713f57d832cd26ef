import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  CONTACT_FIELDS,
  MAX_IMPORT_TAGS_PER_ROW,
  PersonInputSchema,
  tagNamesOf,
  TagInputSchema,
  type ContactBulk,
  type ImportResult,
  type ImportRow,
  type PersonValues,
  type TagColor,
} from '../../../shared/contacts.schema.ts';
import { fieldNames, importedText } from '../../../shared/fields.ts';
import { OrganizationInputSchema } from '../../../shared/organizations.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { lockAssignee } from '../../db/workspace-rows.ts';
import { deletedOrNotFound } from '../../plugins/errors.ts';
import type { Context, WorkspaceScope } from '../../trpc/context.ts';
import {
  contactAssigned,
  contactsAssigned,
  notifiesAssignee,
} from '../notifications/notification-events.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { analyzeAfterBulkChange } from '../../db/statistics.ts';
import {
  organizationExists,
  findOrCreateOrganizationsByName,
} from '../organizations/organizations.repository.ts';
import { isActiveMember, listAssignableMembers } from '../team/team.repository.ts';
import * as imports from './contact-imports.repository.ts';
import * as repo from './contacts.repository.ts';

const CONTACT_NOT_FOUND = 'Contact not found';

/**
 * Ids from input must name rows of this workspace; others are simply not found. A contact
 * and an opportunity name their organization and assignee alike (pipeline.service).
 */
export async function checkOrganizationAndAssignee(
  db: Database,
  workspaceId: number,
  values: Pick<PersonValues, 'companyId' | 'assignedUserId'>,
) {
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
  { db, jobs, workspace: { id: workspaceId }, user }: WorkspaceScope & Pick<Context, 'jobs'>,
  values: PersonValues & { fullName: string },
) {
  await checkOrganizationAndAssignee(db, workspaceId, values);
  const event = { workspaceId, actorUserId: user.id, assigneeId: values.assignedUserId };
  // The notification commits with the contact; with nobody to notify the insert is the only
  // write, and BEGIN and COMMIT would be two more round trips a create (bench: creates).
  const id = notifiesAssignee(event)
    ? await db.transaction().execute(async (trx) => {
        const personId = await repo.insertPerson(trx, workspaceId, values);
        await contactAssigned(trx, jobs, { ...event, personId });
        return personId;
      })
    : await repo.insertPerson(db, workspaceId, values);
  return (await repo.findPerson(db, workspaceId, id))!;
}

export async function updatePerson(
  { db, jobs, workspace: { id: workspaceId }, user }: WorkspaceScope & Pick<Context, 'jobs'>,
  id: number,
  values: PersonValues,
) {
  await checkOrganizationAndAssignee(db, workspaceId, values);
  await db.transaction().execute(async (trx) => {
    const before = await lockAssignee(trx, 'persons', workspaceId, id);
    if (!before || !(await repo.updatePerson(trx, workspaceId, id, values))) {
      throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_NOT_FOUND });
    }
    const assigneeId = values.assignedUserId;
    if (assigneeId !== undefined && assigneeId !== before.assignedUserId) {
      await contactAssigned(trx, jobs, {
        workspaceId,
        actorUserId: user.id,
        personId: id,
        assigneeId,
      });
    }
  });
  return (await repo.findPerson(db, workspaceId, id))!;
}

export function deletePerson({ db, workspace: { id: workspaceId } }: WorkspaceScope, id: number) {
  return deletedOrNotFound(repo.deletePerson(db, workspaceId, id), CONTACT_NOT_FOUND);
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
  { db, jobs, workspace: { id: workspaceId }, user }: WorkspaceScope & Pick<Context, 'jobs'>,
  change: ContactBulk,
) {
  if (
    (change.action === 'tag' || change.action === 'untag') &&
    !(await repo.tagExists(db, workspaceId, change.tagId))
  ) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Tag not found' });
  }
  if (change.action !== 'assign')
    return { affected: await repo.changeMany(db, workspaceId, change) };
  await checkOrganizationAndAssignee(db, workspaceId, change);
  return db.transaction().execute(async (trx) => {
    const affected = await repo.changeMany(trx, workspaceId, change);
    await contactsAssigned(trx, jobs, {
      workspaceId,
      actorUserId: user.id,
      assigneeId: change.assignedUserId,
      count: affected,
    });
    return { affected };
  });
}

const emailSchema = z.email();

const firstIssue = (error: z.ZodError) => error.issues[0]?.message ?? 'Invalid row';

/** A row's text fields as stored: trimmed, cut to their length, null when empty. */
function importedTexts(raw: ImportRow): PersonValues {
  const values: PersonValues = {};
  for (const name of fieldNames(CONTACT_FIELDS)) {
    values[name] = importedText(CONTACT_FIELDS[name], raw[name]);
  }
  return values;
}

/** A cell as the reports quote it: short, on one line. */
const quoted = (text: string) => JSON.stringify(text.slice(0, 100));

/** The tag names of a row's Tags cell that a tag may have, and what was left out. */
function importedTags(cell: string | undefined, warnings: string[]): string[] {
  const names: string[] = [];
  for (const name of tagNamesOf(cell)) {
    const checked = TagInputSchema.shape.name.safeParse(name);
    if (!checked.success)
      warnings.push(`Tag ${quoted(name)} left out: ${firstIssue(checked.error)}`);
    else if (names.length === MAX_IMPORT_TAGS_PER_ROW) {
      warnings.push(`Only the first ${MAX_IMPORT_TAGS_PER_ROW} tags were imported`);
      break;
    } else names.push(checked.data);
  }
  return names;
}

/** Names compared as people read them: same letters, case and spacing aside. */
const nameKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Finds an assignee among the workspace's assignable members: by email, else by full name
 * (the export writes names). Anything else, or a name two members share, answers why the
 * contact stays unassigned.
 */
function assigneeFinder(members: { id: number; email: string; fullName: string }[]) {
  const byEmail = new Map(members.map((m) => [m.email.toLowerCase(), m.id]));
  const byName = new Map<string, number[]>();
  for (const member of members) {
    const key = nameKey(member.fullName);
    byName.set(key, [...(byName.get(key) ?? []), member.id]);
  }
  return (cell: string): number | string => {
    const id = byEmail.get(cell.toLowerCase());
    if (id !== undefined) return id;
    const named = byName.get(nameKey(cell)) ?? [];
    if (named.length === 1) return named[0]!;
    if (named.length > 1) {
      return `Assignee ${quoted(cell)} names ${named.length} members (give their email); left unassigned`;
    }
    return `Assignee ${quoted(cell)} is not an active member of this workspace; left unassigned`;
  };
}

/**
 * One batch of a CSV import. A row without a name or with a bad email is rejected; a row
 * whose email a contact already has (or an earlier row of the batch) is skipped; the rest
 * are created in one insert, with their organizations found or created by name, their
 * tags found or created by name, and their assignee found among the workspace's active
 * members (by email or full name; anyone else leaves the contact unassigned, reported in
 * `warnings` with a tag that cannot be one).
 * With an `importId` (the file), a row that file already created is skipped too, emails or
 * not, and every row created is recorded: retrying a file never doubles a contact.
 */
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
    assignee: string;
    tags: string[];
    warnings: string[];
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
    const warnings: string[] = [];
    accepted.push({
      row,
      organization: company?.data ?? '',
      assignee: raw.assignee?.trim() ?? '',
      tags: importedTags(raw.tags, warnings),
      warnings,
      values: { fullName, ...importedTexts(raw), email: email || null },
    });
  });

  const created = { organizations: 0, tags: 0, contactTags: 0 };
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
    if (fresh.some((a) => a.assignee)) {
      const findAssignee = assigneeFinder(await listAssignableMembers(trx, workspaceId));
      for (const a of fresh) {
        if (!a.assignee) continue;
        const found = findAssignee(a.assignee);
        if (typeof found === 'number') a.values.assignedUserId = found;
        else a.warnings.push(found);
      }
    }
    const { byName: organizations, created: organizationsCreated } =
      await findOrCreateOrganizationsByName(
        trx,
        workspaceId,
        fresh.flatMap((a) => (a.organization ? [a.organization] : [])),
      );
    created.organizations = organizationsCreated;
    const tags = await repo.findOrCreateTagsByName(
      trx,
      workspaceId,
      fresh.flatMap((a) => a.tags),
    );
    created.tags = tags.created;
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
    // Two spellings of one tag ("VIP, vip") find the same tag: it is given once.
    const tagPairs = fresh.flatMap((a, index) =>
      [...new Set(a.tags.map((name) => tags.byName.get(name)!))].map((tagId) => ({
        personId: personIds[index]!,
        tagId,
      })),
    );
    await repo.attachTags(trx, workspaceId, tagPairs);
    created.contactTags = tagPairs.length;
    if (importId) {
      await imports.recordImportedRows(
        trx,
        workspaceId,
        importId,
        fresh.map((a, index) => ({ rowNumber: a.row, personId: personIds[index]! })),
      );
    }
    result.created = personIds.length;
    const warnings = fresh.flatMap((a) =>
      a.warnings.length > 0 ? [{ row: a.row, reason: a.warnings.join('; ') }] : [],
    );
    if (warnings.length > 0) result.warnings = warnings;
  });
  // The next read of the list must be planned for the rows that are there now.
  await analyzeAfterBulkChange(db, {
    persons: result.created,
    organizations: created.organizations,
    tags: created.tags,
    contactTags: created.contactTags,
    contactImportRows: importId ? result.created : 0,
  });
  result.skipped.sort((a, b) => a.row - b.row);
  return result;
}
