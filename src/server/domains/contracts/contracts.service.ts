import { TRPCError } from '@trpc/server';
import {
  formatCalendarDate,
  formatDateTime,
  todayIn,
  workspaceClock,
} from '../../../shared/datetime.ts';
import {
  REVISABLE,
  VOIDABLE,
  type Contract,
  type ContractDetail,
  type ContractInput,
  type ContractParty,
  type ContractStatus,
  type ContractTemplateInput,
  type ContractUpdate,
  type PortalContract,
  type SignatureInput,
} from '../../../shared/contracts.schema.ts';
import { renderTemplateText } from '../../../shared/invoice-email.schema.ts';
import { amountDecimalsMessage, fitsCurrency, formatMoney } from '../../../shared/money.ts';
import { partyAddress } from '../../../shared/party-address.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile, findSeller } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { canonicalJson, sha256Hex } from '../estimates/acceptance.service.ts';
import * as emails from '../invoice-email/invoice-email.repository.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { contractAnswered } from '../notifications/notification-events.ts';
import { findLead } from '../pipeline/pipeline.repository.ts';
import { createEmailedPortalLink, type PortalTarget } from '../portal/portal-links.service.ts';
import { findProposal } from '../proposals/proposals.repository.ts';
import { appendEvent, auditTrail, type EventActor } from './contract-audit.ts';
import * as repo from './contracts.repository.ts';
import { assertKnownFields, fillMergeFields, type MergeValues } from './merge-fields.ts';
import { STARTER_TEMPLATES } from './starter-templates.ts';

/** The queue that delivers one outbox row (invoice-email.queue.ts); named here to avoid a cycle. */
const INVOICE_EMAIL_QUEUE = 'invoice-email';

