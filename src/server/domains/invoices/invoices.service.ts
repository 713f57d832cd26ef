import { TRPCError } from '@trpc/server';
import { addDays, format, parseISO } from 'date-fns';
import { formatCalendarDate, todayIn, workspaceClock } from '../../../shared/datetime.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import {
  addAmounts,
  compareAmounts,
  computeTotals,
  discountLabel,
  fromMinor,
  normalizeAmount,
  toMinor,
} from '../../../shared/invoice-math.ts';
import {
  INVOICE_TRANSITIONS,
  servicePeriodProblem,
  type Discount,
  type InvoiceDetail,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceUpdate,
} from '../../../shared/invoices.schema.ts';
import { amountDecimalsMessage, fitsCurrency } from '../../../shared/money.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ActingScope, Context, WorkspaceScope } from '../../trpc/context.ts';
import { invoiceEvent } from '../notifications/notification-events.ts';
import {
  findDocumentLogo,
  findProfile,
  findSeller,
  takeInvoiceNumber,
} from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { findProject, lockProject } from '../projects/projects.repository.ts';
import {
  checkCurrencyDigits,
  invoiceLines,
  recomputeTotals,
  replaceLines,
  storedDiscount,
  type LineValues,
} from './document-totals.ts';
import { buyerOf } from './document-rows.ts';
import { invoicePaymentQr, paymentQrView } from '../einvoices/payment-qr.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import * as repo from './invoices.repository.ts';
import { balanceOf } from './invoices.repository.ts';
import { countUnapprovedEntries } from '../timesheets/week-lock.ts';
import * as expensesRepo from '../expenses/expenses.repository.ts';
import { billableAmountOf } from '../../../shared/expenses.schema.ts';
import { resolveLines } from '../services/line-services.ts';
import { einvoiceErrorsOf, einvoiceRefusal } from '../einvoices/einvoice-check.ts';

const NOT_FOUND = 'Invoice not found';
export const PAID_BY_CARD_NOT_VOIDED =
  'This invoice was paid by card: refund the payment in Stripe first, then void it';
