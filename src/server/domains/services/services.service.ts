import { TRPCError } from '@trpc/server';
import { amountDecimalsMessage, fitsCurrency } from '../../../shared/money.ts';
import {
  SERVICE_NAME_TAKEN,
  type ServiceInput,
  type ServiceUpdate,
} from '../../../shared/services.schema.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import * as repo from './services.repository.ts';

export const SERVICE_NOT_FOUND = 'Service not found';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: SERVICE_NOT_FOUND });
const nameTaken = () => new TRPCError({ code: 'CONFLICT', message: SERVICE_NAME_TAKEN });

/** "This service is used on 2 documents; archive it instead". */
export const usedMessage = (documents: number) =>
  `This service is used on ${documents} ${documents === 1 ? 'document' : 'documents'}; archive it instead`;

function checkPrice(unitPrice: string, currency: string) {
  if (!fitsCurrency(unitPrice, currency))
    throw new TRPCError({ code: 'BAD_REQUEST', message: amountDecimalsMessage(currency) });
}

/** A name already held by an active service of the workspace is 409. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function readService(scope: WorkspaceScope, id: number) {
  const service = await repo.findService(scope.db, scope.workspace.id, id);
  if (!service) throw notFound();
  return service;
}

export async function createService(scope: WorkspaceScope, input: ServiceInput) {
  const { db, workspace } = scope;
  const currency = input.currency ?? (await findProfile(db, workspace.id)).currency;
  checkPrice(input.unitPrice, currency);
  const id = await uniqueName(() => repo.insertService(db, workspace.id, { ...input, currency }));
  return (await repo.findService(db, workspace.id, id))!;
}

export async function updateService(
  scope: WorkspaceScope,
  id: number,
  values: Omit<ServiceUpdate, 'id'>,
) {
  const { db, workspace } = scope;
  const service = await readService(scope, id);
  const changes = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as Omit<ServiceUpdate, 'id'>;
  checkPrice(changes.unitPrice ?? service.unitPrice, changes.currency ?? service.currency);
  // Lines copied from it keep their own description, price and tax rate.
  const updated = await uniqueName(() => repo.updateService(db, workspace.id, id, changes));
  if (!updated) throw notFound();
  return (await repo.findService(db, workspace.id, id))!;
}

/** A service some document line names is kept (409): archive it instead. */
export async function deleteService(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  const service = await readService(scope, id);
  if (service.usedOn > 0)
    throw new TRPCError({ code: 'CONFLICT', message: usedMessage(service.usedOn) });
  if (!(await repo.deleteUnusedService(db, workspace.id, id))) {
    const now = await repo.findService(db, workspace.id, id);
    if (!now) throw notFound();
    throw new TRPCError({ code: 'CONFLICT', message: usedMessage(Math.max(now.usedOn, 1)) });
  }
  return { success: true as const };
}