const NOT_FOUND = 'Contract not found';
const TEMPLATE_NOT_FOUND = 'Contract template not found';
const notFound = (message = NOT_FOUND) => new TRPCError({ code: 'NOT_FOUND', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

export const SENT_IS_LOCKED =
  'This contract was sent: its content is locked. Revise it to make a new version';
export const NOT_SIGNABLE: Record<string, string> = {
  draft: 'This contract has not been sent',
  signed: 'This contract has already been signed',
  completed: 'This contract has already been signed',
  declined: 'This contract was declined',
  expired: 'This contract has expired: ask for a new one',
  void: 'This contract was voided',
};

/* ------------------------------------------------------------ templates */

export const listTemplates = ({ db, workspace }: WorkspaceScope) =>
  repo.listTemplates(db, workspace.id);

export async function getTemplate({ db, workspace }: WorkspaceScope, id: number) {
  const template = await repo.findTemplate(db, workspace.id, id);
  if (!template) throw notFound(TEMPLATE_NOT_FOUND);
  return template;
}

/** The starter templates of a new workspace (in its creating transaction). */
export async function insertStarterTemplates(db: Database, workspaceId: number) {
  await repo.insertTemplates(db, workspaceId, STARTER_TEMPLATES);
}

export async function createTemplate(
  { db, workspace }: WorkspaceScope,
  input: ContractTemplateInput,
) {
  assertKnownFields(input.body);
  return db.transaction().execute(async (trx) => {
    if (input.isDefault) await repo.clearDefaultTemplate(trx, workspace.id);
    const [created] = await repo.insertTemplates(trx, workspace.id, [
      { name: input.name, body: input.body, isDefault: input.isDefault ?? false },
    ]);
    return created!;
  });
}

export async function updateTemplate(
  { db, workspace }: WorkspaceScope,
  id: number,
  changes: Partial<ContractTemplateInput>,
) {
  if (changes.body !== undefined) assertKnownFields(changes.body);
  return db.transaction().execute(async (trx) => {
    if (!(await repo.findTemplate(trx, workspace.id, id))) throw notFound(TEMPLATE_NOT_FOUND);
    if (changes.isDefault) await repo.clearDefaultTemplate(trx, workspace.id);
    return (await repo.updateTemplate(trx, workspace.id, id, changes))!;
  });
}

/** Contracts made from it keep their body (filled when made): they only lose the link. */
export async function deleteTemplate({ db, workspace }: WorkspaceScope, id: number) {
  if (!(await repo.deleteTemplate(db, workspace.id, id))) throw notFound(TEMPLATE_NOT_FOUND);
  return { success: true as const };
}

/* ------------------------------------------------------------ merge values */

interface MergeFacts {
  clientId: number;
  projectId: number | null;
  title: string;
  fee: string | null;
  currency: string;
  startDate: string | null;
  endDate: string | null;
  expiresAt: string | null;
}

/** The values of the merge fields for a contract, as its client will read them. */
export async function mergeValues(
  db: Database,
  workspaceId: number,
  facts: MergeFacts,
): Promise<MergeValues> {
  const client = await findClient(db, workspaceId, facts.clientId);
  const { profile, seller } = await findSeller(db, workspaceId);
  const clock = workspaceClock(profile);
  const project =
    facts.projectId === null
      ? undefined
      : await db
          .selectFrom('projects')
          .select('name')
          .where('workspaceId', '=', workspaceId)
          .where('id', '=', facts.projectId)
          .executeTakeFirst();
  // Addresses: the typed one, else the structured (EN 16931) parts, as invoices print them;
  // on one line, as the templates name them inside a sentence ("Acme (1 Main St, Paris)").
  const oneLine = (address: string | null) => address?.split(/\s*\n\s*/).join(', ') ?? '';
  return {
    'client.name': client?.name ?? '',
    'client.company': client?.company ?? '',
    'client.address': oneLine(client ? partyAddress(client) : null),
    'client.email': client?.email ?? '',
    'business.name': seller.name,
    'business.address': oneLine(partyAddress(seller)),
    'business.email': seller.email ?? '',
    'project.name': project?.name ?? '',
    'contract.title': facts.title,
    'contract.fee': facts.fee === null ? '' : formatMoney(facts.fee, facts.currency),
    'contract.startDate': formatCalendarDate(facts.startDate, clock, 'long'),
    'contract.endDate': formatCalendarDate(facts.endDate, clock, 'long'),
    'contract.expiresAt': facts.expiresAt ? formatDateTime(facts.expiresAt, clock) : '',
    today: formatCalendarDate(todayIn(profile.timezone), clock, 'long'),
  };
}

/* ------------------------------------------------------------ contracts */

/** The rows a contract names must be of the workspace (404 otherwise). */
async function checkLinks(
  db: Database,
  workspaceId: number,
  values: Pick<ContractUpdate, 'clientId' | 'projectId' | 'proposalId' | 'dealId'> & {
    templateId?: number | null;
  },
) {
  if (values.clientId != null && !(await findClient(db, workspaceId, values.clientId)))
    throw notFound('Client not found');
  if (values.templateId != null && !(await repo.findTemplate(db, workspaceId, values.templateId)))
    throw notFound(TEMPLATE_NOT_FOUND);
  if (values.projectId != null) {
    const project = await db
      .selectFrom('projects')
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', values.projectId)
      .executeTakeFirst();
    if (!project) throw notFound('Project not found');
  }
  if (values.proposalId != null && !(await findProposal(db, workspaceId, values.proposalId)))
    throw notFound('Proposal not found');
  if (values.dealId != null && !(await findLead(db, workspaceId, values.dealId)))
    throw notFound('Deal not found');
}

function checkFee(fee: string | null | undefined, currency: string) {
  if (fee != null && !fitsCurrency(fee, currency))
    throw badRequest(amountDecimalsMessage(currency));
}

const memberActor = (scope: WorkspaceScope & { user: { fullName?: string } }, from: From) => ({
  userId: scope.user.id,
  name: scope.user.fullName ?? null,
  ...from,
});

/** Where a request came from: recorded on audit events and signatures. */
export interface From {
  ip: string | null;
  userAgent: string | null;
}

type MemberScope = WorkspaceScope & { user: { id: number; fullName?: string } };

async function contractOrThrow(db: Database, workspaceId: number, id: number) {
  const contract = await repo.findContract(db, workspaceId, id);
  if (!contract) throw notFound();
  return contract;
}

/**
 * Drafts a contract in the caller's transaction: the template's body (or the given one)
 * with its merge fields filled, and the `created` event. Answers its id.
 */
async function insertDraft(
  trx: Database,
  workspaceId: number,
  input: Omit<ContractInput, 'currency'> & { currency?: string },
  actor: EventActor,
  extra: { version?: number; previousId?: number; details?: Record<string, unknown> } = {},
) {
  await checkLinks(trx, workspaceId, input);
  const client = (await findClient(trx, workspaceId, input.clientId))!;
  const currency =
    input.currency ?? client.currency ?? (await findProfile(trx, workspaceId)).currency;
  checkFee(input.fee, currency);
  const template =
    input.templateId != null ? await repo.findTemplate(trx, workspaceId, input.templateId) : null;
  const facts = {
    clientId: input.clientId,
    projectId: input.projectId ?? null,
    title: input.title,
    fee: input.fee ?? null,
    currency,
    startDate: input.startDate ?? null,
    endDate: input.endDate ?? null,
    expiresAt: input.expiresAt ?? null,
  };
  const body = fillMergeFields(
    template?.body ?? input.body!,
    await mergeValues(trx, workspaceId, facts),
  );
  const id = await repo.insertContract(trx, workspaceId, {
    ...facts,
    body,
    templateId: template?.id ?? null,
    proposalId: input.proposalId ?? null,
    dealId: input.dealId ?? null,
    createdBy: actor.userId,
    version: extra.version ?? 1,
    previousId: extra.previousId ?? null,
  });
  await appendEvent(trx, workspaceId, id, 'created', actor, {
    version: extra.version ?? 1,
    ...(template ? { templateId: template.id } : {}),
    ...extra.details,
  });
  return id;
}

export async function createContract(
  scope: MemberScope,
  input: ContractInput,
  from: From,
): Promise<Contract> {
  const { db, workspace } = scope;
  const id = await db
    .transaction()
    .execute((trx) => insertDraft(trx, workspace.id, input, memberActor(scope, from)));
  return contractOrThrow(db, workspace.id, id);
}

/**
 * A contract drafted from the workspace's default template for an accepted proposal (its
 * client, project and amount), in the caller's transaction. Answers its id.
 */
export async function draftContractForProposal(
  trx: Database,
  workspaceId: number,
  proposal: {
    id: number;
    title: string;
    amount: string;
    clientId: number | null;
    dealId: number | null;
  },
  projectId: number | null,
  userId: number | null,
) {
  if (proposal.clientId === null)
    throw badRequest('Link the proposal to a client to draft a contract');
  const template = await repo.findDefaultTemplate(trx, workspaceId);
  if (!template) throw badRequest('This workspace has no contract template to draft from');
  const { currency } = await findProfile(trx, workspaceId);
  return insertDraft(
    trx,
    workspaceId,
    {
      clientId: proposal.clientId,
      title: proposal.title,
      templateId: template.id,
      projectId,
      proposalId: proposal.id,
      dealId: proposal.dealId,
      // A proposal's amount is in the workspace's currency.
      fee: proposal.amount,
      currency,
    },
    { userId, name: null, ip: null, userAgent: null },
    { details: { proposalId: proposal.id } },
  );
}

export async function getContract(
  { db, workspace }: WorkspaceScope,
  id: number,
): Promise<ContractDetail> {
  const contract = await contractOrThrow(db, workspace.id, id);
  return { ...contract, signatures: await repo.listSignatures(db, workspace.id, id) };
}

/** Locks the contract for a change of a draft: 404, or 409 once it was sent. */
async function lockDraft(trx: Database, workspaceId: number, id: number) {
  const row = await repo.lockContract(trx, workspaceId, id);
  if (!row) throw notFound();
  if (row.status !== 'draft') throw conflict(SENT_IS_LOCKED);
  return row;
}

/**
 * Edits a draft: the fields sent change; a body sent has its merge fields filled (with the
 * contract's values after this change). 409 once sent.
 */
export async function updateContract(
  { db, workspace }: WorkspaceScope,
  id: number,
  changes: Omit<ContractUpdate, 'id'>,
): Promise<Contract> {
  await db.transaction().execute(async (trx) => {
    await lockDraft(trx, workspace.id, id);
    await checkLinks(trx, workspace.id, changes);
    const current = (await repo.findContract(trx, workspace.id, id))!;
    const next = { ...current, ...changes };
    checkFee(next.fee, next.currency);
    if (next.startDate && next.endDate && next.startDate > next.endDate)
      throw badRequest('End date must be on or after the start date');
    const { body, ...rest } = changes;
    await repo.updateContract(trx, workspace.id, id, {
      ...rest,
      ...(body !== undefined
        ? { body: fillMergeFields(body, await mergeValues(trx, workspace.id, next)) }
        : {}),
    });
  });
  return contractOrThrow(db, workspace.id, id);
}

export async function deleteContract({ db, workspace }: WorkspaceScope, id: number) {
  await db.transaction().execute(async (trx) => {
    await lockDraft(trx, workspace.id, id);
    await repo.deleteContract(trx, workspace.id, id);
  });
  return { success: true as const };
}

/**
 * What the client signs, whose SHA-256 is recorded when it is sent: title, body, fee,
 * currency, dates, both parties. Its canonical JSON (keys sorted) is what is hashed.
 */
export function contractDocument(
  c: Pick<
    Contract,
    'id' | 'version' | 'title' | 'body' | 'fee' | 'currency' | 'startDate' | 'endDate' | 'expiresAt'
  >,
  business: ContractParty,
  client: ContractParty,
) {
  return {
    type: 'contract',
    id: c.id,
    version: c.version,
    title: c.title,
    body: c.body,
    fee: c.fee,
    currency: c.currency,
    startDate: c.startDate,
    endDate: c.endDate,
    expiresAt: c.expiresAt,
    business,
    client,
  };
}

export const contractSha256 = (document: ReturnType<typeof contractDocument>) =>
  sha256Hex(canonicalJson(document));

interface SendScope extends MemberScope {
  config: Pick<Config, 'appUrl' | 'portalLinkDays'>;
  mailer: Pick<Mailer, 'delivers'>;
  jobs: Jobs;
}

/**
 * Sends a draft: freezes both parties, records the SHA-256 of the canonical content, makes
 * a portal link for the client (PORTAL_LINK_DAYS) and, when the client has an email and
 * the server sends mail, queues an email with the link through the invoices' outbox; else
 * the link is answered to pass on by hand. 409 when it was sent already.
 */
export async function sendContract(
  scope: SendScope,
  input: { id: number; message?: string },
  from: From,
) {
  const { db, workspace } = scope;
  const result = await db.transaction().execute(async (trx) => {
    await lockDraft(trx, workspace.id, input.id);
    const contract = (await repo.findContract(trx, workspace.id, input.id))!;
    if (contract.expiresAt !== null && new Date(contract.expiresAt) <= new Date())
      throw badRequest('The signing deadline is past: change it before sending');
    const client = (await findClient(trx, workspace.id, contract.clientId))!;
    const { seller } = await findSeller(trx, workspace.id);
    const business: ContractParty = {
      name: seller.name,
      address: partyAddress(seller),
      email: seller.email,
    };
    const email = client.email.trim();
    const clientParty: ContractParty = {
      name: client.name,
      address: partyAddress(client),
      email: email || null,
    };
    const sha = contractSha256(contractDocument(contract, business, clientParty));
    await repo.moveContract(trx, workspace.id, input.id, {
      from: ['draft'],
      to: 'sent',
      values: {
        contentSha256: sha,
        businessParty: JSON.stringify(business),
        clientParty: JSON.stringify(clientParty),
        sentAt: new Date(),
      },
    });
    const link = await createEmailedPortalLink(
      trx,
      scope.config,
      workspace.id,
      contract.clientId,
      scope.user.id,
    );
    const to = email.includes('@') ? email : null;
    const emailed = to !== null && scope.mailer.delivers;
    if (emailed) {
      const templates = await emails.findSettings(trx, workspace.id);
      const values = {
        title: contract.title,
        fingerprint: sha,
        message: input.message ?? '',
        clientName: client.company || client.name,
        businessName: business.name,
      };
      const emailId = (await emails.insertEmail(trx, workspace.id, {
        invoiceId: null,
        contractId: contract.id,
        kind: 'contract',
        reminderKey: null,
        to,
        // The workspace's template, filled now except {portalLink}: a fresh link is made
        // when the email goes out, so no live link sits in the outbox.
        subject: renderTemplateText(templates.contractSubject, values),
        body: renderTemplateText(templates.contractBody, values),
        createdBy: scope.user.id,
        actor: 'user',
      }))!;
      await scope.jobs.send(
        INVOICE_EMAIL_QUEUE,
        { emailId, workspaceId: workspace.id },
        { db: trx },
      );
    }
    await appendEvent(trx, workspace.id, input.id, 'sent', memberActor(scope, from), {
      contentSha256: sha,
      emailedTo: emailed ? to : null,
    });
    return { portalLink: link.url, emailed, to };
  });
  return {
    contract: await contractOrThrow(db, workspace.id, input.id),
    ...result,
    message: result.emailed
      ? `The contract is on its way to ${result.to}`
      : result.to === null
        ? 'This client has no email: copy the portal link to send it yourself.'
        : 'Email is not configured on this server: copy the portal link to send it yourself.',
  };
}

/**
 * A new version of a sent contract: a draft with the old content and the changes sent
 * (version + 1, `previousId` the old one), and the old one void, with its signatures. One
 * new version per contract (409 for a second, a draft, a void or a completed contract).
 */
export async function reviseContract(
  scope: MemberScope,
  input: ContractUpdate,
  from: From,
): Promise<Contract> {
  const { db, workspace } = scope;
  const { id, ...changes } = input;
  const newId = await db
    .transaction()
    .execute(async (trx) => {
      const row = await repo.lockContract(trx, workspace.id, id);
      if (!row) throw notFound();
      const old = (await repo.findContract(trx, workspace.id, id))!;
      if (old.status === 'draft') throw conflict('A draft is changed directly: edit it instead');
      if (!REVISABLE.includes(old.status))
        throw conflict(`A ${old.status} contract cannot be revised: draft a new contract`);
      const actor = memberActor(scope, from);
      const version = old.version + 1;
      const merged = {
        clientId: changes.clientId ?? old.clientId,
        title: changes.title ?? old.title,
        projectId: changes.projectId !== undefined ? changes.projectId : old.projectId,
        proposalId: changes.proposalId !== undefined ? changes.proposalId : old.proposalId,
        dealId: changes.dealId !== undefined ? changes.dealId : old.dealId,
        fee: changes.fee !== undefined ? changes.fee : old.fee,
        currency: changes.currency ?? old.currency,
        startDate: changes.startDate !== undefined ? changes.startDate : old.startDate,
        endDate: changes.endDate !== undefined ? changes.endDate : old.endDate,
        expiresAt: changes.expiresAt !== undefined ? changes.expiresAt : old.expiresAt,
        // The old body is filled already; its escaped values hold no field.
        body: changes.body ?? old.body,
      };
      const created = await insertDraft(trx, workspace.id, merged, actor, {
        version,
        previousId: id,
        details: { revises: id },
      });
      await repo.moveContract(trx, workspace.id, id, {
        from: REVISABLE,
        to: 'void',
        values: { voidedAt: new Date(), voidReason: `Replaced by version ${version}` },
      });
      await appendEvent(trx, workspace.id, id, 'revised', actor, {
        newContractId: created,
        version,
      });
      return created;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw conflict('This contract was already revised');
      throw error;
    });
  return contractOrThrow(db, workspace.id, newId);
}

/** Voids a sent contract (not a completed or void one), with the reason. */
export async function voidContract(
  scope: MemberScope,
  input: { id: number; reason: string },
  from: From,
): Promise<Contract> {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockContract(trx, workspace.id, input.id);
    if (!row) throw notFound();
    if (row.status === 'draft') throw conflict('A draft is deleted, not voided');
    if (row.status === 'void') throw conflict('This contract is already void');
    if (row.status === 'completed')
      throw conflict('A completed contract cannot be voided: both parties signed it');
    if (!VOIDABLE.includes(row.status as ContractStatus))
      throw conflict('This contract cannot be voided');
    await repo.moveContract(trx, workspace.id, input.id, {
      from: [row.status],
      to: 'void',
      values: { voidedAt: new Date(), voidReason: input.reason },
    });
    await appendEvent(trx, workspace.id, input.id, 'voided', memberActor(scope, from), {
      reason: input.reason,
    });
  });
  return contractOrThrow(db, workspace.id, input.id);
}

