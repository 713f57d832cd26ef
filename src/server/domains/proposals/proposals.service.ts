import { TRPCError } from '@trpc/server';
import { addDays, format, parseISO } from 'date-fns';
import { minorDigits } from '../../../shared/currencies.ts';
import { todayIn } from '../../../shared/datetime.ts';
import { fromMinor, toMinor } from '../../../shared/invoice-math.ts';
import {
  isDecidedProposal,
  PROPOSAL_TRANSITIONS,
  type FollowUpsResult,
  type ProposalFollowUps,
  type ProposalStatus,
} from '../../../shared/proposals.schema.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { draftContractForProposal } from '../contracts/contracts.service.ts';
import { decideProposal, type DecisionInput } from '../estimates/acceptance.service.ts';
import { insertDraftInvoice } from '../estimates/estimates.service.ts';
import { findLead } from '../pipeline/pipeline.repository.ts';
import { insertProject } from '../projects/projects.repository.ts';
import * as repo from './proposals.repository.ts';

const NOT_FOUND = 'Proposal not found';
const notFound = (message = NOT_FOUND) => new TRPCError({ code: 'NOT_FOUND', message });
const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** The client and the deal a proposal names must be of the workspace (404 otherwise). */
async function checkLinks(db: Database, workspaceId: number, values: repo.ProposalValues) {
  if (values.clientId != null && !(await findClient(db, workspaceId, values.clientId)))
    throw notFound('Client not found');
  if (values.dealId != null && !(await findLead(db, workspaceId, values.dealId)))
    throw notFound('Deal not found');
}

export async function createProposal(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: Parameters<typeof repo.insertProposal>[2],
) {
  await checkLinks(db, workspaceId, values);
  return repo.insertProposal(db, workspaceId, values);
}

/**
 * A decided proposal is read-only, as a sent estimate is: its acceptance record keeps the
 * SHA-256 of the proposal as decided, which an edit would no longer match.
 */
function refuseIfDecided(status: ProposalStatus) {
  if (isDecidedProposal(status))
    throw conflict(`This proposal was ${status}: it can no longer be changed or deleted`);
}

/**
 * Edits any field of an undecided proposal; a status change must be one of the moves of
 * SPEC §4 that record nothing (sent, viewed; 409 otherwise). Accepting and declining go
 * through acceptProposal / declineProposal, which keep the acceptance record.
 */
export async function updateProposal(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: repo.ProposalValues,
) {
  return db.transaction().execute(async (trx) => {
    // Locked: a decision recorded meanwhile (decideProposal locks the row too) is seen here.
    const status = await repo.lockProposalStatus(trx, workspaceId, id);
    if (!status) throw notFound();
    refuseIfDecided(status);
    await checkLinks(trx, workspaceId, values);
    const to = values.status;
    if (to !== undefined && to !== status && !PROPOSAL_TRANSITIONS[status].some((t) => t.to === to))
      throw conflict(`A ${status} proposal cannot be marked ${to}`);
    return (await repo.updateProposal(trx, workspaceId, id, values))!;
  });
}

export async function deleteProposal(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  await db.transaction().execute(async (trx) => {
    const status = await repo.lockProposalStatus(trx, workspaceId, id);
    if (!status) throw notFound();
    refuseIfDecided(status);
    await repo.deleteProposal(trx, workspaceId, id);
  });
  return { success: true as const };
}

/** percent (2 decimals) of an amount (2 decimals), rounded half-up to the currency. */
export function depositOf(amount: string, percent: string, digits: number): string {
  // amount × percent is in units of 10^-6 (2 + 2 decimals, and /100 for the percent).
  const product = toMinor(amount, 2) * toMinor(percent, 2);
  const scale = 10n ** BigInt(6 - digits);
  return fromMinor((product * 2n + scale) / (scale * 2n), digits);
}

/**
 * The follow-ups of an accepted proposal, as the user chose them, in the caller's
 * transaction: its deal moved to won, a project for its client (named after it, its amount
 * as budget), a draft deposit invoice of a percent of its amount. Answers what was made.
 */
