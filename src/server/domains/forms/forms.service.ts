import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ANSWER_MAX_LENGTH,
  DEFAULT_THANK_YOU,
  FormInputSchema,
  parsePublicSlug,
  publicSlugOf,
  type FormField,
  type FormInput,
  type FormUpdate,
  type PublicForm,
  type PublicSubmissionInput,
} from '../../../shared/forms.schema.ts';
import { slugify } from '../../../shared/slug.ts';
import type { Database } from '../../db/create-db.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts';
import type { Config } from '../../config.ts';
import type { Context, WorkspaceScope } from '../../trpc/context.ts';
import { InvalidFields } from '../../trpc/init.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { formSubmitted } from '../notifications/notification-events.ts';
import { isActiveMember } from '../team/team.repository.ts';
import { upsertContactByEmail } from '../contacts/contact-by-email.ts';
import { setLeadTags } from '../pipeline/pipeline.repository.ts';
import { checkFormToken, issueFormToken } from './form-token.ts';
import * as repo from './forms.repository.ts';

const FORM_NOT_FOUND = 'Form not found';
const SLUG_TAKEN = 'Another form of the workspace has this slug';

/** The queue that emails a visitor the form's autoresponder (forms.queue.ts). */
export const FORM_AUTORESPONDER_QUEUE = 'form-autoresponder';

type Scope = WorkspaceScope & Pick<Context, 'config'>;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: FORM_NOT_FOUND });

export async function readForm({ db, workspace, config }: Scope, id: number) {
  const row = await repo.findForm(db, workspace.id, id);
  if (!row) throw notFound();
  return repo.toForm(row, config.appUrl);
}

export async function listForms(
  { db, workspace, config }: Scope,
  query: { search?: string; limit: number; offset?: number },
) {
  const { rows, total } = await repo.listForms(db, workspace.id, query);
  return { items: rows.map((row) => repo.toForm(row, config.appUrl)), total };
}

/** A form's stage and assignee must be the workspace's own (404 otherwise, as for any id). */
async function checkDeal(db: Database, workspaceId: number, deal: FormInput['deal']) {
  if (!deal) return;
  if (!(await repo.stageKeyOf(db, workspaceId, deal.stageId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Stage not found' });
  }
  if (deal.assigneeId != null && !(await isActiveMember(db, workspaceId, deal.assigneeId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'User not found' });
  }
}

/** The slug asked for, or one made from the name that no other form of the workspace has. */
async function slugFor(db: Database, workspaceId: number, input: FormInput, exceptId = 0) {
  if (input.slug) {
    if (await repo.slugTaken(db, workspaceId, input.slug, exceptId)) {
      throw new TRPCError({ code: 'CONFLICT', message: SLUG_TAKEN });
    }
    return input.slug;
  }
  const base =
    slugify(input.name)
      .replace(/[^a-z0-9-]/g, '')
      .slice(0, 70)
      .replace(/-+$/, '') || 'form';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.slugTaken(db, workspaceId, candidate, exceptId))) return candidate;
  }
}

function valuesOf(input: FormInput, slug: string): repo.FormValues {
  return {
    name: input.name,
    slug,
    published: input.published,
    fields: input.fields,
    dealStageId: input.deal?.stageId ?? null,
    dealValue: input.deal?.value ?? null,
    dealAssigneeId: input.deal?.assigneeId ?? null,
    dealTags: input.deal?.tags ?? [],
    submitLabel: input.submitLabel || null,
    thankYouMessage: input.thankYouMessage || null,
    redirectUrl: input.redirectUrl || null,
    autoresponder: input.autoresponder ?? null,
    allowIndexing: input.allowIndexing,
  };
}

function writeFailed(error: unknown): never {
  if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: SLUG_TAKEN });
  if (isForeignKeyViolation(error)) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'A linked record no longer exists' });
  }
  throw error;
}

export async function createForm(scope: Scope, input: FormInput) {
  const workspaceId = scope.workspace.id;
  await checkDeal(scope.db, workspaceId, input.deal);
  const slug = await slugFor(scope.db, workspaceId, input);
  const id = await repo.insertForm(scope.db, workspaceId, valuesOf(input, slug)).catch(writeFailed);
  return readForm(scope, id);
}

/**
 * Only the settings sent change; the form they leave must meet every rule of a new one (a
 * published form keeps its email mapping), checked on the merge.
 */