function signatureValues(signature: SignatureInput) {
  return typeof signature === 'string'
    ? { kind: 'drawn' as const, image: signature, typed: null }
    : { kind: 'typed' as const, image: null, typed: signature.typed };
}

/** The event details of a signature: its kind and a SHA-256 of what was drawn or typed. */
const signatureDetails = (name: string, signature: SignatureInput) => {
  const values = signatureValues(signature);
  return {
    name,
    signature: values.kind,
    signatureSha256: sha256Hex(values.image ?? values.typed!),
  };
};

/** The business countersigns a contract the client signed: completed. */
export async function countersignContract(
  scope: MemberScope,
  input: { id: number; name: string; signature: SignatureInput },
  from: From,
): Promise<ContractDetail> {
  const { db, workspace } = scope;
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockContract(trx, workspace.id, input.id);
    if (!row) throw notFound();
    const status = repo.effectiveStatus(row.status, row.expiresAt);
    if (status === 'completed') throw conflict('This contract has already been countersigned');
    if (status !== 'signed')
      throw conflict(
        status === 'sent' || status === 'viewed' || status === 'draft'
          ? 'The client must sign this contract first'
          : NOT_SIGNABLE[status]!,
      );
    const signedAt = new Date();
    const moved = await repo.moveContract(trx, workspace.id, input.id, {
      from: ['signed'],
      to: 'completed',
      values: { completedAt: signedAt },
    });
    if (!moved) throw conflict('This contract has already been countersigned');
    await insertSignatureOnce(trx, workspace.id, {
      contractId: input.id,
      party: 'business',
      name: input.name,
      ...signatureValues(input.signature),
      userId: scope.user.id,
      ...from,
      signedAt,
    });
    await appendEvent(
      trx,
      workspace.id,
      input.id,
      'countersigned',
      memberActor(scope, from),
      signatureDetails(input.name, input.signature),
    );
  });
  return getContract(scope, input.id);
}