export const SENT_NOT_VOIDED = 'This invoice was sent to the client: credit it instead';
const NUMBER_TAKEN = 'An invoice with this number already exists';
const notFound = (message = NOT_FOUND) => new TRPCError({ code: 'NOT_FOUND', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

const dueAfter = (issueDate: string, days: number) =>
  format(addDays(parseISO(issueDate), days), 'yyyy-MM-dd');

/**
 * An hourly rate (two decimals) as a unit price in the invoice's currency: exact when the
 * currency has two or three decimals, rounded half-up to it when it has none.
 */
function priceIn(rate: string, digits: number): string {
  const cents = toMinor(normalizeAmount(rate, 2), 2);
  if (digits >= 2) return fromMinor(cents * 10n ** BigInt(digits - 2), digits);
  const factor = 10n ** BigInt(2 - digits);
  return fromMinor((cents + factor / 2n) / factor, digits);
}

/** The recurring invoices check their templates with it too. */
export { checkCurrencyDigits };

interface DraftState {
  clientId: number;
  projectId: number | null;
  currency: string;
  discount: Discount | null;
}

/** Checks that the client and the project are of this workspace and go together. */
async function checkParties(db: Database, workspaceId: number, state: DraftState) {
  const client = await findClient(db, workspaceId, state.clientId);
  if (!client) throw notFound('Client not found');
  if (state.projectId !== null) {
    const project = await findProject(db, workspaceId, state.projectId);
    if (!project) throw notFound('Project not found');
    if (project.clientId !== state.clientId) {
      throw badRequest("The project is not one of this client's projects");
    }
  }
  return client;
}

/**
 * Bills unbilled time of the client's projects (any of them, not only the draft's) as new
 * lines, at the rate stored on each entry: one line per entry, or one per project and rate.
 * Creating a draft and adding time to one both come here, so the rules are one: the time
 * is the draft client's, in the draft's currency, unbilled, and approved where the workspace
 * invoices only approved time.
 */
async function billTime(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  state: DraftState,
  ids: number[],
  grouping: 'entry' | 'project',
  taxRate: string,
  firstPosition: number,
) {
  const profile = await findProfile(db, workspaceId);
  // Rates, hence time, are in the workspace's currency; an invoice in another one cannot
  // bill it without a conversion Keel does not make.
  if (state.currency !== profile.currency) {
    throw conflict(`This time is in ${profile.currency}; this invoice is in ${state.currency}`);
  }
  // In id order, so two billings lock the same projects in the same order. Sharing the
  // project rows with other billings; a deletion of a project waits for us.
  const projectIds = await repo.projectsOfEntries(db, workspaceId, ids);
  const projects = new Map<number, { name: string }>();
  for (const projectId of projectIds) {
    if (!(await lockProject(db, workspaceId, projectId, 'keyShare')))
      throw notFound('Project not found');
    const project = (await findProject(db, workspaceId, projectId))!;
    if (project.clientId !== state.clientId) {
      throw conflict("Some of this time is not on this invoice's client's projects");
    }
    projects.set(projectId, project);
  }
  if (profile.invoiceApprovedTimeOnly) {
    const unapproved = await countUnapprovedEntries(db, workspaceId, ids);
    if (unapproved > 0) {
      throw conflict(
        `${unapproved === 1 ? '1 time entry is' : `${unapproved} time entries are`} not in an approved timesheet; this workspace invoices only approved time`,
      );
    }
  }
  const entries = await repo.claimEntries(db, workspaceId, invoiceId, projectIds, ids);
  if (entries.length !== ids.length) {
    throw conflict('Some of this time has already been invoiced');
  }
  const digits = minorDigits(state.currency);
  const price = (rate: string) => priceIn(rate, digits);
  const groups: { line: LineValues; ids: number[] }[] = [];
  if (grouping === 'entry') {
    entries.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
    for (const e of entries) {
      groups.push({
        line: {
          // The day as the client reads every date of the workspace's invoices.
          description: `${formatCalendarDate(e.date, workspaceClock(profile))} · ${e.description?.trim() || projects.get(e.projectId)!.name}`,
          quantity: e.hours,
          unit: 'hour',
          unitPrice: price(e.rate),
          taxRate,
        },
        ids: [e.id],
      });
    }
  } else {
    // One line per project and rate; the rate is named when a project has several.
    const byRate = new Map<
      string,
      { projectId: number; rate: string; hours: bigint; ids: number[] }
    >();
    for (const e of entries) {
      const key = `${e.projectId} ${e.rate}`;
      const group = byRate.get(key) ?? { projectId: e.projectId, rate: e.rate, hours: 0n, ids: [] };
      group.hours += toMinor(normalizeAmount(e.hours, 2), 2);
      group.ids.push(e.id);
      byRate.set(key, group);
    }
    const groupsOf = (projectId: number) =>
      [...byRate.values()].filter((g) => g.projectId === projectId).length;
    for (const group of [...byRate.values()].sort((a, b) => a.projectId - b.projectId)) {
      const name = projects.get(group.projectId)!.name;
      groups.push({
        line: {
          description: groupsOf(group.projectId) > 1 ? `${name} (at ${group.rate} per hour)` : name,
          quantity: fromMinor(group.hours, 2),
          unit: 'hour',
          unitPrice: price(group.rate),
          taxRate,
        },
        ids: group.ids,
      });
    }
  }
  let position = firstPosition;
  for (const group of groups) {
    if (Number(group.line.quantity) > 100_000)
      throw badRequest('One line holds at most 100,000 hours: bill this time per entry');
    const lineId = await repo.insertLine(db, workspaceId, invoiceId, position++, group.line);
    await repo.linkEntriesToLine(db, workspaceId, lineId, group.ids);
  }
}

/**
 * Bills billable, unbilled expenses of the draft's client in its currency as new lines, one
 * per expense: "<date> · <category> · <vendor or notes>" (the date in the workspace's
 * format), quantity 1, at amount × (1 + markup / 100) rounded to the currency. The claim is one conditional UPDATE inside the
 * invoice's transaction, so of two invoices billing an expense at once one wins and the
 * other is refused (409).
 */
async function billExpenses(
  db: Database,
  workspaceId: number,
  invoiceId: number,
  state: DraftState,
  ids: number[],
  firstPosition: number,
) {
  const expenses = await expensesRepo.findExpenses(db, workspaceId, ids);
  for (const e of expenses) {
    const name = `The expense of ${e.date}${e.vendor ? ` (${e.vendor})` : ''}`;
    if (!e.billable) throw conflict(`${name} is not billable`);
    if (e.draft) throw conflict(`${name} is a draft from an e-invoice; confirm it first`);
    if (e.clientId !== state.clientId) throw conflict(`${name} is not of this invoice's client`);
    if (e.currency !== state.currency) {
      throw conflict(`${name} is in ${e.currency}; this invoice is in ${state.currency}`);
    }
  }
  const claimed = await expensesRepo.claimExpenses(db, workspaceId, invoiceId, state.clientId, ids);
  if (claimed.length !== ids.length) {
    throw conflict('Some of these expenses have already been invoiced');
  }
  claimed.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const clock = workspaceClock(await findProfile(db, workspaceId));
  let position = firstPosition;
  for (const e of claimed) {
    const what = e.vendor?.trim() || e.notes?.trim().split('\n')[0] || 'Expense';
    const day = formatCalendarDate(e.date, clock);
    const description = [day, e.categoryName, what].filter(Boolean).join(' · ').slice(0, 2000);
    const unitPrice = billableAmountOf(
      normalizeAmount(e.amount, minorDigits(e.currency)),
      e.markupPercent,
      e.currency,
    );
    const lineId = await repo.insertLine(db, workspaceId, invoiceId, position++, {
      description,
      quantity: '1',
      unit: null,
      unitPrice,
      taxRate: '0',
    });
    await expensesRepo.linkExpenseToLine(db, workspaceId, e.id, lineId);
  }
}

async function checkExpensesExist(db: Database, workspaceId: number, ids: number[]) {
  if (
    ids.length > 0 &&
    (await expensesRepo.countWorkspaceExpenses(db, workspaceId, ids)) < ids.length
  ) {
    throw notFound('Expense not found');
  }
}

async function checkEntriesExist(db: Database, workspaceId: number, ids: number[]) {
  // An id of no entry of this workspace is not found, like any other foreign id (issue 9).
  if (ids.length > 0 && (await repo.countWorkspaceEntries(db, workspaceId, ids)) < ids.length) {
    throw notFound('Time entry not found');
  }
}

/**
 * Creates a draft: its lines, any unbilled time as lines (billed in the same transaction,
 * so no hour is ever invoiced twice), exact totals. The currency is the client's, else the
 * workspace's; `status: 'sent'` issues it at once.
 */
export async function createInvoice(scope: WorkspaceScope, input: InvoiceInput) {
  const { db, workspace } = scope;
  let id: number;
  try {
    // Without a period there is always a new invoice.
    id = (await db.transaction().execute((trx) => createDraft({ ...scope, db: trx }, input)))!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NUMBER_TAKEN);
    throw error;
  }
  return (await repo.findInvoice(db, workspace.id, id))!;
}

/** The template and period an invoice of a recurring invoice is made for. */
export interface RecurringPeriod {
  recurringInvoiceId: number;
  recurringPeriodStart: string;
}

/**
 * `createInvoice` inside the caller's transaction (`scope.db`), answering the new id. With
 * `period`, the invoice is that period's of a recurring invoice, inserted with `on conflict
 * do nothing` on the unique (template, period start): null, and nothing made, when the
 * period has its invoice already; the recurring schedule calls it as the system.
 */
export async function createDraft(
  scope: ActingScope,
  input: InvoiceInput,
  period?: RecurringPeriod,
): Promise<number | null> {
  const { db, workspace } = scope;
  const profile = await findProfile(db, workspace.id);
  const client = await findClient(db, workspace.id, input.clientId);
  if (!client) throw notFound('Client not found');
  const state: DraftState = {
    clientId: input.clientId,
    projectId: input.projectId ?? null,
    currency: input.currency ?? client.currency ?? profile.currency,
    discount: input.discount ?? null,
  };
  await checkParties(db, workspace.id, state);
  const entryIds = [...new Set(input.timeEntryIds ?? [])];
  await checkEntriesExist(db, workspace.id, entryIds);
  const expenseIds = [...new Set(input.expenseIds ?? [])];
  await checkExpensesExist(db, workspace.id, expenseIds);
  const amount =
    input.lines === undefined && entryIds.length === 0 && expenseIds.length === 0
      ? input.amount
      : undefined;
  if (amount !== undefined && !fitsCurrency(amount, state.currency))
    throw badRequest(`The amount: ${amountDecimalsMessage(state.currency)}`);
  const lines: InvoiceLineInput[] = input.lines
    ? await resolveLines(db, workspace.id, state.currency, input.lines)
    : amount !== undefined && compareAmounts(amount, '0') > 0
      ? [{ description: 'Services', quantity: '1', unit: null, unitPrice: amount, taxRate: '0' }]
      : [];
  checkCurrencyDigits(lines, state.discount, state.currency);
  const terms = client.paymentTermsDays ?? profile.paymentTermsDays;
  const explicitNumber = input.invoiceNumber?.trim() || null;

  const row = {
    clientId: state.clientId,
    projectId: state.projectId,
    invoiceNumber: explicitNumber,
    currency: state.currency,
    issueDate: input.issueDate ?? null,
    // SPEC §9: due 30 days ahead by default; Keel uses the payment terms.
    dueDate:
      input.dueDate !== undefined
        ? input.dueDate
        : dueAfter(input.issueDate ?? todayIn(profile.timezone), terms),
    discountType: state.discount?.type ?? null,
    discountValue: state.discount?.value ?? null,
    notes: input.notes ?? null,
    buyerReference: input.buyerReference ?? null,
    purchaseOrderReference: input.purchaseOrderReference ?? null,
    servicePeriodStart: input.servicePeriodStart ?? null,
    servicePeriodEnd: input.servicePeriodEnd ?? null,
  };
  const periodProblem = servicePeriodProblem(row.servicePeriodStart, row.servicePeriodEnd);
  if (periodProblem) throw badRequest(periodProblem);
  const invoiceId = period
    ? await repo.insertPeriodInvoice(db, workspace.id, { ...row, ...period })
    : await repo.insertInvoice(db, workspace.id, row);
  if (invoiceId === undefined) return null;
  const next = await replaceLines(db, workspace.id, invoiceId, lines, invoiceLines);
  if (entryIds.length > 0) {
    await billTime(
      db,
      workspace.id,
      invoiceId,
      state,
      entryIds,
      input.timeGrouping ?? 'entry',
      input.timeTaxRate ?? '0',
      next,
    );
  }
  if (expenseIds.length > 0) {
    const after = (await repo.lineInputs(db, workspace.id, invoiceId)).length + 1;
    await billExpenses(db, workspace.id, invoiceId, state, expenseIds, after);
  }
  await recomputeTotals(db, workspace.id, invoiceId, state.currency, state.discount, invoiceLines);
  if (input.status === 'sent') await issueLocked(db, scope, invoiceId);
  return invoiceId;
}

/**
 * `PUT /api/invoices/{id}`: edits a draft (409 once issued), then makes the SPEC's status
 * move if one is asked: sent issues it, viewed marks it viewed, paid records a payment of
 * the balance.
 */
export async function updateInvoice(
  scope: WorkspaceScope & Pick<Context, 'jobs'>,
  { id, status, ...changes }: InvoiceUpdate,
) {
  const { db, workspace } = scope;
  const edits = Object.keys(changes).filter(
    (k) => changes[k as keyof typeof changes] !== undefined,
  );
  if (edits.length > 0) await editDraft(scope, id, changes);
  if (status === 'sent') return issueInvoice(scope, id);
  if (status === 'viewed' || status === 'paid') return changeStatus(scope, id, status);
  const invoice = await repo.findInvoice(db, workspace.id, id);
  if (!invoice) throw notFound();
  return invoice;
}

async function editDraft(
  scope: WorkspaceScope,
  id: number,
  changes: Omit<InvoiceUpdate, 'id' | 'status'>,
) {
  const { db, workspace } = scope;
  const entryIds = [...new Set(changes.timeEntryIds ?? [])];
  await checkEntriesExist(db, workspace.id, entryIds);
  const expenseIds = [...new Set(changes.expenseIds ?? [])];
  await checkExpensesExist(db, workspace.id, expenseIds);
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockInvoice(trx, workspace.id, id);
    if (!current) throw notFound();
    if (current.status !== 'draft') {
      throw conflict('Only a draft can be edited; an issued invoice can be voided');
    }
    const state: DraftState = {
      clientId: changes.clientId ?? current.clientId,
      projectId: changes.projectId !== undefined ? changes.projectId : current.projectId,
      currency: changes.currency ?? current.currency,
      discount: changes.discount !== undefined ? changes.discount : storedDiscount(current),
    };
    if (changes.clientId !== undefined || changes.projectId !== undefined)
      await checkParties(trx, workspace.id, state);
    const periodProblem = servicePeriodProblem(
      changes.servicePeriodStart !== undefined
        ? changes.servicePeriodStart
        : current.servicePeriodStart,
      changes.servicePeriodEnd !== undefined ? changes.servicePeriodEnd : current.servicePeriodEnd,
    );
    if (periodProblem) throw badRequest(periodProblem);
    const lines =
      changes.lines && (await resolveLines(trx, workspace.id, state.currency, changes.lines));
    if (lines) checkCurrencyDigits(lines, state.discount, state.currency);
    await repo.updateInvoice(trx, workspace.id, id, {
      clientId: state.clientId,
      projectId: state.projectId,
      currency: state.currency,
      discountType: state.discount?.type ?? null,
      discountValue: state.discount?.value ?? null,
      ...(changes.issueDate !== undefined ? { issueDate: changes.issueDate } : {}),
      ...(changes.dueDate !== undefined ? { dueDate: changes.dueDate } : {}),
      ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
      ...(changes.buyerReference !== undefined ? { buyerReference: changes.buyerReference } : {}),
      ...(changes.purchaseOrderReference !== undefined
        ? { purchaseOrderReference: changes.purchaseOrderReference }
        : {}),
      ...(changes.servicePeriodStart !== undefined
        ? { servicePeriodStart: changes.servicePeriodStart }
        : {}),
      ...(changes.servicePeriodEnd !== undefined
        ? { servicePeriodEnd: changes.servicePeriodEnd }
        : {}),
    });
    let next = (await repo.lineInputs(trx, workspace.id, id)).length + 1;
    if (lines) next = await replaceLines(trx, workspace.id, id, lines, invoiceLines);
    // Expenses it still bills stay its client's and in its currency.
    if (changes.clientId !== undefined || changes.currency !== undefined) {
      const strays = await expensesRepo.countBilledElsewhere(trx, workspace.id, id, state);
      if (strays > 0) {
        throw conflict(
          'This draft bills expenses of another client or currency: remove their lines first',
        );
      }
    }
    if (entryIds.length > 0) {
      await billTime(
        trx,
        workspace.id,
        id,
        state,
        entryIds,
        changes.timeGrouping ?? 'entry',
        changes.timeTaxRate ?? '0',
        next,
      );
    }
    if (expenseIds.length > 0) {
      const after = (await repo.lineInputs(trx, workspace.id, id)).length + 1;
      await billExpenses(trx, workspace.id, id, state, expenseIds, after);
    }
    await recomputeTotals(trx, workspace.id, id, state.currency, state.discount, invoiceLines);
  });
}

