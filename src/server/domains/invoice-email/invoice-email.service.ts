import { randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import { formatCalendarDate, todayIn, workspaceClock } from '../../../shared/datetime.ts';
import type { Estimate } from '../../../shared/estimates.schema.ts';
import {
  reminderDate,
  reminderKey,
  reminderLabel,
  renderTemplate,
  type EmailDelivery,
  type EmailedDocument,
  type EmailPreview,
  type EmailTemplatesUpdate,
  type EstimatePlaceholderValues,
  type CreditNotePlaceholderValues,
  type PlaceholderValues,
  type ReminderScheduleUpdate,
  type SendDocumentInput,
  type SendInvoiceInput,
  type SendInvoiceResult,
  type UpcomingReminder,
} from '../../../shared/invoice-email.schema.ts';
import type { Invoice } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { Database } from '../../db/create-db.ts';
import { SEND_LIMIT_MS } from '../../plugins/mailer.ts';
import {
  recordedActor,
  type ActingScope,
  type AppServices,
  type Context,
  type WorkspaceScope,
} from '../../trpc/context.ts';
import { findProfile, findSeller } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import type { CreditNote } from '../../../shared/credit-notes.schema.ts';
import { findCreditNote } from '../credit-notes/credit-notes.repository.ts';
import { creditNotePdf } from '../credit-notes/credit-notes.service.ts';
import { findEstimate, previewEstimateNumber } from '../estimates/estimates.repository.ts';
import { estimatePdfOf, sendEstimate as numberEstimate } from '../estimates/estimates.service.ts';
import { findInvoice } from '../invoices/invoices.repository.ts';
import { assertSendable, ciiDocument } from '../einvoices/einvoice.service.ts';
import { invoiceEmailPdf } from '../einvoices/facturx.service.ts';
import { issueInvoice } from '../invoices/invoices.service.ts';
import { createEmailedPortalLink, portalUrl } from '../portal/portal-links.service.ts';
import * as repo from './invoice-email.repository.ts';

/** The queue that delivers one outbox row (invoice-email.queue.ts). */
export const INVOICE_EMAIL_QUEUE = 'invoice-email';

const notFound = (message = 'Invoice not found') => new TRPCError({ code: 'NOT_FOUND', message });
const estimateNotFound = () => notFound('Estimate not found');
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

export const NO_BILLING_EMAIL =
  "This client has no billing email: add one on the client's page before sending";
export const NOT_CONFIGURED =
  'Email is not configured on this server: the email was written to the server log. Copy the portal link to send it yourself.';

const OPEN_STATUSES = new Set(['sent', 'viewed', 'overdue']);

/* ---------------------------------------------------------------- settings */

export async function getTemplates({ db, workspace }: WorkspaceScope) {
  const s = await repo.findSettings(db, workspace.id);
  return {
    invoiceSubject: s.invoiceSubject,
    invoiceBody: s.invoiceBody,
    reminderSubject: s.reminderSubject,
    reminderBody: s.reminderBody,
    estimateSubject: s.estimateSubject,
    estimateBody: s.estimateBody,
    contractSubject: s.contractSubject,
    contractBody: s.contractBody,
    creditNoteSubject: s.creditNoteSubject,
    creditNoteBody: s.creditNoteBody,
  };
}

export async function updateTemplates(scope: WorkspaceScope, values: EmailTemplatesUpdate) {
  await repo.updateTemplates(scope.db, scope.workspace.id, values);
  return getTemplates(scope);
}

export async function getSchedule({ db, workspace }: WorkspaceScope) {
  const { enabled, offsets } = await repo.findSettings(db, workspace.id);
  return { enabled, offsets };
}

export async function updateSchedule(scope: WorkspaceScope, values: ReminderScheduleUpdate) {
  await repo.updateSchedule(scope.db, scope.workspace.id, values);
  return getSchedule(scope);
}

/* ------------------------------------------------------------ placeholders */

/**
 * What each placeholder becomes for this invoice (a draft shows the number it will get).
 * The portal link is filled in when the email goes out: each email gets a new live link.
 */
async function placeholderValues(
  db: Database,
  workspaceId: number,
  invoice: Invoice,
): Promise<Omit<PlaceholderValues, 'portalLink' | 'payLink'>> {
  const [{ profile, seller }, client] = await Promise.all([
    findSeller(db, workspaceId),
    findClient(db, workspaceId, invoice.clientId),
  ]);
  return {
    number: invoice.invoiceNumber ?? profile.nextInvoiceNumberPreview,
    total: formatMoney(invoice.total, invoice.currency),
    balance: formatMoney(
      invoice.status === 'draft' ? invoice.total : invoice.balance,
      invoice.currency,
    ),
    // In the workspace's format, as its PDF and portal write it.
    dueDate: invoice.dueDate
      ? formatCalendarDate(invoice.dueDate, workspaceClock(profile))
      : 'no due date',
    clientName: client ? client.company || client.name : invoice.client.name,
    businessName: seller.name,
  };
}

/** An estimate's placeholders (a draft shows the number it will get). */
async function estimateValues(
  db: Database,
  workspaceId: number,
  estimate: Estimate,
): Promise<Omit<EstimatePlaceholderValues, 'portalLink'>> {
  const [{ profile, seller }, client] = await Promise.all([
    findSeller(db, workspaceId),
    findClient(db, workspaceId, estimate.clientId),
  ]);
  return {
    number: estimate.estimateNumber ?? (await previewEstimateNumber(db, workspaceId)),
    total: formatMoney(estimate.total, estimate.currency),
    // In the workspace's format, as the invoice's due date.
    validUntil: estimate.validUntil
      ? formatCalendarDate(estimate.validUntil, workspaceClock(profile))
      : 'no expiry date',
    clientName: client ? client.company || client.name : estimate.client.name,
    businessName: seller.name,
  };
}

function renderStored(template: string, values: Record<string, string>) {
  // {portalLink} stays in the stored text: the link is minted when the email is sent.
  return renderTemplate(template, values);
}

async function billingEmail(db: Database, workspaceId: number, clientId: number) {
  const client = await findClient(db, workspaceId, clientId);
  const email = client?.email.trim() ?? '';
  return email.includes('@') ? email : null;
}

/* ------------------------------------------------------------ sending */

type PreviewInput = { id: number; subject?: string; body?: string };
type MailScope = WorkspaceScope & Pick<Context, 'config' | 'mailer'>;

/** The workspace's template for a document's email. */
function templateOf(settings: repo.EmailSettings, document: EmailedDocument) {
  if (document === 'creditNote')
    return { subject: settings.creditNoteSubject, body: settings.creditNoteBody };
  return document === 'estimate'
    ? { subject: settings.estimateSubject, body: settings.estimateBody }
    : { subject: settings.invoiceSubject, body: settings.invoiceBody };
}

/** A document's email as it would be sent now, for either kind of document. */
async function previewEmail(
  ctx: MailScope,
  document: EmailedDocument,
  clientId: number,
  stored: Record<string, string>,
  input: PreviewInput,
): Promise<EmailPreview> {
  const { db, workspace } = ctx;
  const template = templateOf(await repo.findSettings(db, workspace.id), document);
  const values = { ...stored, portalLink: portalUrl(ctx.config.appUrl, '…') };
  return {
    to: (await billingEmail(db, workspace.id, clientId)) ?? '',
    subject: renderTemplate(input.subject ?? template.subject, values),
    body: renderTemplate(input.body ?? template.body, values),
    template,
    values,
    mailConfigured: ctx.mailer.delivers,
  };
}

/** `POST /api/invoices/{id}/email-preview`: the email as it would be sent now. */
export async function previewInvoiceEmail(ctx: MailScope, input: PreviewInput) {
  const invoice = await findInvoice(ctx.db, ctx.workspace.id, input.id);
  if (!invoice) throw notFound();
  const values = {
    ...(await placeholderValues(ctx.db, ctx.workspace.id, invoice)),
    payLink: payUrl(portalUrl(ctx.config.appUrl, '…'), invoice.id),
  };
  return previewEmail(ctx, 'invoice', invoice.clientId, values, input);
}

/** `POST /api/estimates/{id}/email-preview`: the estimate's email as it would be sent now. */
export async function previewEstimateEmail(ctx: MailScope, input: PreviewInput) {
  const estimate = await findEstimate(ctx.db, ctx.workspace.id, input.id);
  if (!estimate) throw estimateNotFound();
  const values = await estimateValues(ctx.db, ctx.workspace.id, estimate);
  return previewEmail(ctx, 'estimate', estimate.clientId, values, input);
}

type SendScope = ActingScope & Pick<Context, 'config' | 'mailer' | 'jobs'>;

/**
 * Writes a document's email to the outbox and queues its delivery in one transaction, and
 * answers what happened: on its way, or (no SMTP_URL) written to the server log only, with
 * a live portal link to pass on by hand.
 */
async function queueDocumentEmail(
  ctx: SendScope,
  email: {
    document: EmailedDocument;
    id: number;
    clientId: number;
    to: string;
    values: Record<string, string>;
    subject?: string;
    body?: string;
    noun: string;
  },
): Promise<EmailDelivery> {
  const { db, workspace } = ctx;
  const by = recordedActor(ctx);
  const template = templateOf(await repo.findSettings(db, workspace.id), email.document);
  const emailId = await db.transaction().execute(async (trx) => {
    const id = (await repo.insertEmail(trx, workspace.id, {
      invoiceId: email.document === 'invoice' ? email.id : null,
      ...(email.document === 'estimate' ? { estimateId: email.id } : {}),
      ...(email.document === 'creditNote' ? { creditNoteId: email.id } : {}),
      kind: email.document === 'creditNote' ? 'credit_note' : email.document,
      reminderKey: null,
      to: email.to,
      subject: renderStored(email.subject ?? template.subject, email.values),
      body: renderStored(email.body ?? template.body, email.values),
      createdBy: by.userId,
      actor: by.actor,
    }))!;
    // workspaceId: its owners hear if it fails for good (tellJobFailure).
    await ctx.jobs.send(
      INVOICE_EMAIL_QUEUE,
      { emailId: id, workspaceId: workspace.id },
      { db: trx },
    );
    return id;
  });
  const delivers = ctx.mailer.delivers;
  const portalLink = delivers
    ? null
    : (await createEmailedPortalLink(db, ctx.config, workspace.id, email.clientId, by.userId)).url;
  return {
    email: (await repo.findEmail(db, workspace.id, emailId))!,
    mailConfigured: delivers,
    portalLink,
    message: delivers
      ? `${email.noun} ${email.values.number} is on its way to ${email.to}`
      : NOT_CONFIGURED,
  };
}

/**
 * `POST /api/invoices/{id}/send`: issues a draft, then writes the email to the outbox and
 * queues its delivery in one transaction. Without SMTP_URL the email reaches the server
 * log only; the answer says so and carries a live portal link to pass on by hand. A member
 * sends it, or the system (a recurring invoice that sends itself): the outbox says which.
 */
export async function sendInvoice(
  ctx: SendScope,
  input: SendInvoiceInput,
): Promise<SendInvoiceResult> {
  const { db, workspace } = ctx;
  let invoice = await findInvoice(db, workspace.id, input.id);
  if (!invoice) throw notFound();
  if (invoice.status === 'void') throw conflict('A void invoice cannot be sent');
  const to = await billingEmail(db, workspace.id, invoice.clientId);
  if (!to) throw conflict(NO_BILLING_EMAIL);
  // Issuing checks e-invoicing's rules (when on); an invoice already issued is checked here.
  if (invoice.status === 'draft') invoice = await issueInvoice(ctx, input.id);
  else await assertSendable(ctx, invoice.id);
  return queueDocumentEmail(ctx, {
    document: 'invoice',
    id: invoice.id,
    clientId: invoice.clientId,
    to,
    values: await placeholderValues(db, workspace.id, invoice),
    subject: input.subject,
    body: input.body,
    noun: 'Invoice',
  });
}

/** An estimate the client has settled, or whose offer lapsed, is not sent again. */
const UNSENDABLE_ESTIMATE: Partial<Record<Estimate['status'], string>> = {
  declined: 'A declined estimate cannot be sent',
  converted: 'This estimate was converted into an invoice: send the invoice instead',
  expired: 'This estimate has expired: copy it into a new one to send it',
};

/**
 * `POST /api/estimates/{id}/send`: numbers a draft (the estimate sequence, frozen parties),
 * then emails it to the client's billing address with its PDF and a portal link, through
 * the invoices' outbox and delivery job. A sent estimate can be emailed again. Answers the
 * estimate with what happened to its email.
 */
export async function sendEstimate(
  ctx: SendScope,
  input: SendDocumentInput,
): Promise<Estimate & EmailDelivery> {
  const { db, workspace } = ctx;
  let estimate = await findEstimate(db, workspace.id, input.id);
  if (!estimate) throw estimateNotFound();
  const refusal = UNSENDABLE_ESTIMATE[estimate.status];
  if (refusal) throw conflict(refusal);
  const to = await billingEmail(db, workspace.id, estimate.clientId);
  if (!to) throw conflict(NO_BILLING_EMAIL);
  if (estimate.status === 'draft') estimate = await numberEstimate(ctx, input.id);
  const delivery = await queueDocumentEmail(ctx, {
    document: 'estimate',
    id: estimate.id,
    clientId: estimate.clientId,
    to,
    values: await estimateValues(db, workspace.id, estimate),
    subject: input.subject,
    body: input.body,
    noun: 'Estimate',
  });
  return { ...estimate, ...delivery };
}

/** A credit note's placeholders. */
async function creditNoteValues(
  db: Database,
  workspaceId: number,
  note: CreditNote,
): Promise<Omit<CreditNotePlaceholderValues, 'portalLink'>> {
  const [{ seller }, client] = await Promise.all([
    findSeller(db, workspaceId),
    findClient(db, workspaceId, note.clientId),
  ]);
  return {
    number: note.creditNoteNumber,
    total: formatMoney(note.total, note.currency),
    invoiceNumber: note.invoice.number ?? '',
    clientName: client ? client.company || client.name : note.client.name,
    businessName: seller.name,
  };
}

/** `POST /api/credit-notes/{id}/email-preview`: the credit note's email as it would be sent now. */
export async function previewCreditNoteEmail(ctx: MailScope, input: PreviewInput) {
  const note = await findCreditNote(ctx.db, ctx.workspace.id, input.id);
  if (!note) throw notFound('Credit note not found');
  const values = await creditNoteValues(ctx.db, ctx.workspace.id, note);
  return previewEmail(ctx, 'creditNote', note.clientId, values, input);
}

/**
 * `POST /api/credit-notes/{id}/send`: emails the credit note to the client's billing
 * address with its PDF attached, through the invoices' outbox and delivery job. `message`
 * (or `body`) replaces the template's text. It can be emailed again.
 */
export async function sendCreditNote(
  ctx: SendScope,
  input: SendDocumentInput & { message?: string },
): Promise<EmailDelivery> {
  const { db, workspace } = ctx;
  const note = await findCreditNote(db, workspace.id, input.id);
  if (!note) throw notFound('Credit note not found');
  const to = await billingEmail(db, workspace.id, note.clientId);
  if (!to) throw conflict(NO_BILLING_EMAIL);
  return queueDocumentEmail(ctx, {
    document: 'creditNote',
    id: note.id,
    clientId: note.clientId,
    to,
    values: await creditNoteValues(db, workspace.id, note),
    subject: input.subject,
    body: input.message || input.body,
    noun: 'Credit note',
  });
}

/** `GET /api/credit-notes/{id}/emails`: the credit note's outbox, newest first. */
export async function listCreditNoteEmails({ db, workspace }: WorkspaceScope, id: number) {
  if (!(await findCreditNote(db, workspace.id, id))) throw notFound('Credit note not found');
  return repo.listEmails(db, workspace.id, 'creditNote', id);
}

export async function listInvoiceEmails({ db, workspace }: WorkspaceScope, invoiceId: number) {
  if (!(await findInvoice(db, workspace.id, invoiceId))) throw notFound();
  return repo.listEmails(db, workspace.id, 'invoice', invoiceId);
}

/** `GET /api/estimates/{id}/emails`: the estimate's outbox, newest first. */
export async function listEstimateEmails({ db, workspace }: WorkspaceScope, estimateId: number) {
  if (!(await findEstimate(db, workspace.id, estimateId))) throw estimateNotFound();
  return repo.listEmails(db, workspace.id, 'estimate', estimateId);
}

/**
 * How long one delivery may last, and so how long its claim on an outbox row holds: the
 * mailer's limit for one send, and a minute for the portal link, the PDF and the database.
 * The delivery jobs expire after it (invoice-email.queue.ts): pg-boss runs an expired job
 * again, which must not happen beside a run that may still be sending.
 */
export const DELIVERY_SECONDS = Math.ceil(SEND_LIMIT_MS / 1000) + 60;

/** A Message-ID of this server's: a random part at the host of APP_URL. */
const newMessageId = (appUrl: string) => `<${randomUUID()}@${new URL(appUrl).hostname}>`;

/**
 * The document an outbox row carries: its client, its status and its PDF. Undefined when
 * the document is gone (its row went with it, but a job may still name it).
 */
async function outgoingDocument(
  scope: Pick<WorkspaceScope, 'db' | 'workspace'>,
  row: {
    invoiceId: number | null;
    estimateId: number | null;
    contractId: number | null;
    creditNoteId: number | null;
  },
): Promise<
  | {
      clientId: number;
      status: string;
      pdf: (() => Promise<{ filename: string; content: Uint8Array }>) | null;
    }
  | undefined
> {
  const { db, workspace } = scope;
  if (row.contractId !== null) {
    // A contract's email carries its portal link only: the client reads and signs it there.
    const contract = await db
      .selectFrom('contracts')
      .select(['clientId', 'status'])
      .where('workspaceId', '=', workspace.id)
      .where('id', '=', row.contractId)
      .executeTakeFirst();
    return contract && { clientId: contract.clientId, status: contract.status, pdf: null };
  }
  if (row.creditNoteId !== null) {
    const note = await findCreditNote(db, workspace.id, row.creditNoteId);
    return (
      note && {
        clientId: note.clientId,
        status: 'issued',
        pdf: () => creditNotePdf(scope, note.id),
      }
    );
  }
  if (row.estimateId !== null) {
    const estimate = await findEstimate(db, workspace.id, row.estimateId);
    return (
      estimate && {
        clientId: estimate.clientId,
        status: estimate.status as string,
        pdf: () => estimatePdfOf(db, workspace.id, estimate.id),
      }
    );
  }
  const invoice =
    row.invoiceId !== null ? await findInvoice(db, workspace.id, row.invoiceId) : undefined;
  return (
    invoice && {
      clientId: invoice.clientId,
      status: invoice.status as string,
      // Factur-X when the workspace has e-invoicing on (issue 41, item 3).
      pdf: () => invoiceEmailPdf(scope, invoice.id, (id) => ciiDocument(scope, id)),
    }
  );
}

/**
 * Delivers one outbox row (the `invoice-email` job): claims it (`sending`, committed before
 * anything is sent), renders a fresh portal link into it, attaches the document's PDF (the
 * invoice's, or the estimate's), sends
 * it under the row's Message-ID, and marks it sent. A failure is recorded on the row (failed,
 * with the error) and thrown again, so the queue retries it with backoff; the last failure
 * stays on the row. A reminder whose invoice was paid or voided meanwhile is not sent.
 *
 * At least once, never twice for a completed send: a row sent (or logged) is never claimed
 * again, and of two deliveries at once one claims the row and the other fails, for the queue
 * to retry once the first is done. A server that dies after the mail server took the email
 * but before the row was marked sent leaves its claim: once the claim is older than
 * DELIVERY_SECONDS the job's retry (the job expired) sends it again with the same Message-ID,
 * by which receivers drop the second copy.
 */
export async function deliverInvoiceEmail(
  services: AppServices,
  workspaceId: number,
  emailId: number,
) {
  const { db, mailer, config } = services;
  const row = await repo.claimForDelivery(
    db,
    workspaceId,
    emailId,
    newMessageId(config.appUrl),
    DELIVERY_SECONDS,
  );
  if (!row) {
    // Sent, logged or gone: done. Claimed by a delivery underway: fail, so that the queue
    // looks again once that one has marked it sent or its server is known to be dead.
    if ((await repo.deliveryStatus(db, workspaceId, emailId)) === 'sending')
      throw new Error('This email is being sent by another delivery');
    return;
  }
  // The PDF needs the workspace only: delivery acts as nobody (who queued the email is on its row).
  const scope = { db, workspace: { id: row.workspaceId } };
  try {
    const document = await outgoingDocument(scope, row);
    if (!document) return;
    if (row.kind === 'reminder' && !OPEN_STATUSES.has(document.status)) {
      await repo.markFailed(db, workspaceId, row.id, `Not sent: the invoice is ${document.status}`);
      return;
    }
    // {payLink} is the same new link, opening the invoice to pay it (issue 42).
    const needsLink = /\{(portalLink|payLink)\}/.test(row.subject + row.body);
    const portalLink = needsLink
      ? (
          await createEmailedPortalLink(
            db,
            config,
            row.workspaceId,
            document.clientId,
            row.createdBy,
          )
        ).url
      : '';
    if (row.kind === 'contract' && document.status === 'void') {
      await repo.markFailed(db, workspaceId, row.id, 'Not sent: the contract was voided');
      return;
    }
    const pdf = document.pdf ? await document.pdf() : null;
    const { seller } = await findSeller(db, row.workspaceId);
    await mailer.send({
      // The client's reply reaches the business, not Keel's no-reply sender.
      ...(seller.email ? { replyTo: seller.email } : {}),
      to: row.toAddress,
      subject: renderTemplate(row.subject, { portalLink, ...payLinkOf(row, portalLink) }),
      text: renderTemplate(row.body, { portalLink, ...payLinkOf(row, portalLink) }),
      attachments: pdf
        ? [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }]
        : [],
      messageId: row.messageId!,
    });
  } catch (error) {
    await repo.markFailed(
      db,
      workspaceId,
      row.id,
      error instanceof Error ? error.message : String(error),
    );
    throw error;
  }
  await repo.markSent(db, workspaceId, row.id, mailer.delivers ? 'sent' : 'logged');
}

