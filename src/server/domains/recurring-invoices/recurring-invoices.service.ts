import { TRPCError } from '@trpc/server';
import { todayIn } from '../../../shared/datetime.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Discount } from '../../../shared/invoices.schema.ts';
import {
  scheduledPeriod,
  type RecurringInvoiceDetail,
  type RecurringInvoiceInput,
  type RecurringInvoiceUpdate,
  type RecurringLineInput,
  type Schedule,
} from '../../../shared/recurring-invoices.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { checkedTotals } from '../invoices/document-totals.ts';
import * as repo from './recurring-invoices.repository.ts';
import { runTemplate, type ScheduleServices } from './recurring-invoices.schedule.ts';
import { resolveLines } from '../services/line-services.ts';

/** What saving a template takes: the caller's workspace, and the server to run it at once. */
type SaveScope = WorkspaceScope & ScheduleServices;

const NOT_FOUND = 'Recurring invoice not found';
const notFound = (message = NOT_FOUND) => new TRPCError({ code: 'NOT_FOUND', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** A bound on walking a schedule forward (a weekly schedule over a century is 5,218). */
const MAX_WALK = 100_000;

/** Totals of each invoice of the template, exactly as the invoice will compute them. */
export function templateTotals(
  lines: RecurringLineInput[],
  discount: Discount | null,
  currency: string,
) {
  return checkedTotals(lines, discount, currency);
}

/**
 * The first period from `index` on that starts on or after `today` (or has ended): where a
 * schedule goes on when it is resumed or reopened, so that the periods it spent paused or
 * ended are not invoiced.
 */
function indexFrom(schedule: Schedule, index: number, invoiced: number, today: string) {
  let i = index;
  for (let walked = 0; walked < MAX_WALK; walked++) {
    const start = scheduledPeriod(schedule, i, invoiced);
    if (start === null || start >= today) break;
    i++;
  }
  return i;
}

async function todayOf(db: Database, workspaceId: number) {
  const profile = await findProfile(db, workspaceId);
  return { profile, today: todayIn(profile.timezone) };
}

export async function getRecurringInvoice(
  { db, workspace }: Pick<WorkspaceScope, 'db' | 'workspace'>,
  id: number,
): Promise<RecurringInvoiceDetail> {
  const template = await repo.findTemplate(db, workspace.id, id);
  if (!template) throw notFound();
  const [lines, invoices, row] = await Promise.all([
    repo.findLines(db, workspace.id, id, template.currency),
    repo.templateInvoices(db, workspace.id, id),
    db
      .selectFrom('recurringInvoices')
      .select(['periodIndex', 'invoicedCount'])
      .where('workspaceId', '=', workspace.id)
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  const upcoming: string[] = [];
  if (template.status === 'active') {
    for (let i = 0; i < 5; i++) {
      const start = scheduledPeriod(template, row.periodIndex + i, row.invoicedCount + i);
      if (start === null) break;
      upcoming.push(start);
    }
  }
  return { ...template, lines, invoices, upcoming };
}

/**
 * `POST /api/recurring-invoices`: a template whose first invoice is dated `startDate`
 * (today or later in the workspace's time zone). The currency is the client's, else the
 * workspace's, when left out.
 */
export async function createRecurringInvoice(scope: SaveScope, input: RecurringInvoiceInput) {
  const { db, workspace, user } = scope;
  const client = await findClient(db, workspace.id, input.clientId);
  if (!client) throw notFound('Client not found');
  const { profile, today } = await todayOf(db, workspace.id);
  const currency = input.currency ?? client.currency ?? profile.currency;
  const discount = input.discount ?? null;
  const lines = await resolveLines(db, workspace.id, currency, input.lines);
  const totals = templateTotals(lines, discount, currency);
  if (input.startDate < today) throw badRequest('The start date must be today or later');
  const schedule: Schedule = {
    startDate: input.startDate,
    frequency: input.frequency,
    endAfterCount: input.endAfterCount ?? null,
    endDate: input.endDate ?? null,
  };
  const id = await db.transaction().execute(async (trx) => {
    const templateId = await repo.insertTemplate(trx, workspace.id, {
      ...schedule,
      clientId: client.id,
      currency,
      discountType: discount?.type ?? null,
      discountValue: discount?.value ?? null,
      notes: input.notes ?? null,
      paymentTermsDays: input.paymentTermsDays ?? null,
      subtotal: totals.subtotal,
      total: totals.total,
      autoSend: input.autoSend,
      status: 'active',
      periodIndex: 0,
      invoicedCount: 0,
      nextPeriodStart: scheduledPeriod(schedule, 0, 0),
      createdBy: user.id,
    });
    await repo.replaceLines(trx, workspace.id, templateId, lines);
    return templateId;
  });
  await invoiceToday(scope, id, today);
  return getRecurringInvoice(scope, id);
}

/**
 * A template whose next invoice is dated today gets it now rather than at the next run of
 * the schedule. A failure here leaves it to that run (which retries and reports failures);
 * the template itself is saved either way.
 */
async function invoiceToday(scope: SaveScope, id: number, today: string) {
  try {
    await runTemplate(scope, id, today);
  } catch {
    // The schedule's run tries again within minutes.
  }
}

/**
 * `PUT /api/recurring-invoices/{id}`: only the fields sent change. The start date and the
 * frequency are the schedule's and change only before its first period (409 after: end
 * it and make another). Pausing stops it; resuming, or giving an ended schedule a later
 * end, goes on from the first period that starts today or later.
 */
export async function updateRecurringInvoice(
  scope: SaveScope,
  { id, ...changes }: RecurringInvoiceUpdate,
) {
  const { db, workspace } = scope;
  const { today } = await todayOf(db, workspace.id);
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockTemplate(trx, workspace.id, id);
    if (!current) throw notFound();
    let clientId = current.clientId;
    if (changes.clientId !== undefined && changes.clientId !== current.clientId) {
      const client = await findClient(trx, workspace.id, changes.clientId);
      if (!client) throw notFound('Client not found');
      clientId = client.id;
    }
    const currency = changes.currency ?? current.currency;
    const discount: Discount | null =
      changes.discount !== undefined
        ? changes.discount
        : current.discountType && current.discountValue !== null
          ? { type: current.discountType, value: normalizeAmount(current.discountValue, 3) }
          : null;
    const sent = changes.lines && (await resolveLines(trx, workspace.id, currency, changes.lines));
    const lines = sent ?? (await repo.findLines(trx, workspace.id, id, current.currency));
    const totals = templateTotals(lines, discount, currency);

    const started = current.periodIndex > 0;
    const startChanged = changes.startDate !== undefined && changes.startDate !== current.startDate;
    const frequencyChanged =
      changes.frequency !== undefined && changes.frequency !== current.frequency;
    if (started && (startChanged || frequencyChanged)) {
      throw conflict(
        'This schedule has started: its start date and frequency stay. End it and create a new recurring invoice',
      );
    }
    if (startChanged && changes.startDate! < today)
      throw badRequest('The start date must be today or later');
    const schedule: Schedule = {
      startDate: changes.startDate ?? current.startDate,
      frequency: changes.frequency ?? current.frequency,
      // Setting one end clears the other.
      endAfterCount:
        changes.endAfterCount !== undefined
          ? changes.endAfterCount
          : changes.endDate != null
            ? null
            : current.endAfterCount,
      endDate:
        changes.endDate !== undefined
          ? changes.endDate
          : changes.endAfterCount != null
            ? null
            : current.endDate,
    };
    if (schedule.endDate !== null && schedule.endDate < schedule.startDate) {
      throw badRequest('The end date must be on or after the start date');
    }
    const status = changes.status ?? current.status;
    const wasRunning = current.status === 'active' && current.nextPeriodStart !== null;
    let periodIndex = current.periodIndex;
    // Resumed or reopened: the periods it spent paused or ended are not invoiced.
    if (status === 'active' && !wasRunning) {
      periodIndex = indexFrom(schedule, periodIndex, current.invoicedCount, today);
    }
    await repo.updateTemplate(trx, workspace.id, id, {
      ...schedule,
      clientId,
      currency,
      discountType: discount?.type ?? null,
      discountValue: discount?.value ?? null,
      ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
      ...(changes.paymentTermsDays !== undefined
        ? { paymentTermsDays: changes.paymentTermsDays }
        : {}),
      ...(changes.autoSend !== undefined ? { autoSend: changes.autoSend } : {}),
      subtotal: totals.subtotal,
      total: totals.total,
      status,
      periodIndex,
      nextPeriodStart: scheduledPeriod(schedule, periodIndex, current.invoicedCount),
    });
    if (sent) await repo.replaceLines(trx, workspace.id, id, sent);
  });
  await invoiceToday(scope, id, today);
  return getRecurringInvoice(scope, id);
}

/** Deletes the template; the invoices made from it stay (they lose the link). */
export async function deleteRecurringInvoice(
  { db, workspace }: Pick<WorkspaceScope, 'db' | 'workspace'>,
  id: number,
) {
  if (!(await repo.deleteTemplate(db, workspace.id, id))) throw notFound();
  return { success: true as const };
}
