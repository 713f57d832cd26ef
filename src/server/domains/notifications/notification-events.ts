import { sql } from 'kysely';
import { formatMoney } from '../../../shared/money.ts';
import { TIMESHEET_MANAGERS } from '../../../shared/timesheets.schema.ts';
import type { NotificationKind } from '../../../shared/notifications.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { Jobs } from '../jobs/jobs.ts';
import {
  membersInRoles,
  notify,
  workspaceManagers,
  type NotifyInput,
} from './notifications.service.ts';

/*
 * Each event of issue 23 in words and links, called by the service that makes the change,
 * with its transaction (`db`) so the notification stands or falls with the change. Links
 * are in-app paths the client's router knows.
 */

interface Event {
  workspaceId: number;
  /** Who did it (null for a client in the portal, or the scheduler). */
  actorUserId?: number | null;
}

async function actorName(db: Database, actorUserId: number | null | undefined) {
  if (!actorUserId) return null;
  const row = await db
    .selectFrom('users')
    .select('fullName')
    .where('id', '=', actorUserId)
    .executeTakeFirst();
  return row?.fullName ?? null;
}

const by = (name: string | null) => (name ? ` by ${name}` : '');

interface Assignment<T> {
  kind: NotificationKind;
  /** Looks up what was given; undefined (the record is gone) and nobody hears. */
  find: () => Promise<T | undefined> | T | undefined;
  /** The notification's words, from what was given and the actor's name. */
  words: (found: T, actor: string | null) => Pick<NotifyInput, 'title' | 'body' | 'link'>;
}

/** Whether giving something to `assigneeId` notifies anyone: not when nobody or oneself. */
export function notifiesAssignee(event: Event & { assigneeId: number | null | undefined }) {
  return !!event.assigneeId && event.assigneeId !== event.actorUserId;
}

/**
 * Something given to someone: the new assignee hears, in the 'mention' category, unless
 * they gave it to themselves (notify() also drops anyone not an active member).
 */
async function assigned<T>(
  db: Database,
  jobs: Jobs,
  event: Event & { assigneeId: number | null | undefined },
  { kind, find, words }: Assignment<T>,
) {
  if (!notifiesAssignee(event)) return;
  const found = await find();
  if (found === undefined) return;
  await notify(db, jobs, {
    ...event,
    userIds: [event.assigneeId],
    kind,
    category: 'mention',
    ...words(found, await actorName(db, event.actorUserId)),
  });
}

const assignedBy = (name: string | null) => (name ? `Assigned by ${name}.` : null);

/** A task given to someone (created so, or its assignee changed): the new assignee hears. */
export async function taskAssigned(
  db: Database,
  jobs: Jobs,
  event: Event & { taskId: number; assigneeId: number | null | undefined },
) {
  await assigned(db, jobs, event, {
    kind: 'task_assigned',
    find: () =>
      db
        .selectFrom('tasks as t')
        .innerJoin('projects as p', (join) =>
          join.onRef('p.id', '=', 't.projectId').onRef('p.workspaceId', '=', 't.workspaceId'),
        )
        .select(['t.title', 'p.name as projectName'])
        .where('t.workspaceId', '=', event.workspaceId)
        .where('t.id', '=', event.taskId)
        .executeTakeFirst(),
    words: (task, name) => ({
      title: `Task assigned to you: ${task.title}`,
      body: `On ${task.projectName}${by(name)}.`,
      link: `/tasks?task=${event.taskId}`,
    }),
  });
}

/** A contact given to someone: the new assignee hears. */
export async function contactAssigned(
  db: Database,
  jobs: Jobs,
  event: Event & { personId: number; assigneeId: number | null | undefined },
) {
  await assigned(db, jobs, event, {
    kind: 'contact_assigned',
    find: () =>
      db
        .selectFrom('persons')
        .select('fullName')
        .where('workspaceId', '=', event.workspaceId)
        .where('id', '=', event.personId)
        .executeTakeFirst(),
    words: (person, name) => ({
      title: `Contact assigned to you: ${person.fullName}`,
      body: assignedBy(name),
      link: `/contacts?q=${encodeURIComponent(person.fullName)}`,
    }),
  });
}

