import { TRPCError } from '@trpc/server';
import { addDays, format, parseISO } from 'date-fns';
import { todayIn } from '../../../shared/datetime.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import { formatMoney } from '../../../shared/money.ts';
import {
  FREQUENCY_LABELS,
  MAX_CATCH_UP_PERIODS,
  scheduledPeriod,
} from '../../../shared/recurring-invoices.schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ActingScope, AppServices, SystemActor } from '../../trpc/context.ts';
import { activityActor, recordActivity } from '../audit/audit.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { findInvoice } from '../invoices/invoices.repository.ts';
import { sendInvoice } from '../invoice-email/invoice-email.service.ts';
import { createDraft } from '../invoices/invoices.service.ts';
import { EinvoiceRefusal } from '../../trpc/einvoice-refusal.ts';
import {
  recurringInvoiceCreated,
  recurringInvoiceUnsent,
} from '../notifications/notification-events.ts';
import * as repo from './recurring-invoices.repository.ts';

/** What a run of the schedule needs of the server. */
export type ScheduleServices = Pick<AppServices, 'db' | 'config' | 'mailer' | 'jobs'>;

/**
 * A run in one workspace and who it acts as: the schedule's job as the system, or the
 * member whose save invoices a period that has already started. The activity log records
 * them as having made the invoices, and the outbox as having sent them.
 */
export type ScheduleScope = ScheduleServices & ActingScope;

/** What the schedule's job runs with: the server, and the system actor it acts as. */
export type ScheduleJobServices = ScheduleServices & { system: SystemActor };

/** An invoice a template made, and whether it was to be sent by email. */
interface Made {
  invoiceId: number;
  autoSend: boolean;
}

/** An automatic send that did not happen: the invoice stays a draft. */
interface Unsent {
  invoiceId: number;
  reason: string;
  /** The EN 16931 rule that refused it (e-invoicing on), else null. */
  rule: string | null;
  /** The first reason in the user's words: the rule's message, or the refusal's. */
  message: string;
}

/** Why sending refused an invoice, named after the first EN 16931 rule it breaks if any. */
function unsentBecause(invoiceId: number, error: unknown): Unsent {
  if (!(error instanceof TRPCError))
    return {
      invoiceId,
      reason: 'the email could not be queued',
      rule: null,
      message: 'The email could not be queued.',
    };
  const first = error.cause instanceof EinvoiceRefusal ? error.cause.errors[0] : undefined;
  if (!first) return { invoiceId, reason: error.message, rule: null, message: error.message };
  return {
    invoiceId,
    reason: `it breaks the e-invoicing rule ${first.rule} (${first.message.replace(/\.$/, '')})`,
    rule: first.rule,
    message: first.message,
  };
}

/** A period due for invoicing: its number in the schedule and its first day. */
interface Period {
  index: number;
  start: string;
}

/** What one run did, for logs and tests. */
export interface ScheduleRun {
  /** Invoices created, all templates together. */
  created: number;
  /** Periods skipped by the catch-up cap. */
  skipped: number;
  /** Invoices issued and queued for email (auto-send). */
  sent: number;
  /** Emails sent to owners about a catch-up or a failed automatic send. */
  notices: number;
}

const dueAfter = (issueDate: string, days: number) =>
  format(addDays(parseISO(issueDate), days), 'yyyy-MM-dd');

/**
 * Creates the invoices of every recurring invoice whose periods have started by `now` (in
 * its workspace's time zone), each period in order and in a transaction of its own.
 *
 * Exactly one invoice per period: the transaction locks the template, checks that the
 * period is still its next one, inserts the invoice marked with the template and the
 * period (unique together) with `on conflict do nothing`, and moves the template on. Two
 * runs at once (two servers) wait for each other on the template's row, and the second
 * finds the period done; a run killed half-way has committed whole periods only, and the
 * next run goes on from there. Should a second invoice for a period ever be attempted, the
 * constraint makes the insert do nothing and the one that exists stays.
 *
 * Never a flood: after a downtime a run invoices at most MAX_CATCH_UP_PERIODS (12) periods
 * of a template, the most recent ones; older ones are skipped (not invoiced). When a run
 * invoices more than one period of a template, or skips any, the workspace's owners get
 * an email saying what was created and skipped.
 *
 * A template that sends automatically has each invoice issued and emailed to the client
 * right after its period's transaction, as `POST /api/invoices/{id}/send` does (the
 * email goes through the outbox and its queue). In a catch-up only the latest period's is
 * sent; the earlier ones stay drafts for the owners to review. When a send fails (the
 * client has no billing email, say) the invoice stays a draft and the owners are told.
 */
export async function runRecurringInvoices(
  services: ScheduleJobServices,
  now: Date,
): Promise<ScheduleRun> {
  const run: ScheduleRun = { created: 0, skipped: 0, sent: 0, notices: 0 };
  const failures: unknown[] = [];
  for (const due of await repo.dueTemplates(services.db, now)) {
    try {
      const scope = { ...services, workspace: { id: due.workspaceId } };
      await runTemplate(scope, due.id, todayIn(due.timezone, now), run);
    } catch (error) {
      // One template's trouble does not hold up the others; the run fails after them.
      failures.push(error);
    }
  }
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'Recurring invoices failed');
  return run;
}