/** The portal link that opens one invoice, where "Pay now" is (the portal reads `invoice`). */
function payUrl(portalLink: string, invoiceId: number) {
  return `${portalLink}?invoice=${invoiceId}`;
}

/** {payLink} of an invoice's email or reminder; other emails leave it as written. */
function payLinkOf(row: { invoiceId: number | null }, portalLink: string) {
  return row.invoiceId !== null && portalLink ? { payLink: payUrl(portalLink, row.invoiceId) } : {};
}

/* ------------------------------------------------------------ reminders */

/** Reminders go out from this hour (workspace time zone) of their day. */
export const REMINDER_HOUR = 9;

interface ReminderInvoice {
  dueDate: string | null;
  issueDate: string | null;
}

/**
 * The schedule's reminders that may still go out for an invoice: dated after it was
 * issued and not before reminders were turned on (a schedule turned on late does not
 * send what was due long ago).
 */
function eligibleReminders(
  invoice: ReminderInvoice,
  offsets: number[],
  enabledOn: string | null,
): { key: string; offset: number; date: string }[] {
  if (!invoice.dueDate) return [];
  return [...offsets]
    .sort((a, b) => a - b)
    .map((offset) => ({
      key: reminderKey(offset),
      offset,
      date: reminderDate(invoice.dueDate!, offset),
    }))
    .filter(
      (r) =>
        (!invoice.issueDate || r.date > invoice.issueDate) && (!enabledOn || r.date >= enabledOn),
    );
}