/**
 * The issue and due dates issuing gives a draft: its own, else today in the workspace's
 * time zone and the client's payment terms (else the workspace's) after it.
 */
export function issueDatesOf(
  draft: { issueDate: string | null; dueDate: string | null },
  profile: { timezone: string; paymentTermsDays: number },
  client: { paymentTermsDays: number | null },
) {
  const issueDate = draft.issueDate ?? todayIn(profile.timezone);
  const dueDate =
    draft.dueDate ?? dueAfter(issueDate, client.paymentTermsDays ?? profile.paymentTermsDays);
  return { issueDate, dueDate };
}

/**
 * Issues a locked draft inside the caller's transaction: the next number of the workspace
 * sequence (unless the draft carries a number of its own), issue and due dates, and frozen
 * copies of seller and buyer details.
 */
async function issueLocked(db: Database, scope: ActingScope, id: number) {
  const { workspace } = scope;
  const current = await repo.lockInvoice(db, workspace.id, id);
  if (!current) throw notFound();
  if (current.status !== 'draft') throw conflict('This invoice has already been issued');
  const { profile, seller } = await findSeller(db, workspace.id);
  const client = (await findClient(db, workspace.id, current.clientId))!;
  const { issueDate, dueDate } = issueDatesOf(current, profile, client);
  if (profile.einvoicing) {
    // Valid by construction: with e-invoicing on, nothing breaking EN 16931 is issued. Checked
    // before a number is taken, so a refusal leaves no gap in the sequence.
    const draft = await getInvoice({ db, workspace }, id);
    const errors = einvoiceErrorsOf(draft, {
      invoiceNumber: current.invoiceNumber ?? 'DRAFT',
      issueDate,
      dueDate,
    });
    if (errors.length > 0) throw einvoiceRefusal(errors);
  }
  const invoiceNumber = current.invoiceNumber ?? (await takeInvoiceNumber(db, workspace.id));
  await repo.updateInvoice(db, workspace.id, id, {
    invoiceNumber,
    status: 'sent',
    issueDate,
    dueDate,
    issuedAt: new Date(),
    seller: JSON.stringify(seller),
    buyer: JSON.stringify(buyerOf(client)),
  });
}