export async function updateForm(scope: Scope, id: number, changes: Omit<FormUpdate, 'id'>) {
  const workspaceId = scope.workspace.id;
  const current = await readForm(scope, id);
  // The stored form as an input, then each change sent: null clears a setting.
  const base: Record<string, unknown> = {
    name: current.name,
    slug: current.slug,
    published: current.published,
    fields: current.fields,
    deal: current.deal && {
      stageId: current.deal.stageId,
      ...(current.deal.value !== null ? { value: current.deal.value } : {}),
      assigneeId: current.deal.assigneeId,
      tags: current.deal.tags,
    },
    submitLabel: current.submitLabel ?? undefined,
    thankYouMessage: current.thankYouMessage ?? undefined,
    redirectUrl: current.redirectUrl ?? undefined,
    autoresponder: current.autoresponder,
    allowIndexing: current.allowIndexing,
  };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    base[key] = value === null && key !== 'deal' && key !== 'autoresponder' ? undefined : value;
  }
  const merged = FormInputSchema.safeParse(base);
  if (!merged.success) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid form', cause: merged.error });
  }
  const input = merged.data;
  await checkDeal(scope.db, workspaceId, input.deal);
  const slug = await slugFor(scope.db, workspaceId, input, id);
  const updated = await repo
    .updateForm(scope.db, workspaceId, id, valuesOf(input, slug))
    .catch(writeFailed);
  if (!updated) throw notFound();
  return readForm(scope, id);
}

export async function deleteForm({ db, workspace }: WorkspaceScope, id: number) {
  if (!(await repo.deleteForm(db, workspace.id, id))) throw notFound();
  return { success: true as const };
}

export async function exportSubmissions(scope: Scope, id: number, search: string | undefined) {
  const form = await readForm(scope, id);
  return repo.submissionsForExport(scope.db, scope.workspace.id, form, search);
}

// The public side

/** The published form a public address names; 404 alike for anything else. */
async function publishedForm(db: Database, publicSlug: string) {
  const parsed = parsePublicSlug(publicSlug);
  const row = parsed ? await repo.findPublishedForm(db, parsed.workspaceId, parsed.slug) : null;
  if (!row) throw notFound();
  return row;
}

export async function publicForm(
  { db, config }: Pick<Context, 'db' | 'config'>,
  publicSlug: string,
): Promise<PublicForm> {
  const row = await publishedForm(db, publicSlug);
  return {
    name: row.name,
    publicSlug: publicSlugOf(row.workspaceId, row.slug),
    fields: repo.fieldsOf(row).map(({ mapTo: _mapTo, ...field }) => field),
    submitLabel: row.submitLabel,
    thankYouMessage: row.thankYouMessage,
    redirectUrl: row.redirectUrl,
    allowIndexing: row.allowIndexing,
    token: issueFormToken(config.sessionSecret, row.id),
  };
}

/** Whether the public page may be indexed, for the page's `X-Robots-Tag`, before it is read. */
export async function allowsIndexing(db: Database, publicSlug: string) {
  const parsed = parsePublicSlug(publicSlug);
  if (!parsed) return false;
  const row = await repo.findPublishedForm(db, parsed.workspaceId, parsed.slug);
  return row?.allowIndexing ?? false;
}

/** For the page `/f/{slug}` itself: whether it names a published form, and may be indexed. */
export async function publicPageStatus(db: Database, publicSlug: string) {
  const parsed = parsePublicSlug(publicSlug);
  const row = parsed ? await repo.findPublishedForm(db, parsed.workspaceId, parsed.slug) : null;
  return { found: Boolean(row), allowIndexing: row?.allowIndexing ?? false };
}

const SPAM_MESSAGE = 'Your submission could not be accepted';

function refuse(message: string): never {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
}

type Answer = string | boolean | string[];

/** Text of a form-encoded or JSON answer: a string, or the last of several. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value) && value.length > 0 && typeof value.at(-1) === 'string') {
    return value.at(-1) as string;
  }
  return undefined;
}

const EMAIL = z.email();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The answers as stored, one per field the form has (others are dropped), each checked
 * against its field: a 422 lists every problem by `answers.{key}`. Form-encoded checkboxes
 * arrive as "on", "true" or "yes"; JSON ones as booleans.
 */
