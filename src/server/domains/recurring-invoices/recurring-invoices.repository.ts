import { sql, type SqlBool } from 'kysely';
import { minorDigits } from '../../../shared/currencies.ts';
import { normalizeAmount, plainPercent } from '../../../shared/invoice-math.ts';
import type { InvoiceStatus } from '../../../shared/invoices.schema.ts';
import type { ListQuery } from '../../../shared/list.schema.ts';
import type {
  RecurringFrequency,
  RecurringInvoice,
  RecurringInvoiceDetail,
  RecurringLineInput,
  RecurringStatus,
} from '../../../shared/recurring-invoices.schema.ts';
import type { TaxCategory } from '../../../shared/einvoice-fields.ts';
import { effectiveLineCodes } from '../invoices/document-rows.ts';
import type { Database } from '../../db/create-db.ts';
import { crossWorkspace } from '../../db/cross-workspace.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';
import {
  answeredDiscount,
  type DocumentNarrowing,
  type RowValues,
} from '../invoices/document-rows.ts';
import { effectiveStatus } from '../invoices/invoices.repository.ts';

/** A template's stored fields, as the service writes them. */
export type TemplateValues = RowValues<
  'recurringInvoices',
  | 'clientId'
  | 'currency'
  | 'discountType'
  | 'discountValue'
  | 'notes'
  | 'paymentTermsDays'
  | 'subtotal'
  | 'total'
  | 'frequency'
  | 'startDate'
  | 'endAfterCount'
  | 'endDate'
  | 'autoSend'
  | 'status'
  | 'periodIndex'
  | 'invoicedCount'
  | 'nextPeriodStart',
  DocumentNarrowing & { frequency: RecurringFrequency; status: 'active' | 'paused' }
>;

/** A template as stored (the schedule's own fields included). */
export type TemplateRow = TemplateValues &
  RowValues<'recurringInvoices', 'id' | 'workspaceId' | 'createdBy'>;

const templateColumns = [
  'r.id',
  'r.workspaceId',
  'r.clientId',
  'r.currency',
  'r.discountType',
  'r.discountValue',
  'r.notes',
  'r.paymentTermsDays',
  'r.subtotal',
  'r.total',
  'r.frequency',
  'r.startDate',
  'r.endAfterCount',
  'r.endDate',
  'r.autoSend',
  'r.status',
  'r.periodIndex',
  'r.invoicedCount',
  'r.nextPeriodStart',
  'r.createdBy',
] as const;

/** A template as read, before its text columns are narrowed. */
type RawTemplate = RowValues<'recurringInvoices', keyof TemplateRow, object>;

const toRow = (r: RawTemplate): TemplateRow => ({
  ...r,
  discountType: r.discountType as TemplateRow['discountType'],
  frequency: r.frequency as RecurringFrequency,
  status: r.status as TemplateRow['status'],
});

function selectTemplates(db: Database, workspaceId: number) {
  return db
    .selectFrom('recurringInvoices as r')
    .innerJoin('clients as c', (j) =>
      j.onRef('c.workspaceId', '=', 'r.workspaceId').onRef('c.id', '=', 'r.clientId'),
    )
    .where('r.workspaceId', '=', workspaceId)
    .select((eb) => [
      ...templateColumns,
      'r.createdAt',
      'r.updatedAt',
      'r.lastFailureAt',
      'r.lastFailureInvoiceId',
      'r.lastFailureRule',
      'r.lastFailureMessage',
      'c.name as clientName',
      'c.company as clientCompany',
      'c.email as clientEmail',
      eb
        .selectFrom('invoices as i')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('i.workspaceId', '=', 'r.workspaceId')
        .whereRef('i.recurringInvoiceId', '=', 'r.id')
        .as('invoiceCount'),
    ]);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof selectTemplates>['execute']>>[number];

function toRecurringInvoice(r: ListRow): RecurringInvoice {
  const digits = minorDigits(r.currency);
  const status: RecurringStatus =
    r.nextPeriodStart === null ? 'ended' : (r.status as 'active' | 'paused');
  return {
    id: r.id,
    clientId: r.clientId,
    client: { name: r.clientName, company: r.clientCompany, email: r.clientEmail },
    currency: r.currency,
    discount: answeredDiscount(r.discountType, r.discountValue, digits),
    notes: r.notes,
    paymentTermsDays: r.paymentTermsDays,
    frequency: r.frequency as RecurringFrequency,
    startDate: r.startDate,
    endAfterCount: r.endAfterCount,
    endDate: r.endDate,
    autoSend: r.autoSend,
    status,
    nextIssueDate: r.nextPeriodStart,
    started: r.periodIndex > 0,
    invoiceCount: r.invoiceCount ?? 0,
    subtotal: normalizeAmount(r.subtotal, digits),
    total: normalizeAmount(r.total, digits),
    lastFailure:
      r.lastFailureAt && r.lastFailureMessage !== null
        ? {
            at: iso(r.lastFailureAt),
            invoiceId: r.lastFailureInvoiceId,
            rule: r.lastFailureRule,
            message: r.lastFailureMessage,
          }
        : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

export async function listTemplates(
  db: Database,
  workspaceId: number,
  query: ListQuery & { status?: RecurringStatus; clientId?: number },
) {
  let q = selectTemplates(db, workspaceId);
  if (query.search) {
    const pattern = containsPattern(query.search);
    q = q.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('c.company', 'ilike', pattern)]));
  }
  if (query.status === 'ended') q = q.where('r.nextPeriodStart', 'is', null);
  else if (query.status) {
    q = q.where('r.status', '=', query.status).where('r.nextPeriodStart', 'is not', null);
  }
  if (query.clientId !== undefined) q = q.where('r.clientId', '=', query.clientId);
  // The next invoice first; ended templates last, newest first among them.
  q = q
    .orderBy(sql`r.next_period_start asc nulls last`)
    .orderBy(sql`r.created_at desc`)
    .orderBy(sql`r.id desc`);
  const { rows, total } = await pageWithTotal(db, q, query);
  return { items: rows.map(toRecurringInvoice), total };
}