/**
 * The reminder to send today, if any: the latest one dated today or before, unless it was
 * sent. Only the latest: after downtime, or for a reminder skipped, one email goes, never
 * a flood of stale ones.
 */
function dueReminder(
  eligible: { key: string; offset: number; date: string }[],
  today: string,
  sent: Set<string>,
) {
  const due = eligible.filter((r) => r.date <= today).at(-1);
  return due && !sent.has(due.key) ? due : undefined;
}

/** `GET /api/invoices/{id}/reminders`: the reminders still to come for this invoice. */
export async function upcomingReminders(
  { db, workspace }: WorkspaceScope,
  invoiceId: number,
): Promise<UpcomingReminder[]> {
  const invoice = await findInvoice(db, workspace.id, invoiceId);
  if (!invoice) throw notFound();
  const settings = await repo.findSettings(db, workspace.id);
  if (!settings.enabled || !OPEN_STATUSES.has(invoice.status) || Number(invoice.balance) <= 0)
    return [];
  const { timezone } = await findProfile(db, workspace.id);
  const today = todayIn(timezone);
  const enabledOn = settings.enabledAt ? todayIn(timezone, settings.enabledAt) : null;
  const sent =
    (await repo.sentReminderKeys(db, workspace.id, [invoiceId])).get(invoiceId) ?? new Set();
  const eligible = eligibleReminders(invoice, settings.offsets, enabledOn);
  const next = dueReminder(eligible, today, sent);
  return eligible
    .filter((r) => r === next || (r.date > today && !sent.has(r.key)))
    .map((r) => ({ ...r, label: reminderLabel(r.offset) }));
}