async function insertSignatureOnce(
  trx: Database,
  workspaceId: number,
  values: Parameters<typeof repo.insertSignature>[2],
) {
  try {
    await repo.insertSignature(trx, workspaceId, values);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This contract has already been signed');
    throw error;
  }
}

export async function contractAudit({ db, workspace }: WorkspaceScope, id: number) {
  await contractOrThrow(db, workspace.id, id);
  return auditTrail(db, workspace.id, id);
}

/* ------------------------------------------------------------ portal */

const portalNotFound = () => notFound();

/** Locks a contract the portal's client may see (not a draft, its own): 404 otherwise. */
async function lockPortalContract(trx: Database, target: PortalTarget, id: number) {
  const row = await repo.lockContract(trx, target.workspaceId, id);
  if (!row || row.clientId !== target.clientId || row.status === 'draft') throw portalNotFound();
  return row;
}

function portalContractOf(c: ContractDetail): PortalContract {
  return {
    id: c.id,
    title: c.title,
    body: c.body,
    status: c.status,
    version: c.version,
    fee: c.fee,
    currency: c.currency,
    startDate: c.startDate,
    endDate: c.endDate,
    expiresAt: c.expiresAt,
    sentAt: c.sentAt,
    contentSha256: c.contentSha256,
    businessParty: c.businessParty,
    clientParty: c.clientParty,
    signable: c.status === 'sent' || c.status === 'viewed',
    signatures: c.signatures.map((s) => ({
      party: s.party,
      name: s.name,
      kind: s.kind,
      signedAt: s.signedAt,
    })),
  };
}

