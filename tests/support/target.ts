import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { WorkspaceRole } from '../../src/shared/roles.ts';
import type { Database } from '../../src/server/db/create-db.ts';
import { ensureProfile } from '../../src/server/domains/business/business.repository.ts';
import { insertStages } from '../../src/server/domains/pipeline/pipeline.repository.ts';
import { DEFAULT_STAGES } from '../../src/server/domains/pipeline/pipeline.service.ts';
import type { ApiClient } from './test-app.ts';
import { tinyPng } from './uploads.ts';

/**
 * A workspace with one row of each kind. Every name, email and file of it carries `marker`,
 * so a response that shows any of its rows can be caught by looking for that one string.
 */
export interface Target {
  workspaceId: number;
  /** The workspace name; every row's name starts with it. */
  workspaceName: string;
  /** A string unique to this target (no other target's marker contains it). */
  marker: string;
  personId: number;
  organizationId: number;
  tagId: number;
  ownerUserId: number;
  /** A member every team manager may act on. */
  collaboratorUserId: number;
  leadId: number;
  /** A stage without deals that may be edited and deleted. */
  stageId: number;
  /** Its key, which no other workspace has unless it was made with the same one. */
  stageKey: string;
  /** Every stage id, in board order. */
  stageIds: number[];
  clientId: number;
  /** An active project of the client, with one time entry of the owner. */
  projectId: number;
  timeEntryId: number;
  /** A rate card of the collaborator on the project (billable 150, cost 60, from 2026-01-01). */
  rateId: number;
  /** A task on the project, made by and assigned to the owner (status 'todo'). */
  taskId: number;
  /** A custom task status without tasks, that may be edited and deleted. */
  taskStatusId: number;
  /** A draft invoice of the client. */
  invoiceId: number;
  /** A draft estimate of the client, with one line. */
  estimateId: number;
  /** An active monthly recurring invoice of the client, with one line. */
  recurringInvoiceId: number;
  proposalId: number;
  /** A contract template of the workspace (besides the starters the code gives new ones). */
  contractTemplateId: number;
  /** A draft contract of the client. */
  contractId: number;
  /** A credit note of the client, of an issued invoice of its own (written as the database). */
  creditNoteId: number;
  /** A pending invitation to the target. */
  invitationId: number;
  invitationToken: string;
  /** The workspace logo (files.workspace_id set) and the owner's profile photo, by key. */
  logoKey: string;
  photoKey: string;
  /** A housekeeping job that failed for good (the queue is the platform's, not the workspace's). */
  failedJobId: string;
  /** An expense category of the workspace (besides the default set), without expenses. */
  expenseCategoryId: number;
  /** A billable, unbilled expense of the owner for the client, with a receipt (by key). */
  expenseId: number;
  receiptKey: string;
  /** An unread notification of the owner, its title marked. */
  notificationId: number;
  /** An active service of the catalogue (in EUR), on no line. */
  serviceId: number;
  /** A bank account (EUR, named with the marker) with one unmatched transaction. */
  bankAccountId: number;
  bankTransactionId: number;
  /** A bank rule that ignores lines naming the marker (it applies to nothing of the target). */
  bankRuleId: number;
  /** A published lead form (named with the marker) with one submission, which made `personId`'s. */
  formId: number;
  /** The form's public address, `{workspaceId}-{slug}`. */
  formPublicSlug: string;
  /** A booking type of the owner, and a live booking of it (written as the database). */
  bookingTypeId: number;
  bookingId: number;
}

export interface TargetMember {
  userId: number;
  role: WorkspaceRole;
  /** A client to make the new workspace current for (its session switches to it). */
  client?: ApiClient;
}

export interface TargetOptions {
  /** Start of the workspace name, e.g. 'Matrix Target'. */
  label: string;
  members: TargetMember[];
  /** The member that owns the time entry, the files and `ownerUserId`. */
  ownerUserId: number;
  collaboratorUserId: number;
  /** Key of the deal-free custom stage; give one no other workspace has to test unknown keys. */
  customStageKey?: string;
}

let counter = 0;