/**
 * One template's due periods, if no other run has it. Also used right after a template
 * is created or resumed, so that a first invoice dated today does not wait for the next run.
 */
export async function runTemplate(
  scope: ScheduleScope,
  id: number,
  today: string,
  run: ScheduleRun = { created: 0, skipped: 0, sent: 0, notices: 0 },
): Promise<ScheduleRun> {
  const { db } = scope;
  const workspaceId = scope.workspace.id;
  const template = await repo.claimTemplate(db, workspaceId, id);
  if (!template) return run;
  try {
    const due: Period[] = [];
    for (let index = template.periodIndex; ; index++) {
      const start = scheduledPeriod(template, index, template.invoicedCount);
      if (start === null || start > today) break;
      due.push({ index, start });
      // Enough to know what to skip; the rest wait for the next run.
      if (due.length >= 10_000) break;
    }
    if (due.length === 0) return run;
    const skipped = due.slice(0, Math.max(0, due.length - MAX_CATCH_UP_PERIODS));
    const toInvoice = due.slice(skipped.length);
    if (skipped.length > 0 && !(await skipPeriods(scope, template, toInvoice[0]!))) return run;

    const owners = await repo.workspaceOwners(db, workspaceId);
    const created: number[] = [];
    const unsent: Unsent[] = [];
    for (const period of toInvoice) {
      const outcome = await invoicePeriod(scope, id, period);
      if (outcome === 'stop') break;
      if (outcome === 'none') continue;
      created.push(outcome.invoiceId);
      // In a catch-up only the latest period goes to the client; the earlier ones wait as
      // drafts for the owners, who are told (a client gets no pile of emails at once).
      if (!outcome.autoSend || period !== toInvoice.at(-1)) continue;
      let failed: Unsent | null = null;
      try {
        // Issuing is one transaction with its checks: a refusal leaves the draft untouched.
        await sendInvoice(scope, { id: outcome.invoiceId });
        run.sent++;
      } catch (error) {
        failed = unsentBecause(outcome.invoiceId, error);
        unsent.push(failed);
      }
      await recordSend(scope, id, failed);
    }
    run.created += created.length;
    run.skipped += skipped.length;
    if (created.length > 1 || skipped.length > 0 || unsent.length > 0) {
      run.notices += await tellOwners(scope, template, owners, created, skipped, unsent);
    }
    return run;
  } finally {
    await repo.releaseTemplate(db, workspaceId, id);
  }
}

/**
 * An automatic send that went through clears the template's failure; one that failed is
 * kept on the template and the owners are told in the app, together. Either way the period
 * was invoiced and the template moved on already: the next period runs as usual.
 */
async function recordSend(scope: ScheduleScope, id: number, failed: Unsent | null) {
  const workspaceId = scope.workspace.id;
  if (!failed) return repo.recordSendFailure(scope.db, workspaceId, id, null);
  const { invoiceId, rule, message } = failed;
  await scope.db.transaction().execute(async (trx) => {
    await repo.recordSendFailure(trx, workspaceId, id, { invoiceId, rule, message });
    await recurringInvoiceUnsent(trx, scope.jobs, { workspaceId, invoiceId, rule, message });
  });
}

/** Moves the template past the periods the catch-up skips; false when it had moved on. */
async function skipPeriods(services: ScheduleServices, template: repo.TemplateRow, to: Period) {
  return services.db.transaction().execute(async (trx) => {
    const current = await repo.lockTemplate(trx, template.workspaceId, template.id);
    if (!current || current.status !== 'active' || current.periodIndex !== template.periodIndex)
      return false;
    await repo.updateTemplate(trx, template.workspaceId, template.id, {
      periodIndex: to.index,
      nextPeriodStart: to.start,
    });
    return true;
  });
}

/**
 * Invoices one period in one transaction (a draft): the invoice made, 'none' when the
 * period turned out to have its invoice already, or 'stop' when the template is no longer
 * at this period (another run did it, or it was paused, edited or deleted meanwhile).
 * Exported for the tests that race it without the run's claim.
 */