async function portalDetail(db: Database, target: PortalTarget, id: number) {
  const contract = (await repo.findContract(db, target.workspaceId, id))!;
  return portalContractOf({
    ...contract,
    signatures: await repo.listSignatures(db, target.workspaceId, id),
  });
}

const portalActor = (from: From, name: string | null = null): EventActor => ({
  userId: null,
  name,
  ...from,
  portal: true,
});

/** The contract in the portal; its first opening moves it from sent to viewed (audited). */
export async function portalContract(
  db: Database,
  jobs: Jobs,
  target: PortalTarget,
  id: number,
  from: From,
) {
  await db.transaction().execute(async (trx) => {
    const row = await lockPortalContract(trx, target, id);
    if (row.status !== 'sent') return;
    const moved = await repo.moveContract(trx, target.workspaceId, id, {
      from: ['sent'],
      to: 'viewed',
      signable: true,
      values: { viewedAt: new Date() },
    });
    if (!moved) return;
    await appendEvent(trx, target.workspaceId, id, 'viewed', portalActor(from));
    await contractAnswered(trx, jobs, {
      workspaceId: target.workspaceId,
      contractId: id,
      what: 'viewed',
    });
  });
  return portalDetail(db, target, id);
}

/** Why a contract the portal holds locked cannot be signed or declined now, if it cannot. */
function refusal(row: { status: string; expiresAt: Date | null }) {
  const status = repo.effectiveStatus(row.status, row.expiresAt);
  return status === 'sent' || status === 'viewed' ? null : NOT_SIGNABLE[status]!;
}