/**
 * Issues a draft in one transaction, so numbers stay gap-free under concurrency. A member
 * does it, or the system (a recurring invoice that sends itself).
 */
export async function issueInvoice(scope: ActingScope, id: number) {
  const { db, workspace } = scope;
  try {
    await db.transaction().execute((trx) => issueLocked(trx, scope, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NUMBER_TAKEN);
    throw error;
  }
  return (await repo.findInvoice(db, workspace.id, id))!;
}

/** The SPEC moves other than issuing: viewed, and paid (a payment of the balance). */
async function changeStatus(
  scope: WorkspaceScope & Pick<Context, 'jobs'>,
  id: number,
  to: 'viewed' | 'paid',
) {
  const { db, workspace } = scope;
  const invoice = await repo.findInvoice(db, workspace.id, id);
  if (!invoice) throw notFound();
  if (!INVOICE_TRANSITIONS[invoice.status].some((t) => t.to === to)) {
    throw conflict(`A ${invoice.status} invoice cannot be marked ${to}`);
  }
  if (to === 'viewed') {
    await repo.updateInvoice(db, workspace.id, id, { status: 'viewed', viewedAt: new Date() });
    return (await repo.findInvoice(db, workspace.id, id))!;
  }
  const profile = await findProfile(db, workspace.id);
  return settle(scope, id, {
    amount: invoice.balance,
    date: todayIn(profile.timezone),
    method: 'other',
    note: null,
  });
}

/**
 * Records a payment (or, with a zero amount, settles an invoice that owes nothing) and
 * sets paid when the payments reach the total.
 */
async function settle(
  scope: WorkspaceScope & Pick<Context, 'jobs'>,
  id: number,
  payment: { amount: string; date: string; method: string; note: string | null },
) {
  const { db, workspace } = scope;
  await db.transaction().execute((trx) => settleIn(trx, scope, id, payment));
  return (await repo.findInvoice(db, workspace.id, id))!;
}

/**
 * `settle` in the caller's transaction (the bank matching records its payment so, beside
 * linking the bank transaction): locks the invoice, checks the amount against the balance,
 * records the payment and keeps status, paid date and the "invoice paid" notification in
 * step, as for a payment recorded by hand. Answers the new payment's id (null for zero).
 */
export async function settleIn(
  trx: Database,
  scope: WorkspaceScope & Pick<Context, 'jobs'>,
  id: number,
  payment: {
    amount: string;
    date: string;
    method: string;
    note: string | null;
    reference?: string | null;
  },
): Promise<number | null> {
  const { workspace, user } = scope;
  const current = await repo.lockInvoice(trx, workspace.id, id);
  if (!current) throw notFound();
  if (current.status === 'draft') throw conflict('Issue the invoice before recording a payment');
  if (current.status === 'void') throw conflict('A void invoice takes no payments');
  const digits = minorDigits(current.currency);
  if (!fitsCurrency(payment.amount, current.currency))
    throw badRequest(amountDecimalsMessage(current.currency));
  const amount = normalizeAmount(payment.amount, digits);
  const balance = balanceOf(
    normalizeAmount(current.amount, digits),
    normalizeAmount(current.paidTotal, digits),
    normalizeAmount(current.creditedTotal, digits),
    digits,
  );
  if (compareAmounts(amount, balance) > 0) {
    throw badRequest(`The payment is more than the balance due (${balance})`);
  }
  let paymentId: number | null = null;
  if (compareAmounts(amount, '0') > 0)
    paymentId = await repo.insertPayment(trx, workspace.id, id, {
      ...payment,
      amount,
      createdBy: user.id,
    });
  const paid = await refreshPaid(trx, workspace.id, id, current);
  if (paid && current.status !== 'paid') {
    await invoiceEvent(trx, scope.jobs, {
      workspaceId: workspace.id,
      actorUserId: user.id,
      invoiceId: id,
      what: 'paid',
    });
  }
  return paymentId;
}

/**
 * Keeps paid_total, the paid status and the paid date in step with the payments and the
 * credit notes: an invoice whose payments and credit notes reach its total is settled
 * (paid), dated by its last payment, else by `settledOn` (the credit note that settled it).
 */
export async function refreshPaid(
  db: Database,
  workspaceId: number,
  id: number,
  current: { amount: string; status: string; creditedTotal: string },
  settledOn?: string,
) {
  const { paid, lastDate } = await repo.refreshPaid(db, workspaceId, id);
  const full =
    compareAmounts(
      addAmounts(paid, current.creditedTotal, 3),
      normalizeAmount(current.amount, 3),
    ) >= 0;
  const { status } = current;
  await repo.updateInvoice(db, workspaceId, id, {
    paidTotal: paid,
    status: full ? 'paid' : status === 'paid' ? 'sent' : status,
    paidDate: full ? (lastDate ?? settledOn ?? todayIn('UTC')) : null,
  });
  return full;
}

/**
 * A payment or refund (negative) a payment provider reported (issue 42), in a transaction
 * of the caller's: recorded once by its external id whatever the deliveries, without a
 * manual payment's balance check (the money has moved already), and then status, paid date
 * and the "invoice paid" notification follow as they do for a manual payment. A draft or
 * void invoice takes none.
 */
export async function recordProviderPayment(
  db: Database,
  jobs: Context['jobs'],
  workspaceId: number,
  invoiceId: number,
  payment: {
    amount: string;
    /** The provider's currency: another than the invoice's is not recorded. */
    currency: string;
    date: string;
    method: 'card';
    note: string | null;
    reference: string;
    fee: string | null;
    externalId: string;
  },
): Promise<'recorded' | 'duplicate' | 'closed' | 'missing' | 'currency_mismatch'> {
  const current = await repo.lockInvoice(db, workspaceId, invoiceId);
  if (!current) return 'missing';
  if (current.status === 'draft' || current.status === 'void') return 'closed';
  const { currency, ...values } = payment;
  if (currency !== current.currency) return 'currency_mismatch';
  const id = await repo.insertExternalPayment(db, workspaceId, invoiceId, values);
  if (id === undefined) return 'duplicate';
  const paid = await refreshPaid(db, workspaceId, invoiceId, current);
  if (paid && current.status !== 'paid') {
    await invoiceEvent(db, jobs, { workspaceId, actorUserId: null, invoiceId, what: 'paid' });
  }
  return 'recorded';
}

export function addPayment(
  scope: WorkspaceScope & Pick<Context, 'jobs'>,
  input: { id: number; amount: string; date: string; method: string; note: string | null },
) {
  const { id, ...payment } = input;
  return settle(scope, id, payment);
}

export async function deletePayment(scope: WorkspaceScope, id: number, paymentId: number) {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockInvoice(trx, workspace.id, id);
    if (!current) throw notFound();
    if (current.status === 'void') throw conflict('A void invoice keeps its record');
    if (!(await repo.deletePayment(trx, workspace.id, id, paymentId)))
      throw notFound('Payment not found');
    await refreshPaid(trx, workspace.id, id, current);
  });
  return (await repo.findInvoice(db, workspace.id, id))!;
}

