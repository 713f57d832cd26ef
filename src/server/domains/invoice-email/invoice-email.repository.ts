import { sql } from 'kysely';
import type { Actor } from '../../../shared/activity.ts';
import {
  DEFAULT_TEMPLATES,
  type EmailedDocument,
  type EmailTemplates,
  type EmailTemplatesUpdate,
  type InvoiceEmail,
  type ReminderSchedule,
} from '../../../shared/invoice-email.schema.ts';
import type { Database } from '../../db/create-db.ts';
import { crossWorkspace } from '../../db/cross-workspace.ts';
import { iso } from '../../db/search.ts';

const DEFAULT_OFFSETS = [-3, 0, 7, 14];

export interface EmailSettings extends EmailTemplates, ReminderSchedule {
  enabledAt: Date | null;
}

function offsetsOf(value: unknown): number[] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
}

/** The workspace's templates and schedule: its saved row, else the defaults (reminders off). */
export async function findSettings(db: Database, workspaceId: number): Promise<EmailSettings> {
  const row = await db
    .selectFrom('invoiceEmailSettings')
    .selectAll()
    .where('workspaceId', '=', workspaceId)
    .executeTakeFirst();
  if (!row)
    return { ...DEFAULT_TEMPLATES, enabled: false, offsets: DEFAULT_OFFSETS, enabledAt: null };
  return {
    invoiceSubject: row.invoiceSubject,
    invoiceBody: row.invoiceBody,
    reminderSubject: row.reminderSubject,
    reminderBody: row.reminderBody,
    // Saved before estimates were emailed: the default text until the workspace edits it.
    estimateSubject: row.estimateSubject ?? DEFAULT_TEMPLATES.estimateSubject,
    estimateBody: row.estimateBody ?? DEFAULT_TEMPLATES.estimateBody,
    contractSubject: row.contractSubject ?? DEFAULT_TEMPLATES.contractSubject,
    contractBody: row.contractBody ?? DEFAULT_TEMPLATES.contractBody,
    creditNoteSubject: row.creditNoteSubject ?? DEFAULT_TEMPLATES.creditNoteSubject,
    creditNoteBody: row.creditNoteBody ?? DEFAULT_TEMPLATES.creditNoteBody,
    enabled: row.remindersEnabled,
    offsets: offsetsOf(row.reminderOffsets),
    enabledAt: row.remindersEnabledAt,
  };
}

async function ensureSettings(db: Database, workspaceId: number) {
  await db
    .insertInto('invoiceEmailSettings')
    .values({ workspaceId, ...DEFAULT_TEMPLATES })
    .onConflict((oc) => oc.column('workspaceId').doNothing())
    .execute();
}

export async function updateTemplates(
  db: Database,
  workspaceId: number,
  values: EmailTemplatesUpdate,
) {
  await ensureSettings(db, workspaceId);
  await db
    .updateTable('invoiceEmailSettings')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .execute();
}

/** Turning reminders on (from off) stamps the time: reminders dated before it are skipped. */
export async function updateSchedule(
  db: Database,
  workspaceId: number,
  values: { enabled?: boolean; offsets?: number[] },
) {
  await ensureSettings(db, workspaceId);
  await db
    .updateTable('invoiceEmailSettings')
    .set({
      ...(values.offsets !== undefined ? { reminderOffsets: JSON.stringify(values.offsets) } : {}),
      ...(values.enabled !== undefined
        ? {
            remindersEnabled: values.enabled,
            remindersEnabledAt: values.enabled
              ? sql<Date>`case when reminders_enabled then reminders_enabled_at else now() end`
              : null,
          }
        : {}),
      updatedAt: sql<Date>`now()`,
    })
    .where('workspaceId', '=', workspaceId)
    .execute();
}

function selectEmails(db: Database, workspaceId: number) {
  return db
    .selectFrom('invoiceEmails as e')
    .leftJoin('users as u', 'u.id', 'e.createdBy')
    .where('e.workspaceId', '=', workspaceId)
    .select([
      'e.id',
      'e.invoiceId',
      'e.estimateId',
      'e.creditNoteId',
      'e.kind',
      'e.reminderKey',
      'e.toAddress',
      'e.subject',
      'e.body',
      'e.status',
      'e.attempts',
      'e.error',
      'e.queuedAt',
      'e.sentAt',
      'e.actor',
      'e.createdBy',
      'u.fullName as createdByName',
    ]);
}