/**
 * The client signs in the portal: one signature, while sent or viewed and not expired.
 * The conditional move (and the unique signature per party) records exactly one of two
 * signs at once; the other answers 409.
 */
export async function portalSign(
  db: Database,
  jobs: Jobs,
  target: PortalTarget,
  input: { id: number; name: string; signature: SignatureInput },
  from: From,
) {
  await db.transaction().execute(async (trx) => {
    const row = await lockPortalContract(trx, target, input.id);
    const refused = refusal(row);
    if (refused) throw conflict(refused);
    const signedAt = new Date();
    const moved = await repo.moveContract(trx, target.workspaceId, input.id, {
      from: ['sent', 'viewed'],
      to: 'signed',
      signable: true,
      values: { signedAt },
    });
    if (!moved) throw conflict(NOT_SIGNABLE.signed!);
    await insertSignatureOnce(trx, target.workspaceId, {
      contractId: input.id,
      party: 'client',
      name: input.name,
      ...signatureValues(input.signature),
      userId: null,
      ...from,
      signedAt,
    });
    await appendEvent(
      trx,
      target.workspaceId,
      input.id,
      'signed',
      portalActor(from, input.name),
      signatureDetails(input.name, input.signature),
    );
    await contractAnswered(trx, jobs, {
      workspaceId: target.workspaceId,
      contractId: input.id,
      what: 'signed',
      signer: input.name,
    });
  });
  return portalDetail(db, target, input.id);
}