export async function invoicePeriod(
  scope: ScheduleScope,
  id: number,
  period: Period,
): Promise<Made | 'none' | 'stop'> {
  const workspaceId = scope.workspace.id;
  try {
    return await scope.db.transaction().execute(async (trx) => {
      const current = await repo.lockTemplate(trx, workspaceId, id);
      if (!current || current.status !== 'active' || current.periodIndex !== period.index)
        return 'stop';
      const start = scheduledPeriod(current, period.index, current.invoicedCount);
      if (start !== period.start) {
        // Ended (its number of invoices reached) or changed: record where it stands.
        await repo.updateTemplate(trx, workspaceId, id, { nextPeriodStart: start });
        return 'stop';
      }
      // The invoice copies the template's lines as they are (description, unit, price and
      // tax rate), without reading their services again: a service archived or repriced
      // since does not stop nor change the period's invoice.
      const lines = (await repo.findLines(trx, workspaceId, id, current.currency)).map(
        ({ serviceId: _, ...line }) => line,
      );
      // Insert … on conflict do nothing: null when the period has its invoice already.
      const invoiceId = await createDraft(
        { ...scope, db: trx },
        {
          clientId: current.clientId,
          currency: current.currency,
          issueDate: start,
          ...(current.paymentTermsDays !== null
            ? { dueDate: dueAfter(start, current.paymentTermsDays) }
            : {}),
          lines,
          discount:
            current.discountType && current.discountValue !== null
              ? {
                  type: current.discountType,
                  value: normalizeAmount(current.discountValue, 3),
                }
              : null,
          notes: current.notes,
          status: 'draft',
        },
        { recurringInvoiceId: id, recurringPeriodStart: start },
      );
      const invoiced = current.invoicedCount + (invoiceId !== null ? 1 : 0);
      await repo.updateTemplate(trx, workspaceId, id, {
        periodIndex: period.index + 1,
        invoicedCount: invoiced,
        nextPeriodStart: scheduledPeriod(current, period.index + 1, invoiced),
      });
      // The scheduler made it, not the template's author: the owners all hear.
      if (invoiceId !== null) {
        await recurringInvoiceCreated(trx, scope.jobs, { workspaceId, invoiceId });
        await recordActivity(trx, {
          action: 'recurring_invoice_created',
          ...activityActor(scope),
          workspaceId,
          details: `Draft invoice #${invoiceId} created for the period starting ${start} (recurring invoice #${id})`,
        });
      }
      return invoiceId !== null ? { invoiceId, autoSend: current.autoSend } : 'none';
    });
  } catch (error) {
    // Another run made this period's invoice first: the constraint kept it to one.
    if (
      isUniqueViolation(error) &&
      (await repo.hasPeriodInvoice(scope.db, workspaceId, id, period.start))
    )
      return 'stop';
    throw error;
  }
}

/**
 * Emails the workspace's owners what a run created and skipped for a template, and which
 * automatic sends failed; answers how many emails went out.
 */
async function tellOwners(
  services: ScheduleServices,
  template: repo.TemplateRow,
  owners: { email: string; fullName: string }[],
  created: number[],
  skipped: Period[],
  unsent: Unsent[],
) {
  const { db, config, mailer } = services;
  const workspaceId = template.workspaceId;
  const [client, workspace, invoices] = await Promise.all([
    findClient(db, workspaceId, template.clientId),
    db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
    Promise.all(created.map((invoiceId) => findInvoice(db, workspaceId, invoiceId))),
  ]);
  const clientName = client ? client.company || client.name : 'a client';
  const made = invoices.flatMap((invoice) => {
    if (!invoice) return [];
    const failed = unsent.find((u) => u.invoiceId === invoice.id);
    const state = failed
      ? `not sent: ${failed.reason.replace(/\.$/, '')}; it is a draft`
      : invoice.status === 'draft'
        ? template.autoSend
          ? 'draft, not sent: it was due while the schedule was not running; review and send it'
          : 'draft: review and send it'
        : template.autoSend
          ? 'issued and emailed to the client'
          : 'issued';
    return [
      `- ${invoice.invoiceNumber ?? 'Draft'} dated ${invoice.issueDate ?? ''}, ${formatMoney(invoice.total, invoice.currency)} (${state})`,
    ];
  });
  const catchUp = made.length > 1 || skipped.length > 0;
  const subject =
    skipped.length > 0
      ? `Recurring invoices for ${clientName}: ${made.length} created, ${skipped.length} skipped`
      : catchUp
        ? `Recurring invoices for ${clientName}: ${made.length} periods invoiced at once`
        : `Recurring invoice for ${clientName} could not be sent`;
  const text = [
    catchUp
      ? `The recurring invoice for ${clientName} in ${workspace.name} (${FREQUENCY_LABELS[template.frequency].toLowerCase()}) had ${made.length + skipped.length} periods due at once: Keel was not running its schedule for a while.`
      : `The recurring invoice for ${clientName} in ${workspace.name} (${FREQUENCY_LABELS[template.frequency].toLowerCase()}) made an invoice that could not be sent automatically.`,
    '',
    ...(made.length > 0 ? ['Created:', ...made, ''] : []),
    ...(skipped.length > 0
      ? [
          `Skipped, not invoiced (Keel creates at most the ${MAX_CATCH_UP_PERIODS} most recent missed periods at once): the periods starting ${skipped.map((p) => p.start).join(', ')}.`,
          'Create those invoices by hand if they are owed.',
          '',
        ]
      : []),
    `Review the recurring invoice: ${config.appUrl}/recurring-invoices/${template.id}`,
  ].join('\n');
  let sent = 0;
  for (const owner of owners) {
    await mailer.send({ to: owner.email, subject, text: `Hello ${owner.fullName},\n\n${text}` });
    sent++;
  }
  return sent;
}
