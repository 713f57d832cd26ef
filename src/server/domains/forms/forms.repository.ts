import { sql, type SqlBool } from 'kysely';
import type {
  AnswerValueSchema,
  Form,
  FormAutoresponder,
  FormField,
  FormSubmission,
} from '../../../shared/forms.schema.ts';
import { publicSlugOf } from '../../../shared/forms.schema.ts';
import type { CsvRow } from '../../../shared/csv.ts';
import type { z } from 'zod';
import type { Database } from '../../db/create-db.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';
import {
  deleteWorkspaceRow,
  insertWorkspaceRow,
  updateWorkspaceRow,
} from '../../db/workspace-rows.ts';

/** A form's columns as the service writes them (JSON settings already shaped). */
export interface FormValues {
  name: string;
  slug: string;
  published: boolean;
  fields: FormField[];
  dealStageId: number | null;
  dealValue: string | null;
  dealAssigneeId: number | null;
  dealTags: string[];
  submitLabel: string | null;
  thankYouMessage: string | null;
  redirectUrl: string | null;
  autoresponder: FormAutoresponder | null;
  allowIndexing: boolean;
}

function selectForm(db: Database, workspaceId: number) {
  return db
    .selectFrom('forms as f')
    .where('f.workspaceId', '=', workspaceId)
    .select([
      'f.id',
      'f.workspaceId',
      'f.name',
      'f.slug',
      'f.published',
      'f.fields',
      'f.dealStageId',
      'f.dealValue',
      'f.dealAssigneeId',
      'f.dealTags',
      'f.submitLabel',
      'f.thankYouMessage',
      'f.redirectUrl',
      'f.autoresponder',
      'f.allowIndexing',
      'f.createdAt',
      'f.updatedAt',
      sql<number>`(select count(*)::int from form_submissions s
        where s.workspace_id = f.workspace_id and s.form_id = f.id)`.as('submissionCount'),
    ]);
}

export type FormRow = Awaited<ReturnType<ReturnType<typeof selectForm>['execute']>>[number];

/** The stored fields, with `required` spelled out (false when the form left it out). */
export function fieldsOf(row: Pick<FormRow, 'fields'>): (FormField & { required: boolean })[] {
  return (row.fields as unknown as FormField[]).map((field) => ({
    ...field,
    required: field.required ?? false,
  }));
}