/**
 * Voids an issued invoice: it keeps its number (the sequence has no gap), its time becomes
 * unbilled, and the reason is recorded. An invoice with payments keeps them: delete the
 * payments (refund) first; card payments from Stripe are refunded in Stripe.
 */
export async function voidInvoice(scope: WorkspaceScope, id: number, reason: string) {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockInvoice(trx, workspace.id, id);
    if (!current) throw notFound();
    if (current.status === 'draft') throw conflict('A draft is deleted, not voided');
    if (current.status === 'void') throw conflict('This invoice is already void');
    // Card money Stripe holds goes back through Stripe, whose refund event then reopens the
    // balance: asked first, since a client who paid in the portal has seen the invoice.
    if (compareAmounts(await repo.providerPaidTotal(trx, workspace.id, id), '0') > 0)
      throw conflict(PAID_BY_CARD_NOT_VOIDED);
    // Voiding is for invoices the client never had (issue 41): an issued invoice the client
    // received is corrected by a credit note, never taken back.
    if (current.emailedAt !== null || current.viewedAt !== null) throw conflict(SENT_NOT_VOIDED);
    if (compareAmounts(current.creditedTotal, '0') > 0)
      throw conflict('This invoice has credit notes: credit what remains instead');
    if (compareAmounts(current.paidTotal, '0') > 0)
      throw conflict('This invoice has payments: delete them before voiding it');
    await repo.updateInvoice(trx, workspace.id, id, {
      status: 'void',
      voidedAt: new Date(),
      voidReason: reason,
    });
    await repo.releaseEntries(trx, workspace.id, id);
  });
  return (await repo.findInvoice(db, workspace.id, id))!;
}