type EmailRow = Awaited<ReturnType<ReturnType<typeof selectEmails>['execute']>>[number];

function toEmail({ toAddress, createdBy, createdByName, ...r }: EmailRow): InvoiceEmail {
  return {
    ...r,
    kind: r.kind as InvoiceEmail['kind'],
    actor: r.actor as Actor,
    status: r.status as InvoiceEmail['status'],
    to: toAddress,
    queuedAt: iso(r.queuedAt),
    sentAt: iso(r.sentAt),
    createdBy: createdBy !== null ? { id: createdBy, name: createdByName ?? '' } : null,
  };
}

/** The column that names each kind of document on an outbox row. */
const DOCUMENT_COLUMN = {
  invoice: 'e.invoiceId',
  estimate: 'e.estimateId',
  creditNote: 'e.creditNoteId',
} as const;

/** A document's emails, newest first. */
export async function listEmails(
  db: Database,
  workspaceId: number,
  document: EmailedDocument,
  id: number,
) {
  const rows = await selectEmails(db, workspaceId)
    .where(DOCUMENT_COLUMN[document], '=', id)
    .orderBy('e.queuedAt', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
  return rows.map(toEmail);
}

export async function findEmail(db: Database, workspaceId: number, id: number) {
  const row = await selectEmails(db, workspaceId).where('e.id', '=', id).executeTakeFirst();
  return row ? toEmail(row) : undefined;
}

export interface NewEmail {
  /** An invoice's email or reminder names the invoice; an estimate's email the estimate. */
  invoiceId: number | null;
  estimateId?: number;
  /** A contract's email (kind 'contract') names the contract only. */
  contractId?: number;
  /** A credit note's email (kind 'credit_note') names the credit note only. */
  creditNoteId?: number;
  kind: 'invoice' | 'reminder' | 'estimate' | 'contract' | 'credit_note';
  reminderKey: string | null;
  to: string;
  subject: string;
  body: string;
  /** Who queued it: a user, or the system (no user). */
  createdBy: number | null;
  actor: Actor;
}

/**
 * Writes an outbox row. A reminder already in the outbox (same invoice and key) is not
 * written again: undefined then.
 */
export async function insertEmail(
  db: Database,
  workspaceId: number,
  email: NewEmail,
): Promise<number | undefined> {
  const row = await db
    .insertInto('invoiceEmails')
    .values({
      workspaceId,
      invoiceId: email.invoiceId,
      estimateId: email.estimateId ?? null,
      contractId: email.contractId ?? null,
      creditNoteId: email.creditNoteId ?? null,
      kind: email.kind,
      reminderKey: email.reminderKey,
      toAddress: email.to,
      subject: email.subject,
      body: email.body,
      createdBy: email.createdBy,
      actor: email.actor,
    })
    .onConflict((oc) =>
      oc
        .columns(['workspaceId', 'invoiceId', 'reminderKey'])
        .where('kind', '=', 'reminder')
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Claims the row for one delivery, committed before anything is sent: a row queued or
 * failed, or claimed by a delivery older than `leaseSeconds` (longer than any delivery
 * lasts, so its server died). The row becomes `sending` with the time of the claim, the
 * attempt is counted, and the row keeps the Message-ID of its first attempt (`messageId`
 * is used only for the first): a send that may have reached the client before its server
 * died goes again as the same email, which receivers de-duplicate. Undefined when the row
 * was sent or logged, is claimed by a delivery underway, or is gone.
 */
export function claimForDelivery(
  db: Database,
  workspaceId: number,
  id: number,
  messageId: string,
  leaseSeconds: number,
) {
  return db
    .updateTable('invoiceEmails')
    .set({
      status: 'sending',
      claimedAt: sql<Date>`now()`,
      messageId: sql<string>`coalesce(message_id, ${messageId})`,
      attempts: sql`attempts + 1`,
    })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['queued', 'failed']),
        eb.and([
          eb('status', '=', 'sending'),
          eb('claimedAt', '<', sql<Date>`now() - make_interval(secs => ${leaseSeconds})`),
        ]),
      ]),
    )
    .returning([
      'id',
      'workspaceId',
      'invoiceId',
      'estimateId',
      'contractId',
      'creditNoteId',
      'kind',
      'toAddress',
      'subject',
      'body',
      'createdBy',
      'messageId',
    ])
    .executeTakeFirst();
}