export function toForm(row: FormRow, appUrl: string): Form {
  const publicSlug = publicSlugOf(row.workspaceId, row.slug);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    published: row.published,
    fields: fieldsOf(row),
    deal:
      row.dealStageId === null
        ? null
        : {
            stageId: row.dealStageId,
            value: row.dealValue,
            assigneeId: row.dealAssigneeId,
            tags: row.dealTags,
          },
    submitLabel: row.submitLabel,
    thankYouMessage: row.thankYouMessage,
    redirectUrl: row.redirectUrl,
    autoresponder: (row.autoresponder as FormAutoresponder | null) ?? null,
    allowIndexing: row.allowIndexing,
    publicSlug,
    publicUrl: `${appUrl.replace(/\/$/, '')}/f/${publicSlug}`,
    submissionCount: row.submissionCount ?? 0,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function listForms(
  db: Database,
  workspaceId: number,
  query: { search?: string; limit: number; offset?: number },
) {
  let q = selectForm(db, workspaceId);
  if (query.search) q = q.where('f.name', 'ilike', containsPattern(query.search));
  return pageWithTotal(db, q.orderBy(sql`lower(f.name)`).orderBy('f.id'), query);
}

export function findForm(db: Database, workspaceId: number, id: number) {
  return selectForm(db, workspaceId).where('f.id', '=', id).executeTakeFirst();
}

/** The published form at this slug of this workspace (whether the workspace is live too). */
export function findPublishedForm(db: Database, workspaceId: number, slug: string) {
  return selectForm(db, workspaceId)
    .innerJoin('workspaces as w', 'w.id', 'f.workspaceId')
    .where('f.slug', '=', slug)
    .where('f.published', '=', true)
    .where('w.deletedAt', 'is', null)
    .where('w.isActive', '=', true)
    .executeTakeFirst();
}

export async function slugTaken(db: Database, workspaceId: number, slug: string, exceptId = 0) {
  const row = await db
    .selectFrom('forms')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('slug', '=', slug)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

function columns({ fields, autoresponder, ...rest }: FormValues) {
  return {
    ...rest,
    fields: JSON.stringify(fields),
    autoresponder: autoresponder === null ? null : JSON.stringify(autoresponder),
  };
}

export function insertForm(db: Database, workspaceId: number, values: FormValues) {
  return insertWorkspaceRow(db, 'forms', workspaceId, columns(values));
}

export function updateForm(db: Database, workspaceId: number, id: number, values: FormValues) {
  return updateWorkspaceRow(db, 'forms', workspaceId, id, {
    ...columns(values),
    updatedAt: new Date(),
  });
}

export function deleteForm(db: Database, workspaceId: number, id: number) {
  return deleteWorkspaceRow(db, 'forms', workspaceId, id);
}

// Submissions

function selectSubmission(db: Database, workspaceId: number) {
  return db
    .selectFrom('formSubmissions as s')
    .innerJoin('forms as f', (join) =>
      join.onRef('f.workspaceId', '=', 's.workspaceId').onRef('f.id', '=', 's.formId'),
    )
    .leftJoin('persons as p', (join) =>
      join.onRef('p.workspaceId', '=', 's.workspaceId').onRef('p.id', '=', 's.personId'),
    )
    .where('s.workspaceId', '=', workspaceId)
    .select([
      's.id',
      's.formId',
      'f.name as formName',
      // As text: the camel-case plugin would rename the keys of a JSON object it returns.
      sql<string>`s.answers::text`.as('answers'),
      's.pageUrl',
      's.consentText',
      's.personId',
      'p.fullName as personName',
      's.organizationId',
      's.leadId',
      's.submittedAt',
    ]);
}

type SubmissionRow = Awaited<ReturnType<ReturnType<typeof selectSubmission>['execute']>>[number];

function toSubmission(row: SubmissionRow): FormSubmission {
  return {
    id: row.id,
    formId: row.formId,
    formName: row.formName,
    answers: JSON.parse(row.answers) as Record<string, z.infer<typeof AnswerValueSchema>>,
    pageUrl: row.pageUrl,
    consentText: row.consentText,
    personId: row.personId,
    personName: row.personName,
    organizationId: row.organizationId,
    leadId: row.leadId,
    submittedAt: iso(row.submittedAt),
  };
}

function searched<Q extends ReturnType<typeof selectSubmission>>(q: Q, search?: string): Q {
  if (!search) return q;
  // The answers' text holds every value the visitor typed; the contact's name is searched too.
  const pattern = containsPattern(search);
  return q.where((eb) =>
    eb.or([
      eb(sql`s.answers::text`, 'ilike', pattern),
      eb('p.fullName', 'ilike', pattern),
      eb('s.pageUrl', 'ilike', pattern),
    ]),
  ) as Q;
}

const newestFirst = <Q extends ReturnType<typeof selectSubmission>>(q: Q) =>
  q.orderBy('s.submittedAt', 'desc').orderBy('s.id', 'desc');

export async function listSubmissions(
  db: Database,
  workspaceId: number,
  filter: { formId?: number; personId?: number },
  query: { search?: string; limit: number; offset?: number },
) {
  let q = selectSubmission(db, workspaceId);
  if (filter.formId !== undefined) q = q.where('s.formId', '=', filter.formId);
  if (filter.personId !== undefined) q = q.where('s.personId', '=', filter.personId);
  const { rows, total } = await pageWithTotal(db, newestFirst(searched(q, query.search)), query);
  return { items: rows.map(toSubmission), total };
}

/**
 * A form's submissions as CSV rows, newest first, batch by batch: when it came, one column
 * per field (headed by its label, or its key when two labels are alike), the page and the
 * contact. Choices of a multiple choice are joined with "; ".
 */
export function submissionsForExport(
  db: Database,
  workspaceId: number,
  form: { id: number; fields: FormField[] },
  search: string | undefined,
): RowExport {
  const headings = new Map<string, string>();
  const used = new Set(['Submitted at', 'Page URL', 'Contact']);
  for (const field of form.fields) {
    const heading = used.has(field.label) ? `${field.label} (${field.key})` : field.label;
    used.add(heading);
    headings.set(field.key, heading);
  }
  const read = (last: SubmissionRow | undefined, size: number) => {
    const q = newestFirst(
      searched(selectSubmission(db, workspaceId).where('s.formId', '=', form.id), search),
    );
    return (
      last ? q.where(sql<SqlBool>`(s.submitted_at, s.id) < (${last.submittedAt}, ${last.id})`) : q
    )
      .limit(size)
      .execute();
  };
  const cell = (value: unknown) =>
    Array.isArray(value)
      ? value.join('; ')
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : value;
  return {
    columns: ['Submitted at', ...headings.values(), 'Page URL', 'Contact'],
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        yield rows.map((row): CsvRow => {
          const answers = JSON.parse(row.answers) as Record<string, unknown>;
          return {
            'Submitted at': iso(row.submittedAt),
            ...Object.fromEntries(
              [...headings].map(([key, heading]) => [heading, cell(answers[key])]),
            ),
            'Page URL': row.pageUrl,
            Contact: row.personName,
          };
        });
      }
    },
  };
}

export async function insertSubmission(
  db: Database,
  workspaceId: number,
  values: {
    formId: number;
    answers: Record<string, unknown>;
    pageUrl: string | null;
    consentText: string | null;
    personId: number;
    organizationId: number | null;
    leadId: number | null;
    ipHash: string;
  },
) {
  return insertWorkspaceRow(db, 'formSubmissions', workspaceId, {
    ...values,
    answers: JSON.stringify(values.answers),
  });
}

// What a submission makes

export async function findOrganizationByName(db: Database, workspaceId: number, name: string) {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where(sql<SqlBool>`lower(name) = lower(${name})`)
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Holds, until the transaction ends, the lock of this name in the workspace: two
 * submissions with one email (or one organization name) then run one after the other, so
 * the second finds what the first made. A transaction-scoped advisory lock needs no session
 * of its own, so it works through a transaction-mode pooler and on the embedded database.
 */
export async function lockName(db: Database, workspaceId: number, name: string) {
  await sql`select pg_advisory_xact_lock(${workspaceId}::int, hashtext(${name}))`.execute(db);
}

export async function stageKeyOf(db: Database, workspaceId: number, stageId: number) {
  const row = await db
    .selectFrom('stages')
    .select('key')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', stageId)
    .executeTakeFirst();
  return row?.key;
}

export async function workspaceName(db: Database, workspaceId: number) {
  const row = await db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return row?.name ?? null;
}