export function checkAnswers(fields: FormField[], raw: Record<string, unknown>) {
  const issues: InvalidFields['issues'] = [];
  const answers: Record<string, Answer> = {};
  const problem = (key: string, message: string) =>
    issues.push({ path: ['answers', key], message });
  for (const field of fields) {
    const value = raw[field.key];
    const max = ANSWER_MAX_LENGTH[field.type];
    if (field.type === 'checkbox' || field.type === 'consent') {
      const text = typeof value === 'boolean' ? String(value) : textOf(value)?.toLowerCase();
      const checked = text === 'true' || text === 'on' || text === 'yes' || text === '1';
      if (text !== undefined && !checked && !['false', 'off', 'no', '0', ''].includes(text)) {
        problem(field.key, `${field.label.slice(0, 60)}: answer yes or no`);
        continue;
      }
      if (field.required && !checked) {
        problem(
          field.key,
          field.type === 'consent' ? 'Please agree to continue' : `${field.label} is required`,
        );
        continue;
      }
      answers[field.key] = checked;
      continue;
    }
    if (field.type === 'multiselect') {
      const list = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
        (v) => v !== '',
      );
      if (list.some((v) => typeof v !== 'string' || !field.options?.includes(v))) {
        problem(field.key, `${field.label}: choose among the options`);
        continue;
      }
      if (list.length > (field.options?.length ?? 0)) {
        problem(field.key, `${field.label}: each option at most once`);
        continue;
      }
      if (field.required && list.length === 0) {
        problem(field.key, `${field.label} is required`);
        continue;
      }
      if (list.length > 0) answers[field.key] = [...new Set(list as string[])];
      continue;
    }
    const text = value === undefined || value === null ? '' : textOf(value);
    if (text === undefined) {
      problem(field.key, `${field.label}: send text`);
      continue;
    }
    const trimmed = text.trim();
    if (trimmed.length > max) {
      problem(field.key, `${field.label} must be at most ${max} characters`);
      continue;
    }
    if (trimmed === '') {
      if (field.required) problem(field.key, `${field.label} is required`);
      continue;
    }
    if (field.type === 'email' && !EMAIL.safeParse(trimmed).success) {
      problem(field.key, 'Enter a valid email address');
      continue;
    }
    if (field.type === 'number' && !/^-?\d+(\.\d+)?$/.test(trimmed)) {
      problem(field.key, `${field.label} must be a number`);
      continue;
    }
    if (field.type === 'date' && (!DATE.test(trimmed) || Number.isNaN(Date.parse(trimmed)))) {
      problem(field.key, `${field.label} must be a date (YYYY-MM-DD)`);
      continue;
    }
    if (field.type === 'select' && !field.options?.includes(trimmed)) {
      problem(field.key, `${field.label}: choose one of the options`);
      continue;
    }
    if (field.type === 'phone' && !/^[0-9+()./\s-]{3,50}$/.test(trimmed)) {
      problem(field.key, 'Enter a valid phone number');
      continue;
    }
    answers[field.key] = field.type === 'textarea' ? text.trim() : trimmed.replace(/\s+/g, ' ');
  }
  if (issues.length > 0) {
    throw new TRPCError({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'Please correct the highlighted fields',
      cause: new InvalidFields(issues),
    });
  }
  return answers;
}

function mapped(fields: FormField[], answers: Record<string, Answer>, target: FormField['mapTo']) {
  const field = fields.find((f) => f.mapTo === target);
  const value = field ? answers[field.key] : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A hash of the visitor's address (keyed, so it cannot be reversed by trying addresses). */
function addressHash(secret: string, ip: string) {
  return createHash('sha256').update(`keel:form-ip:${secret}:${ip}`).digest('hex').slice(0, 32);
}

function safePageUrl(value: string | undefined) {
  if (!value) return null;
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) ? url.toString().slice(0, 2000) : null;
  } catch {
    return null;
  }
}

/**
 * A visitor's submission. The spam checks come first and write nothing (the honeypot must
 * be empty, the token genuine, at least 3 s and at most 24 h old); then the answers are
 * checked against the fields; then one transaction finds or makes the contact by email
 * (under a lock on the workspace and the lowercased email, so two submissions at once make
 * one contact), the organization by name, the deal if the form opens one, records the
 * submission, notifies, and queues the autoresponder.
 */