/** Drafts can be thrown away; their time becomes unbilled again. Issued ones are voided. */
export async function deleteInvoice(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockInvoice(trx, workspace.id, id);
    if (!current) throw notFound();
    if (current.status !== 'draft') throw conflict('Only draft invoices can be deleted');
    await repo.deleteInvoice(trx, workspace.id, id);
  });
  return { success: true as const };
}

/** The invoice with its lines, taxes, payments and both parties (frozen once issued). */
export async function getInvoice(
  scope: Pick<WorkspaceScope, 'db' | 'workspace'>,
  id: number,
): Promise<InvoiceDetail> {
  const { db, workspace } = scope;
  const invoice = await repo.findInvoice(db, workspace.id, id);
  if (!invoice) throw notFound();
  const [lines, payments, parties, { profile, seller }] = await Promise.all([
    repo.findLines(db, workspace.id, id, invoice.currency),
    repo.findPayments(db, workspace.id, id, invoice.currency),
    repo.findParties(db, workspace.id, id),
    findSeller(db, workspace.id),
  ]);
  const digits = minorDigits(invoice.currency) as 0 | 2 | 3;
  const totals = computeTotals(lines, invoice.discount, digits);
  const client = parties?.buyer ? null : await findClient(db, workspace.id, invoice.clientId);
  return {
    ...invoice,
    lines,
    taxes: totals.taxes,
    payments,
    seller: parties?.seller ?? seller,
    buyer: parties?.buyer ?? buyerOf(client!),
    paymentInstructions: profile.paymentInstructions,
    footer: profile.invoiceFooter,
  };
}