/** The row's status (undefined when it is gone). */
export async function deliveryStatus(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('invoiceEmails')
    .select('status')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status;
}

/**
 * The claimed row went out (or to the log); a late second claimant's failure cannot undo
 * it. Sent (the mail server accepted it, not merely logged), its invoice is emailed from
 * now on: `emailedAt` keeps the first such time. An estimate's email has no invoice.
 */
export async function markSent(
  db: Database,
  workspaceId: number,
  id: number,
  status: 'sent' | 'logged' = 'sent',
) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('invoiceEmails')
      .set({ status, sentAt: sql<Date>`now()`, error: null })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', id)
      .where('status', 'in', ['sending', 'failed'])
      .returning(['workspaceId', 'invoiceId', 'creditNoteId'])
      .executeTakeFirst();
    if (row && status === 'sent' && row.creditNoteId !== null) {
      await trx
        .updateTable('creditNotes')
        .set({ emailedAt: sql<Date>`now()` })
        .where('workspaceId', '=', row.workspaceId)
        .where('id', '=', row.creditNoteId)
        .where('emailedAt', 'is', null)
        .execute();
    }
    if (!row || status !== 'sent' || row.invoiceId === null) return;
    await trx
      .updateTable('invoices')
      .set({ emailedAt: sql<Date>`now()` })
      .where('workspaceId', '=', row.workspaceId)
      .where('id', '=', row.invoiceId)
      .where('emailedAt', 'is', null)
      .execute();
  });
}

/** The claimed row did not go out: the error is kept, and the queue tries again. */
export async function markFailed(db: Database, workspaceId: number, id: number, error: string) {
  await db
    .updateTable('invoiceEmails')
    .set({ status: 'failed', error: error.slice(0, 1000) })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** The keys of the reminders already in the outbox of these invoices. */
export async function sentReminderKeys(db: Database, workspaceId: number, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return new Map<number, Set<string>>();
  const rows = await db
    .selectFrom('invoiceEmails')
    .select(['invoiceId', 'reminderKey'])
    .where('workspaceId', '=', workspaceId)
    .where('kind', '=', 'reminder')
    .where('invoiceId', 'in', invoiceIds)
    .execute();
  const keys = new Map<number, Set<string>>();
  for (const row of rows) {
    // A reminder always names its invoice (invoice_emails_document_check).
    const set = keys.get(row.invoiceId!) ?? new Set<string>();
    set.add(row.reminderKey!);
    keys.set(row.invoiceId!, set);
  }
  return keys;
}

/** Workspaces whose reminders are on (neither suspended nor deleted), with their time zone. */
export function remindingWorkspaces(db: Database) {
  return db
    .selectFrom('invoiceEmailSettings as s')
    .innerJoin('workspaces as w', 'w.id', 's.workspaceId')
    .leftJoin('businessProfiles as bp', 'bp.workspaceId', 's.workspaceId')
    .where('s.remindersEnabled', '=', true)
    .where('w.isActive', '=', true)
    .where('w.isDeleted', '=', false)
    .where('w.deletedAt', 'is', null)
    .select(['s.workspaceId', sql<string>`coalesce(bp.timezone, 'UTC')`.as('timezone')])
    .orderBy('s.workspaceId')
    .$call(crossWorkspace('job-sweep'))
    .execute();
}

/**
 * Issued invoices with something left to pay, which reminders are for: sent or viewed
 * (overdue is sent or viewed past its due date), with a due date. Paid, void and drafts
 * never get one.
 */
export function unpaidInvoices(db: Database, workspaceId: number) {
  return db
    .selectFrom('invoices')
    .where('workspaceId', '=', workspaceId)
    .where('status', 'in', ['sent', 'viewed', 'overdue'])
    .where('dueDate', 'is not', null)
    .whereRef('paidTotal', '<', 'amount')
    .select(['id', 'clientId', 'dueDate', 'issueDate', 'issuedAt'])
    .orderBy('id')
    .execute();
}
