import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { ClientDetail, ClientValues } from '../../../shared/clients.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { electronicAddressProblem } from '../../../shared/einvoice-fields.ts';
import { normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { findOrganizationName } from '../organizations/organizations.repository.ts';
import * as repo from './clients.repository.ts';

const NOT_FOUND = 'Client not found';

async function checkOrganization(db: Database, workspaceId: number, values: ClientValues) {
  if (
    values.organizationId != null &&
    (await findOrganizationName(db, workspaceId, values.organizationId)) === undefined
  ) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Organization not found' });
  }
}

/** An electronic address needs its scheme, and a scheme its address (on the merged client). */
function checkElectronicAddress(values: Parameters<typeof electronicAddressProblem>[0]) {
  const problem = electronicAddressProblem(values);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem.message });
}

export async function createClient(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  values: ClientValues & { name: string; email: string },
) {
  checkElectronicAddress(values);
  await checkOrganization(db, workspaceId, values);
  return repo.insertClient(db, workspaceId, values);
}

/** The client with its projects, proposals, unbilled time and balance due per currency. */
export async function getClient(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
): Promise<ClientDetail> {
  const client = await repo.findClient(db, workspaceId, id);
  if (!client) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  const { projects, unbilled, balances } = await repo.clientSummary(db, workspaceId, id);
  const names = [client.name, client.company].filter((n): n is string => !!n);
  const proposals = await db
    .selectFrom('proposals')
    .select(['id', 'title', 'status', 'amount'])
    .where('workspaceId', '=', workspaceId)
    .where(
      sql`lower(client_name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .orderBy('createdAt', 'desc')
    .limit(100)
    .execute();
  const organization =
    client.organizationId === null
      ? null
      : {
          id: client.organizationId,
          name: (await findOrganizationName(db, workspaceId, client.organizationId)) ?? '',
        };
  return {
    ...client,
    organization,
    projects,
    proposals,
    unbilled,
    balances: balances.map((b) => ({
      ...b,
      balance: normalizeAmount(b.balance, minorDigits(b.currency)),
    })),
  };
}

export async function updateClient(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  values: ClientValues,
) {
  const current = await repo.findClient(db, workspaceId, id);
  if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  checkElectronicAddress({ ...current, ...values });
  await checkOrganization(db, workspaceId, values);
  const client = await repo.updateClient(db, workspaceId, id, values);
  if (!client) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return client;
}

function inUse(projects: number, invoices: number): TRPCError {
  return new TRPCError({
    code: 'CONFLICT',
    message: `This client has ${projects} project(s) and ${invoices} invoice(s) and cannot be deleted.`,
  });
}

/** A client with projects or invoices stays: its history would lose its name. */
export async function deleteClient(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  if (!(await repo.findClient(db, workspaceId, id)))
    throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  const { projects, invoices } = await repo.countClientDependents(db, workspaceId, id);
  if (projects + invoices > 0) throw inUse(projects, invoices);
  await repo.deleteClient(db, workspaceId, id).catch(async (error: unknown) => {
    if (!isForeignKeyViolation(error)) throw error;
    const now = await repo.countClientDependents(db, workspaceId, id);
    if (now.projects + now.invoices > 0) throw inUse(now.projects, now.invoices);
    // Estimates and contracts keep their client too.
    throw new TRPCError({
      code: 'CONFLICT',
      message: 'This client has estimates or contracts and cannot be deleted.',
    });
  });
  return { success: true as const };
}