/**
 * The balance as the payment QR code a banking app reads, exactly as the portal and the
 * PDF show it (one source: the frozen seller's IBAN and the balance); null when there is
 * none (a draft, nothing left to pay, no IBAN, a currency without such a code).
 */
export async function invoicePaymentQrView(
  scope: Pick<WorkspaceScope, 'db' | 'workspace'>,
  id: number,
) {
  return paymentQrView(invoicePaymentQr(await getInvoice(scope, id)));
}

/** The invoice as a PDF document, rendered on the server (the client portal's too). */
export async function invoicePdf(scope: Pick<WorkspaceScope, 'db' | 'workspace'>, id: number) {
  const [invoice, { dateFormat }] = await Promise.all([
    getInvoice(scope, id),
    findProfile(scope.db, scope.workspace.id),
  ]);
  const content = await renderInvoicePdf({
    number: invoice.invoiceNumber,
    status: invoice.status,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    dateFormat,
    currency: invoice.currency,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines,
    subtotal: invoice.subtotal,
    discount: invoice.discountTotal,
    discountLabel: discountLabel(invoice.discount),
    taxes: invoice.taxes,
    total: invoice.total,
    paid: invoice.paidTotal,
    credited: invoice.creditedAmount,
    balance: invoice.balance,
    notes: invoice.notes,
    paymentInstructions: invoice.paymentInstructions,
    footer: invoice.footer,
    logo: await findDocumentLogo(scope.db, scope.workspace.id),
    paymentQr: invoicePaymentQr(invoice),
  });
  const name = (invoice.invoiceNumber ?? `draft-${invoice.id}`).replace(/[^A-Za-z0-9._-]/g, '_');
  return { filename: `invoice-${name}.pdf`, content };
}