/** Contacts given to someone at once (the list's bulk action): one notification for all. */
export async function contactsAssigned(
  db: Database,
  jobs: Jobs,
  event: Event & { count: number; assigneeId: number | null },
) {
  await assigned(db, jobs, event, {
    kind: 'contact_assigned',
    find: () => (event.count === 0 ? undefined : event.count),
    words: (count, name) => ({
      title: `${count} ${count === 1 ? 'contact' : 'contacts'} assigned to you`,
      body: assignedBy(name),
      link: `/contacts?assignee=${event.assigneeId}`,
    }),
  });
}

/** A deal given to someone: the new assignee hears. */
export async function dealAssigned(
  db: Database,
  jobs: Jobs,
  event: Event & { leadId: number; assigneeId: number | null | undefined },
) {
  await assigned(db, jobs, event, {
    kind: 'deal_assigned',
    find: () =>
      db
        .selectFrom('leads')
        .select('dealName')
        .where('workspaceId', '=', event.workspaceId)
        .where('id', '=', event.leadId)
        .executeTakeFirst(),
    words: (lead, name) => ({
      title: `Deal assigned to you: ${lead.dealName}`,
      body: assignedBy(name),
      link: `/opportunities?q=${encodeURIComponent(lead.dealName)}`,
    }),
  });
}

/** An invitation accepted: whoever sent it hears (the new member is the actor). */
export async function invitationAccepted(
  db: Database,
  jobs: Jobs,
  event: Event & { inviterId: number | null; memberUserId: number },
) {
  if (!event.inviterId) return;
  const [member, workspace] = await Promise.all([
    db
      .selectFrom('users')
      .select('fullName')
      .where('id', '=', event.memberUserId)
      .executeTakeFirst(),
    db
      .selectFrom('workspaces')
      .select('name')
      .where('id', '=', event.workspaceId)
      .executeTakeFirst(),
  ]);
  await notify(db, jobs, {
    workspaceId: event.workspaceId,
    actorUserId: event.memberUserId,
    userIds: [event.inviterId],
    kind: 'invitation_accepted',
    category: 'update',
    title: `${member?.fullName ?? 'Someone'} accepted your invitation`,
    body: workspace ? `They joined ${workspace.name}.` : null,
    link: '/team',
  });
}

async function invoiceFacts(db: Database, workspaceId: number, invoiceId: number) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('clients as c', (join) =>
      join.onRef('c.id', '=', 'i.clientId').onRef('c.workspaceId', '=', 'i.workspaceId'),
    )
    .select([
      'i.invoiceNumber',
      'i.issueDate',
      'i.amount',
      'i.currency',
      sql<string>`coalesce(nullif(c.company, ''), c.name)`.as('clientName'),
    ])
    .where('i.workspaceId', '=', workspaceId)
    .where('i.id', '=', invoiceId)
    .executeTakeFirst();
}

const invoiceLabel = (number: string | null) => (number ? `Invoice ${number}` : 'An invoice');

/**
 * An invoice opened by its client for the first time, or paid in full: the workspace's
 * owners and administrators hear (invoices record no creator), less whoever recorded it.
 */
export async function invoiceEvent(
  db: Database,
  jobs: Jobs,
  event: Event & { invoiceId: number; what: 'viewed' | 'paid' },
) {
  const invoice = await invoiceFacts(db, event.workspaceId, event.invoiceId);
  if (!invoice) return;
  const amount = formatMoney(String(invoice.amount), invoice.currency);
  await notify(db, jobs, {
    ...event,
    userIds: await workspaceManagers(db, event.workspaceId),
    kind: event.what === 'viewed' ? 'invoice_viewed' : 'invoice_paid',
    category: 'update',
    title:
      event.what === 'viewed'
        ? `${invoiceLabel(invoice.invoiceNumber)} was viewed by ${invoice.clientName}`
        : `${invoiceLabel(invoice.invoiceNumber)} is paid in full`,
    body: `${invoice.clientName}, ${amount}.`,
    link: `/invoices/${event.invoiceId}`,
  });
}