/** A fresh target workspace: the members join it and each given client makes it current. */
export async function freshTarget(db: Database, options: TargetOptions): Promise<Target> {
  counter += 1;
  // The trailing letter keeps target 1's marker from being a prefix of target 10's.
  const marker = `tgt${counter}z${randomBytes(3).toString('hex')}`;
  const name = `${options.label} ${marker}`;
  const customStageKey = options.customStageKey ?? 'matrix_custom';
  const ws = await db
    .insertInto('workspaces')
    .values({ name, subdomain: `target-${marker}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('userWorkspaces')
    .values(options.members.map((m) => ({ workspaceId: ws.id, userId: m.userId, role: m.role })))
    .execute();
  await ensureProfile(db, ws.id);
  for (const member of options.members) {
    if (!member.client) continue;
    const res = await member.client.post(`/api/workspaces/${ws.id}/switch`);
    expect(res.statusCode, res.body).toBe(200);
  }
  const org = await db
    .insertInto('organizations')
    .values({ workspaceId: ws.id, name: `${name} Org` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const person = await db
    .insertInto('persons')
    .values({
      workspaceId: ws.id,
      fullName: `${name} Person`,
      email: `${marker}-person@example.com`,
      companyId: org.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = await db
    .insertInto('tags')
    .values({ workspaceId: ws.id, name: `${name} Tag` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('contactTags')
    .values({ workspaceId: ws.id, personId: person.id, tagId: tag.id })
    .execute();
  await insertStages(db, ws.id, [
    ...DEFAULT_STAGES,
    { key: customStageKey, label: `${name} Stage`, color: 'gray', isSystemStage: false },
  ]);
  const stages = await db
    .selectFrom('stages')
    .select(['id', 'key'])
    .where('workspaceId', '=', ws.id)
    .orderBy('sortOrder')
    .execute();
  const lead = await db
    .insertInto('leads')
    .values({
      workspaceId: ws.id,
      dealName: `${name} Deal`,
      stage: 'contacted',
      personId: person.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = await db
    .insertInto('clients')
    .values({ workspaceId: ws.id, name: `${name} Client`, email: `${marker}-client@example.com` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({
      workspaceId: ws.id,
      name: `${name} Project`,
      clientId: client.id,
      budgetType: 'time',
      budgetLimit: '100',
      hourlyRate: '120',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const entry = await db
    .insertInto('timeEntries')
    .values({
      workspaceId: ws.id,
      projectId: project.id,
      userId: options.ownerUserId,
      hours: '2',
      rate: '120',
      date: '2026-11-24',
      description: `${name} Work`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = await db
    .insertInto('tasks')
    .values({
      workspaceId: ws.id,
      projectId: project.id,
      title: `${name} Task`,
      description: `${name} Task description`,
      assignedUserId: options.ownerUserId,
      createdBy: options.ownerUserId,
      estimateHours: '4',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const taskStatus = await db
    .insertInto('taskStatuses')
    .values({ workspaceId: ws.id, key: 'matrix_status', label: `${name} Status`, sortOrder: 3 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rate = await db
    .insertInto('rates')
    .values({
      workspaceId: ws.id,
      userId: options.collaboratorUserId,
      projectId: project.id,
      billableRate: '150',
      costRate: '60',
      effectiveFrom: '2026-01-01',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The collaborator's week of 2026-11-23, submitted and awaiting approval, and the week
  // before, approved (locked).
  await db
    .insertInto('timesheets')
    .values([
      {
        workspaceId: ws.id,
        userId: options.collaboratorUserId,
        weekStart: '2026-11-23',
        status: 'submitted',
        submittedAt: new Date('2026-11-27T12:00:00Z'),
      },
      {
        workspaceId: ws.id,
        userId: options.collaboratorUserId,
        weekStart: '2026-11-16',
        status: 'approved',
        submittedAt: new Date('2026-11-20T12:00:00Z'),
        reviewedBy: options.ownerUserId,
        reviewedAt: new Date('2026-11-21T12:00:00Z'),
      },
    ])
    .execute();
  const invoice = await db
    .insertInto('invoices')
    .values({
      workspaceId: ws.id,
      clientId: client.id,
      invoiceNumber: `${marker}-INV`,
      amount: '10',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const estimate = await db
    .insertInto('estimates')
    .values({ workspaceId: ws.id, clientId: client.id, amount: '10', subtotal: '10' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('estimateLines')
    .values({
      workspaceId: ws.id,
      estimateId: estimate.id,
      position: 1,
      description: `${name} Estimate line`,
      quantity: '1',
      unitPrice: '10',
      amount: '10',
    })
    .execute();
  const recurring = await db
    .insertInto('recurringInvoices')
    .values({
      workspaceId: ws.id,
      clientId: client.id,
      currency: 'USD',
      notes: `${name} Recurring notes`,
      subtotal: '10',
      total: '10',
      frequency: 'monthly',
      startDate: '2099-01-01',
      nextPeriodStart: '2099-01-01',
      createdBy: options.ownerUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('recurringInvoiceLines')
    .values({
      workspaceId: ws.id,
      recurringInvoiceId: recurring.id,
      position: 1,
      description: `${name} Recurring line`,
      quantity: '1',
      unitPrice: '10',
    })
    .execute();
  const proposal = await db
    .insertInto('proposals')
    .values({
      workspaceId: ws.id,
      title: `${name} Proposal`,
      clientName: `${name} Prospect`,
      description: `${name} Scope`,
      amount: '1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const invitationToken = `${marker}${randomBytes(16).toString('base64url')}`;
  const invitation = await db
    .insertInto('invitationTokens')
    .values({
      workspaceId: ws.id,
      token: invitationToken,
      email: `${marker}-invitee@example.com`,
      fullName: `${name} Invitee`,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const logoKey = `${marker}logo${randomBytes(6).toString('hex')}`;
  const photoKey = `${marker}photo${randomBytes(6).toString('hex')}`;
  const fileData = tinyPng(name);
  await db
    .insertInto('files')
    .values([
      {
        key: logoKey,
        ownerUserId: options.ownerUserId,
        workspaceId: ws.id,
        purpose: 'workspace_logo',
        contentType: 'image/png',
        data: fileData,
        size: fileData.length,
      },
      {
        key: photoKey,
        ownerUserId: options.ownerUserId,
        purpose: 'profile_photo',
        contentType: 'image/png',
        data: fileData,
        size: fileData.length,
      },
    ])
    .execute();
  await db
    .updateTable('workspaces')
    .set({ logoUrl: `/api/files/${logoKey}` })
    .where('id', '=', ws.id)
    .execute();
  const expenseCategory = await db
    .insertInto('expenseCategories')
    .values({ workspaceId: ws.id, name: `${name} Category` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const service = await db
    .insertInto('services')
    .values({
      workspaceId: ws.id,
      name: `${name} Service`,
      description: `${marker} service description`,
      unit: 'hour',
      unitPrice: '95',
      currency: 'EUR',
      taxRate: '20',
      category: `${marker} Category`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const receiptKey = `${marker}receipt${randomBytes(6).toString('hex')}`;
  const receipt = await db
    .insertInto('files')
    .values({
      key: receiptKey,
      ownerUserId: options.ownerUserId,
      workspaceId: ws.id,
      purpose: 'expense_receipt',
      contentType: 'image/png',
      data: fileData,
      size: fileData.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const expense = await db
    .insertInto('expenses')
    .values({
      workspaceId: ws.id,
      date: '2026-11-24',
      amount: '25',
      currency: 'USD',
      vendor: `${name} Vendor`,
      notes: `${name} Expense notes`,
      clientId: client.id,
      projectId: project.id,
      billable: true,
      receiptFileId: receipt.id,
      createdBy: options.ownerUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { rows: failedJobs } = await sql<{ id: string }>`
    insert into pgboss.job (name, data, state, retry_count, output, completed_on)
    values ('housekeeping', '{}', 'failed', 3, '{"message": "disk full"}', now())
    returning id`.execute(db);
  const notification = await db
    .insertInto('notifications')
    .values({
      workspaceId: ws.id,
      userId: options.ownerUserId,
      kind: 'task_assigned',
      category: 'mention',
      title: `${name} notification`,
      link: '/tasks',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contractTemplate = await db
    .insertInto('contractTemplates')
    .values({ workspaceId: ws.id, name: `${name} Template`, body: 'For {{client.name}}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contract = await db
    .insertInto('contracts')
    .values({
      workspaceId: ws.id,
      clientId: client.id,
      title: `${name} Contract`,
      body: `${name} Terms`,
      currency: 'USD',
      templateId: contractTemplate.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const party = {
    name: `${name} Party`,
    contactName: null,
    address: null,
    taxId: null,
    email: null,
  };
  // Credit notes are of issued invoices, which are never deleted: one of its own.
  const credited = await db
    .insertInto('invoices')
    .values({
      workspaceId: ws.id,
      clientId: client.id,
      invoiceNumber: `${marker}-INV-CREDITED`,
      amount: '10',
      status: 'sent',
      issueDate: '2026-11-24',
      creditedTotal: '1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const creditNote = await db
    .insertInto('creditNotes')
    .values({
      workspaceId: ws.id,
      invoiceId: credited.id,
      clientId: client.id,
      creditNoteNumber: `${marker}-CN`,
      issueDate: '2026-11-24',
      currency: 'USD',
      reason: `${name} Credit reason`,
      mode: 'amount',
      seller: JSON.stringify(party),
      buyer: JSON.stringify(party),
      subtotal: '1',
      taxTotal: '0',
      total: '1',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bankAccount = await db
    .insertInto('bankAccounts')
    .values({
      workspaceId: ws.id,
      name: `${marker} Bank`,
      currency: 'EUR',
      identifier: 'DE89370400440532013000',
      openingBalance: '100',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bankTransaction = await db
    .insertInto('bankTransactions')
    .values({
      workspaceId: ws.id,
      accountId: bankAccount.id,
      bookingDate: '2026-11-20',
      amount: '12.50',
      currency: 'EUR',
      counterpartyName: `${marker} Payer`,
      remittance: `${name} Bank remittance`,
      dedupeKey: `fp:${marker}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const bankRule = await db
    .insertInto('bankRules')
    .values({
      workspaceId: ws.id,
      name: `${marker} rule`,
      conditions: JSON.stringify({ field: 'any', contains: `${marker} nothing` }),
      action: JSON.stringify({ type: 'ignore' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const formSlug = `form-${marker.toLowerCase().replace(/[^a-z0-9]/g, '')}`.slice(0, 60);
  const form = await db
    .insertInto('forms')
    .values({
      workspaceId: ws.id,
      name: `${marker} form`,
      slug: formSlug,
      published: true,
      fields: JSON.stringify([
        { key: 'email', type: 'email', label: 'Email', required: true, mapTo: 'contact.email' },
      ]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('formSubmissions')
    .values({
      workspaceId: ws.id,
      formId: form.id,
      answers: JSON.stringify({ email: `${marker}@form.example` }),
      personId: person.id,
    })
    .execute();
  const bookingType = await db
    .insertInto('bookingTypes')
    .values({
      workspaceId: ws.id,
      ownerId: options.ownerUserId,
      name: `${name} Call`,
      slug: `call-${marker}`,
      durationMinutes: 30,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const booking = await db
    .insertInto('bookings')
    .values({
      workspaceId: ws.id,
      typeId: bookingType.id,
      ownerId: options.ownerUserId,
      title: `${name} Call`,
      startAt: new Date('2027-03-01T10:00:00Z'),
      endAt: new Date('2027-03-01T10:30:00Z'),
      visitorName: `${name} Visitor`,
      visitorEmail: `${marker}-visitor@example.com`,
      visitorTimezone: 'UTC',
      uid: `${marker}@keel`,
      manageTokenHash: `hash-${marker}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    formId: form.id,
    formPublicSlug: `${ws.id}-${formSlug}`,
    bookingTypeId: bookingType.id,
    bookingId: booking.id,
    bankAccountId: bankAccount.id,
    bankTransactionId: bankTransaction.id,
    bankRuleId: bankRule.id,
    creditNoteId: creditNote.id,
    notificationId: notification.id,
    contractTemplateId: contractTemplate.id,
    contractId: contract.id,
    failedJobId: failedJobs[0]!.id,
    workspaceId: ws.id,
    workspaceName: name,
    marker,
    invitationId: invitation.id,
    invitationToken,
    clientId: client.id,
    projectId: project.id,
    timeEntryId: entry.id,
    rateId: rate.id,
    taskId: task.id,
    taskStatusId: taskStatus.id,
    invoiceId: invoice.id,
    estimateId: estimate.id,
    recurringInvoiceId: recurring.id,
    proposalId: proposal.id,
    personId: person.id,
    organizationId: org.id,
    tagId: tag.id,
    ownerUserId: options.ownerUserId,
    collaboratorUserId: options.collaboratorUserId,
    leadId: lead.id,
    stageId: stages.find((s) => s.key === customStageKey)!.id,
    stageKey: customStageKey,
    stageIds: stages.map((s) => s.id),
    logoKey,
    photoKey,
    expenseCategoryId: expenseCategory.id,
    serviceId: service.id,
    expenseId: expense.id,
    receiptKey,
  };
}