async function applyFollowUps(
  trx: Database,
  workspaceId: number,
  id: number,
  choice: Omit<ProposalFollowUps, 'id'>,
  userId: number | null,
): Promise<FollowUpsResult> {
  const proposal = await repo.findProposal(trx, workspaceId, id);
  if (!proposal) throw notFound();
  const result: FollowUpsResult = {
    dealId: null,
    projectId: null,
    depositInvoiceId: null,
    contractId: null,
  };
  if (choice.moveDealToWon) {
    if (proposal.dealId === null) throw badRequest('This proposal is linked to no deal');
    await trx
      .updateTable('leads')
      .set({ stage: 'won', updatedAt: new Date() })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', proposal.dealId)
      .execute();
    result.dealId = proposal.dealId;
  }
  if (choice.createProject) {
    const profile = await findProfile(trx, workspaceId);
    result.projectId = await insertProject(trx, workspaceId, {
      name: proposal.title,
      description: proposal.description.slice(0, 5000),
      clientId: proposal.clientId,
      status: 'active',
      budgetType: 'budget',
      budgetLimit: proposal.amount,
      hourlyRate: profile.defaultHourlyRate,
    });
  }
  if (choice.depositPercent) {
    if (proposal.clientId === null)
      throw badRequest('Link the proposal to a client to draft a deposit invoice');
    const profile = await findProfile(trx, workspaceId);
    const client = (await findClient(trx, workspaceId, proposal.clientId))!;
    // A proposal's amount is in the workspace's currency (as the app shows it), so is its
    // deposit, whatever the client's usual currency.
    const currency = profile.currency;
    const digits = minorDigits(currency);
    const today = todayIn(profile.timezone);
    const terms = client.paymentTermsDays ?? profile.paymentTermsDays;
    result.depositInvoiceId = await insertDraftInvoice(trx, workspaceId, {
      clientId: proposal.clientId,
      currency,
      dueDate: format(addDays(parseISO(today), terms), 'yyyy-MM-dd'),
      discount: null,
      notes: null,
      lines: [
        {
          description: `Deposit (${Number(choice.depositPercent)} %) for “${proposal.title}”`,
          quantity: '1',
          unit: null,
          unitPrice: depositOf(proposal.amount, choice.depositPercent, digits),
          taxRate: '0',
        },
      ],
    });
  }
  if (choice.createContract) {
    result.contractId = await draftContractForProposal(
      trx,
      workspaceId,
      proposal,
      result.projectId ?? proposal.projectId,
      userId,
    );
  }
  await trx
    .updateTable('proposals')
    .set({
      followUpsAppliedAt: new Date(),
      ...(result.projectId !== null ? { projectId: result.projectId } : {}),
      ...(result.depositInvoiceId !== null ? { depositInvoiceId: result.depositInvoiceId } : {}),
      updatedAt: new Date(),
    })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
  return result;
}

/**
 * Records the client's acceptance in the app and applies the chosen follow-ups, all in one
 * transaction (a refused follow-up leaves the proposal as it was).
 */
export async function acceptProposal(
  { db, workspace, user }: WorkspaceScope,
  { id, name, ...choice }: ProposalFollowUps & { name: string },
  from: { ip: string | null; userAgent: string | null },
) {
  return db.transaction().execute(async (trx) => {
    const acceptance = await decideProposal(trx, workspace.id, id, {
      decision: 'accepted',
      name,
      via: 'app',
      userId: user.id,
      ...from,
    } satisfies DecisionInput);
    const followUps = await applyFollowUps(trx, workspace.id, id, choice, user.id);
    return { acceptance, followUps };
  });
}

export async function declineProposal(
  { db, workspace, user }: WorkspaceScope,
  input: { id: number; name: string; reason: string | null },
  from: { ip: string | null; userAgent: string | null },
) {
  return decideProposal(db, workspace.id, input.id, {
    decision: 'declined',
    name: input.name,
    reason: input.reason,
    via: 'app',
    userId: user.id,
    ...from,
  });
}

/**
 * The follow-ups of a proposal accepted in the portal (where the client chooses none),
 * applied once by the user. 409 when it is not accepted or they were applied.
 */
export async function applyProposalFollowUps(
  { db, workspace, user }: WorkspaceScope,
  { id, ...choice }: ProposalFollowUps,
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('proposals')
      .select(['status', 'followUpsAppliedAt'])
      .where('workspaceId', '=', workspace.id)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== 'accepted') throw conflict('Only an accepted proposal has follow-ups');
    if (row.followUpsAppliedAt !== null)
      throw conflict("This proposal's follow-ups have already been applied");
    return applyFollowUps(trx, workspace.id, id, choice, user.id);
  });
}