/**
 * A Stripe event Keel kept but did not apply to an invoice (a currency other than the
 * invoice's, an invoice voided since): owners and administrators hear, to settle it by hand.
 */
export async function onlinePaymentProblem(
  db: Database,
  jobs: Jobs,
  event: Event & { invoiceId: number; problem: string },
) {
  const invoice = await invoiceFacts(db, event.workspaceId, event.invoiceId);
  if (!invoice) return;
  await notify(db, jobs, {
    ...event,
    userIds: await workspaceManagers(db, event.workspaceId),
    kind: 'online_payment_problem',
    category: 'update',
    title: `A card payment for ${invoiceLabel(invoice.invoiceNumber).replace(/^An/, 'an')} was not recorded`,
    body: `${invoice.clientName}: ${event.problem}`,
    link: `/invoices/${event.invoiceId}`,
  });
}

/** A proposal or estimate accepted or declined by its client: owners and administrators hear. */
export async function documentAnswered(
  db: Database,
  jobs: Jobs,
  event: Event & {
    document: 'proposal' | 'estimate';
    id: number;
    accepted: boolean;
    /** The name the client signed or answered with, when known. */
    signer?: string | null;
  },
) {
  let label: string;
  let link: string;
  if (event.document === 'proposal') {
    const row = await db
      .selectFrom('proposals')
      .select(['title', 'clientName'])
      .where('workspaceId', '=', event.workspaceId)
      .where('id', '=', event.id)
      .executeTakeFirst();
    if (!row) return;
    label = `Proposal “${row.title}”`;
    link = `/proposals?q=${encodeURIComponent(row.title)}`;
  } else {
    const row = await db
      .selectFrom('estimates')
      .select('estimateNumber')
      .where('workspaceId', '=', event.workspaceId)
      .where('id', '=', event.id)
      .executeTakeFirst();
    if (!row) return;
    label = row.estimateNumber ? `Estimate ${row.estimateNumber}` : 'An estimate';
    link = `/estimates/${event.id}`;
  }
  const answer = event.accepted ? 'accepted' : 'declined';
  await notify(db, jobs, {
    ...event,
    userIds: await workspaceManagers(db, event.workspaceId),
    kind: `${event.document}_${answer}`,
    category: 'update',
    title: `${label} was ${answer}`,
    body: event.signer ? `Answered by ${event.signer}.` : null,
    link,
  });
}

/**
 * A contract viewed, signed or declined by its client in the portal: the member who made
 * it hears (a contract made by nobody, or by a member who left: the owners and
 * administrators).
 */
export async function contractAnswered(
  db: Database,
  jobs: Jobs,
  event: Event & {
    contractId: number;
    what: 'viewed' | 'signed' | 'declined';
    /** The name the client signed with. */
    signer?: string | null;
  },
) {
  const row = await db
    .selectFrom('contracts as c')
    .innerJoin('clients as cl', (j) =>
      j.onRef('cl.workspaceId', '=', 'c.workspaceId').onRef('cl.id', '=', 'c.clientId'),
    )
    .select(['c.title', 'c.createdBy', 'cl.name as clientName'])
    .where('c.workspaceId', '=', event.workspaceId)
    .where('c.id', '=', event.contractId)
    .executeTakeFirst();
  if (!row) return;
  const message = {
    ...event,
    kind: `contract_${event.what}` as const,
    category: 'update' as const,
    title: `Contract “${row.title}” was ${event.what} by ${row.clientName}`,
    body: event.signer ? `Signed by ${event.signer}.` : null,
    link: `/contracts/${event.contractId}`,
  };
  const told = row.createdBy
    ? await notify(db, jobs, { ...message, userIds: [row.createdBy] })
    : [];
  if (told.length === 0)
    await notify(db, jobs, { ...message, userIds: await workspaceManagers(db, event.workspaceId) });
}