export async function submit(
  { db, config, jobs }: { db: Database; config: Config; jobs: Jobs },
  input: PublicSubmissionInput,
  from: { ip: string; referer: string | undefined },
) {
  const form = await publishedForm(db, input.slug);
  if (input._hp) refuse(SPAM_MESSAGE);
  const token = checkFormToken(config.sessionSecret, input._token, form.id);
  if (token === 'invalid' || token === 'expired') {
    refuse('This form has expired. Reload the page and try again.');
  }
  if (token === 'too_fast') refuse('That was quick! Please wait a few seconds and send again.');
  const fields = repo.fieldsOf(form);
  const answers = checkAnswers(fields, input.answers);
  const email = mapped(fields, answers, 'contact.email');
  if (!email) {
    // A published form always maps an email (checked when it was saved); an optional one
    // left empty cannot make a contact.
    throw new TRPCError({
      code: 'UNPROCESSABLE_CONTENT',
      message: 'Enter your email address',
      cause: new InvalidFields([
        {
          path: ['answers', fields.find((f) => f.mapTo === 'contact.email')?.key ?? 'email'],
          message: 'Enter your email address',
        },
      ]),
    });
  }
  const fullName = (mapped(fields, answers, 'contact.fullName') ?? email).slice(0, 100);
  const phone = mapped(fields, answers, 'contact.phone')?.slice(0, 50) ?? null;
  const organizationName = mapped(fields, answers, 'organization.name')?.slice(0, 200) ?? null;
  const consent = fields.find((f) => f.type === 'consent' && answers[f.key] === true);
  const workspaceId = form.workspaceId;

  const made = await db.transaction().execute(async (trx) => {
    let organizationId: number | null = null;
    if (organizationName) {
      await repo.lockName(trx, workspaceId, `organization:${organizationName.toLowerCase()}`);
      organizationId =
        (await repo.findOrganizationByName(trx, workspaceId, organizationName)) ??
        (
          await trx
            .insertInto('organizations')
            .values({ workspaceId, name: organizationName })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
    }
    // A visitor's answers never overwrite the workspace's own record: only what it lacks.
    const { id: personId } = await upsertContactByEmail(trx, workspaceId, {
      email,
      fullName,
      phone,
      organizationId,
    });
    let leadId: number | null = null;
    const stageKey =
      form.dealStageId === null
        ? undefined
        : await repo.stageKeyOf(trx, workspaceId, form.dealStageId);
    const assigneeId =
      form.dealAssigneeId !== null && (await isActiveMember(trx, workspaceId, form.dealAssigneeId))
        ? form.dealAssigneeId
        : null;
    if (stageKey) {
      leadId = (
        await trx
          .insertInto('leads')
          .values({
            workspaceId,
            dealName: `${form.name}: ${fullName}`.slice(0, 200),
            personId,
            companyId: organizationId,
            stage: stageKey,
            value: form.dealValue ?? '0',
            assignedUserId: assigneeId,
            lastContact: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      await setLeadTags(trx, workspaceId, leadId, form.dealTags);
    }
    const submissionId = await repo.insertSubmission(trx, workspaceId, {
      formId: form.id,
      answers,
      pageUrl: safePageUrl(input.pageUrl) ?? safePageUrl(from.referer),
      consentText: consent?.label ?? null,
      personId,
      organizationId,
      leadId,
      ipHash: addressHash(config.sessionSecret, from.ip),
    });
    await formSubmitted(trx, jobs, {
      workspaceId,
      actorUserId: null,
      formId: form.id,
      formName: form.name,
      contactName: fullName,
      assigneeId: leadId ? assigneeId : null,
    });
    if (form.autoresponder) {
      await jobs.send(FORM_AUTORESPONDER_QUEUE, { workspaceId, submissionId }, { db: trx });
    }
    return { submissionId, personId, leadId };
  });
  return {
    made,
    answer: form.redirectUrl
      ? { redirectUrl: form.redirectUrl }
      : { message: form.thankYouMessage ?? DEFAULT_THANK_YOU },
  };
}

/**
 * Emails the visitor the form's autoresponder, once: the Message-ID is the submission's, so
 * a job run again after a kill sends a copy receivers drop.
 */
export async function sendAutoresponder(
  { db, mailer }: { db: Database; mailer: Context['mailer'] },
  data: { workspaceId: number; submissionId: number },
) {
  const row = await db
    .selectFrom('formSubmissions as s')
    .innerJoin('forms as f', (join) =>
      join.onRef('f.workspaceId', '=', 's.workspaceId').onRef('f.id', '=', 's.formId'),
    )
    .leftJoin('persons as p', (join) =>
      join.onRef('p.workspaceId', '=', 's.workspaceId').onRef('p.id', '=', 's.personId'),
    )
    .select([
      's.id',
      sql<string>`s.answers::text`.as('answers'),
      'f.fields',
      'f.autoresponder',
      'p.fullName',
    ])
    .where('s.workspaceId', '=', data.workspaceId)
    .where('s.id', '=', data.submissionId)
    .executeTakeFirst();
  const autoresponder = row?.autoresponder as { subject: string; body: string } | null | undefined;
  if (!row || !autoresponder) return;
  const fields = row.fields as unknown as FormField[];
  const email = mapped(fields, JSON.parse(row.answers) as Record<string, Answer>, 'contact.email');
  if (!email) return;
  const name = row.fullName ?? email;
  const business = await repo.workspaceName(db, data.workspaceId);
  await mailer.send({
    to: email,
    subject: autoresponder.subject.replaceAll('{{name}}', name),
    text: autoresponder.body.replaceAll('{{name}}', name) + (business ? `\n\n— ${business}` : ''),
    messageId: `<form-submission-${data.workspaceId}-${row.id}@keel>`,
  });
}