/**
 * Queues the payment reminders due at `now`, in every workspace whose reminders are on:
 * for each unpaid issued invoice, the latest reminder of the schedule dated on or before
 * today (the workspace's time zone, from REMINDER_HOUR) that was not sent yet. The outbox row and its delivery
 * job are written in one transaction; the row's unique key (invoice, reminder) makes each
 * reminder go at most once, whichever server runs this. Answers how many were queued.
 */
export async function runDueReminders(services: AppServices, now: Date): Promise<number> {
  const { db, jobs } = services;
  let queued = 0;
  for (const { workspaceId, timezone } of await repo.remindingWorkspaces(db)) {
    const settings = await repo.findSettings(db, workspaceId);
    if (!settings.enabled || settings.offsets.length === 0) continue;
    // A reminder's day starts at REMINDER_HOUR in the workspace's time zone: clients get
    // them in the morning, not at midnight.
    const today = todayIn(timezone, new Date(now.getTime() - REMINDER_HOUR * 3_600_000));
    const enabledOn = settings.enabledAt ? todayIn(timezone, settings.enabledAt) : null;
    const invoices = await repo.unpaidInvoices(db, workspaceId);
    const sentKeys = await repo.sentReminderKeys(
      db,
      workspaceId,
      invoices.map((i) => i.id),
    );
    for (const candidate of invoices) {
      const due = dueReminder(
        eligibleReminders(candidate, settings.offsets, enabledOn),
        today,
        sentKeys.get(candidate.id) ?? new Set(),
      );
      if (!due) continue;
      const invoice = await findInvoice(db, workspaceId, candidate.id);
      if (!invoice || !OPEN_STATUSES.has(invoice.status)) continue;
      const to = await billingEmail(db, workspaceId, invoice.clientId);
      if (!to) continue;
      const values = await placeholderValues(db, workspaceId, invoice);
      const inserted = await db.transaction().execute(async (trx) => {
        const id = await repo.insertEmail(trx, workspaceId, {
          invoiceId: invoice.id,
          kind: 'reminder',
          reminderKey: due.key,
          to,
          subject: renderStored(settings.reminderSubject, values),
          body: renderStored(settings.reminderBody, values),
          // Queued by this job, not by anyone: the outbox shows the system.
          createdBy: null,
          actor: 'system',
        });
        if (id !== undefined)
          await jobs.send(INVOICE_EMAIL_QUEUE, { emailId: id, workspaceId }, { db: trx });
        return id !== undefined;
      });
      if (inserted) queued += 1;
    }
  }
  return queued;
}