/** A week submitted for review: its reviewers (the roles that manage timesheets) hear. */
export async function timesheetSubmitted(
  db: Database,
  jobs: Jobs,
  event: Event & { weekStart: string },
) {
  const name = await actorName(db, event.actorUserId);
  await notify(db, jobs, {
    ...event,
    userIds: await membersInRoles(db, event.workspaceId, TIMESHEET_MANAGERS),
    kind: 'timesheet_submitted',
    category: 'update',
    title: `${name ?? 'A member'} submitted the timesheet of the week of ${event.weekStart}`,
    body: 'It waits for your review.',
    link: '/timesheets',
  });
}

/** A week approved or rejected: its member hears. */
export async function timesheetReviewed(
  db: Database,
  jobs: Jobs,
  event: Event & { memberId: number; weekStart: string; approved: boolean; note?: string | null },
) {
  const name = await actorName(db, event.actorUserId);
  await notify(db, jobs, {
    ...event,
    userIds: [event.memberId],
    kind: event.approved ? 'timesheet_approved' : 'timesheet_rejected',
    category: 'mention',
    title: `Your timesheet of the week of ${event.weekStart} was ${event.approved ? 'approved' : 'rejected'}`,
    body: event.note ? `${name ?? 'The reviewer'}: ${event.note}` : name ? `By ${name}.` : null,
    link: '/timesheets',
  });
}

/** An invoice made from a recurring template: owners and administrators hear. */
export async function recurringInvoiceCreated(
  db: Database,
  jobs: Jobs,
  event: Event & { invoiceId: number },
) {
  const invoice = await invoiceFacts(db, event.workspaceId, event.invoiceId);
  if (!invoice) return;
  await notify(db, jobs, {
    ...event,
    userIds: await workspaceManagers(db, event.workspaceId),
    kind: 'recurring_invoice_created',
    category: 'update',
    title: `Recurring invoice created for ${invoice.clientName}`,
    body: `${invoiceLabel(invoice.invoiceNumber)}, ${formatMoney(String(invoice.amount), invoice.currency)}.`,
    link: `/invoices/${event.invoiceId}`,
  });
}

/**
 * An invoice a recurring template was to issue and email by itself that stayed a draft (the
 * e-invoicing rules refused it, or the client has no billing email): owners and
 * administrators hear which draft and the first reason, to fix it and send it by hand.
 */
export async function recurringInvoiceUnsent(
  db: Database,
  jobs: Jobs,
  event: Event & { invoiceId: number; rule: string | null; message: string },
) {
  const invoice = await invoiceFacts(db, event.workspaceId, event.invoiceId);
  if (!invoice) return;
  const label = invoice.invoiceNumber
    ? `Invoice ${invoice.invoiceNumber}`
    : `The draft invoice dated ${invoice.issueDate ?? 'today'}`;
  const reason = event.rule ? `${event.rule}: ${event.message}` : event.message;
  await notify(db, jobs, {
    ...event,
    userIds: await workspaceManagers(db, event.workspaceId),
    kind: 'recurring_invoice_unsent',
    category: 'update',
    title: `Recurring invoice for ${invoice.clientName} was not sent`,
    body: `${label}, ${formatMoney(String(invoice.amount), invoice.currency)}, stays a draft. ${reason.replace(/\.?$/, '.')}`,
    link: `/invoices/${event.invoiceId}`,
  });
}

/**
 * A visitor sent a lead form (issue 44): the deal's assignee hears when the form opens one
 * for a member, the owners and administrators otherwise. Nobody acted in the workspace, so
 * nobody is left out as the actor.
 */
export async function formSubmitted(
  db: Database,
  jobs: Jobs,
  event: Event & {
    formName: string;
    formId: number;
    contactName: string;
    assigneeId: number | null;
  },
) {
  await notify(db, jobs, {
    ...event,
    userIds: event.assigneeId ? [event.assigneeId] : await workspaceManagers(db, event.workspaceId),
    kind: 'form_submitted',
    category: event.assigneeId ? 'mention' : 'update',
    title: `New submission of “${event.formName}” from ${event.contactName}`,
    link: `/forms/${event.formId}`,
  });
}