/** The client declines in the portal, with a reason: while it could still sign. */
export async function portalDecline(
  db: Database,
  jobs: Jobs,
  target: PortalTarget,
  input: { id: number; reason: string },
  from: From,
) {
  await db.transaction().execute(async (trx) => {
    const row = await lockPortalContract(trx, target, input.id);
    const refused = refusal(row);
    if (refused) throw conflict(refused);
    const moved = await repo.moveContract(trx, target.workspaceId, input.id, {
      from: ['sent', 'viewed'],
      to: 'declined',
      signable: true,
      values: { declinedAt: new Date(), declineReason: input.reason },
    });
    if (!moved) throw conflict('This contract can no longer be declined');
    await appendEvent(trx, target.workspaceId, input.id, 'declined', portalActor(from), {
      reason: input.reason,
    });
    await contractAnswered(trx, jobs, {
      workspaceId: target.workspaceId,
      contractId: input.id,
      what: 'declined',
    });
  });
  return portalDetail(db, target, input.id);
}

/** The portal overview's contracts: every one sent to the client. */
export async function portalContracts(db: Database, target: PortalTarget) {
  const contracts = await repo.listClientContracts(db, target.workspaceId, target.clientId);
  return contracts.map((c) => {
    const p = portalContractOf({ ...c, signatures: [] });
    return {
      id: p.id,
      title: p.title,
      status: p.status,
      version: p.version,
      fee: p.fee,
      currency: p.currency,
      sentAt: p.sentAt,
      expiresAt: p.expiresAt,
      signable: p.signable,
    };
  });
}