export async function findTemplate(db: Database, workspaceId: number, id: number) {
  const row = await selectTemplates(db, workspaceId).where('r.id', '=', id).executeTakeFirst();
  return row && toRecurringInvoice(row);
}

/** The template's stored row, locked for the rest of the transaction. */
export async function lockTemplate(db: Database, workspaceId: number, id: number) {
  const row = await db
    .selectFrom('recurringInvoices as r')
    .select(templateColumns)
    .where('r.workspaceId', '=', workspaceId)
    .where('r.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && toRow(row);
}

export async function insertTemplate(
  db: Database,
  workspaceId: number,
  values: TemplateValues & { createdBy: number },
) {
  const row = await db
    .insertInto('recurringInvoices')
    .values({ ...values, workspaceId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(
  db: Database,
  workspaceId: number,
  id: number,
  values: Partial<TemplateValues>,
) {
  await db
    .updateTable('recurringInvoices')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

export async function deleteTemplate(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('recurringInvoices')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function findLines(
  db: Database,
  workspaceId: number,
  templateId: number,
  currency: string,
): Promise<
  (RecurringLineInput & {
    serviceId: number | null;
    unitCode: string;
    taxCategory: TaxCategory;
    taxExemptionReason: string | null;
  })[]
> {
  const digits = minorDigits(currency);
  const rows = await db
    .selectFrom('recurringInvoiceLines')
    .select([
      'serviceId',
      'description',
      'quantity',
      'unit',
      'unitPrice',
      'taxRate',
      'unitCode',
      'taxCategory',
      'taxExemptionReason',
    ])
    .where('workspaceId', '=', workspaceId)
    .where('recurringInvoiceId', '=', templateId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    serviceId: r.serviceId,
    description: r.description,
    quantity: normalizeAmount(r.quantity, 2),
    unit: r.unit,
    unitPrice: normalizeAmount(r.unitPrice, digits),
    taxRate: plainPercent(r.taxRate),
    taxExemptionReason: r.taxExemptionReason,
    // As answered: the codes derived when the line has none of its own.
    ...effectiveLineCodes(r),
  }));
}

export async function replaceLines(
  db: Database,
  workspaceId: number,
  templateId: number,
  lines: RecurringLineInput[],
) {
  await db
    .deleteFrom('recurringInvoiceLines')
    .where('workspaceId', '=', workspaceId)
    .where('recurringInvoiceId', '=', templateId)
    .execute();
  if (lines.length === 0) return;
  await db
    .insertInto('recurringInvoiceLines')
    .values(
      lines.map((line, index) => ({
        ...line,
        workspaceId,
        recurringInvoiceId: templateId,
        position: index + 1,
      })),
    )
    .execute();
}

/**
 * Keeps an automatic send that failed on the template (`failure`), or clears it once one
 * went through (null). Not an edit of the template: its updatedAt stays.
 */
export async function recordSendFailure(
  db: Database,
  workspaceId: number,
  id: number,
  failure: { invoiceId: number; rule: string | null; message: string } | null,
) {
  await db
    .updateTable('recurringInvoices')
    .set(
      failure
        ? {
            lastFailureAt: sql<Date>`now()`,
            lastFailureInvoiceId: failure.invoiceId,
            lastFailureRule: failure.rule,
            lastFailureMessage: failure.message,
          }
        : {
            lastFailureAt: null,
            lastFailureInvoiceId: null,
            lastFailureRule: null,
            lastFailureMessage: null,
          },
    )
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** The invoices made from a template, the latest period first. */
export async function templateInvoices(
  db: Database,
  workspaceId: number,
  templateId: number,
): Promise<RecurringInvoiceDetail['invoices']> {
  const rows = await db
    .selectFrom('invoices as i')
    .select([
      'i.id',
      'i.invoiceNumber',
      effectiveStatus(workspaceId).as('status'),
      'i.recurringPeriodStart',
      'i.issueDate',
      'i.dueDate',
      'i.amount',
      'i.currency',
      'i.emailedAt',
    ])
    .where('i.workspaceId', '=', workspaceId)
    .where('i.recurringInvoiceId', '=', templateId)
    .orderBy('i.recurringPeriodStart', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    status: r.status as InvoiceStatus,
    periodStart: r.recurringPeriodStart!,
    issueDate: r.issueDate,
    dueDate: r.dueDate,
    total: normalizeAmount(r.amount, minorDigits(r.currency)),
    emailedAt: iso(r.emailedAt),
  }));
}

/** Whether the template already has its invoice for the period starting on `start`. */
export async function hasPeriodInvoice(
  db: Database,
  workspaceId: number,
  templateId: number,
  start: string,
) {
  const row = await db
    .selectFrom('invoices')
    .select('id')
    .where('workspaceId', '=', workspaceId)
    .where('recurringInvoiceId', '=', templateId)
    .where('recurringPeriodStart', '=', start)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Active templates of active workspaces with a period that has started by `now` in the
 * workspace's time zone, and that no other run is working on.
 */
export async function dueTemplates(db: Database, now: Date) {
  return (
    db
      .selectFrom('recurringInvoices as r')
      .innerJoin('workspaces as w', 'w.id', 'r.workspaceId')
      .leftJoin('businessProfiles as bp', 'bp.workspaceId', 'r.workspaceId')
      .select(['r.id', 'r.workspaceId', sql<string>`coalesce(bp.timezone, 'UTC')`.as('timezone')])
      .where('r.status', '=', 'active')
      .where('r.nextPeriodStart', 'is not', null)
      .where(
        sql<SqlBool>`r.next_period_start <= (${now.toISOString()}::timestamptz at time zone coalesce(bp.timezone, 'UTC'))::date`,
      )
      .where('w.isActive', '=', true)
      .where('w.isDeleted', '=', false)
      // In parentheses: without them the OR took in every expired claim of every workspace.
      .where(sql<SqlBool>`(r.claimed_until is null or r.claimed_until < now())`)
      .orderBy('r.id')
      .$call(crossWorkspace('job-sweep'))
      .execute()
  );
}

/**
 * Takes the template for one run of the schedule for a few minutes (by the database's
 * clock): another run that meets it meanwhile leaves it alone, so the owners hear of one
 * catch-up once. A run killed half-way loses the claim when it expires; the next run goes
 * on from where it stopped. Answers the template, or undefined when another run has it.
 */
export async function claimTemplate(db: Database, workspaceId: number, id: number) {
  const row = await db
    .updateTable('recurringInvoices as r')
    .set({ claimedUntil: sql<Date>`now() + interval '10 minutes'` })
    .where('r.workspaceId', '=', workspaceId)
    .where('r.id', '=', id)
    .where('r.status', '=', 'active')
    // In parentheses: without them the OR took in every expired claim of every workspace.
    .where(sql<SqlBool>`(r.claimed_until is null or r.claimed_until < now())`)
    .returning(templateColumns)
    .executeTakeFirst();
  return row && toRow(row);
}

export async function releaseTemplate(db: Database, workspaceId: number, id: number) {
  await db
    .updateTable('recurringInvoices')
    .set({ claimedUntil: null })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** The active owners of the workspace, who hear of catch-ups. */
export async function workspaceOwners(db: Database, workspaceId: number) {
  return db
    .selectFrom('userWorkspaces as uw')
    .innerJoin('users as u', 'u.id', 'uw.userId')
    .select(['u.id', 'u.email', 'u.fullName'])
    .where('uw.workspaceId', '=', workspaceId)
    .where('uw.role', '=', 'owner')
    .where('uw.isActive', '=', true)
    .where('u.isActive', '=', true)
    .orderBy('u.id')
    .execute();
}
