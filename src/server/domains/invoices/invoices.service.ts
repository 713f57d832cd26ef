import { TRPCError } from '@trpc/server';
import { addDays, format } from 'date-fns';
import { INVOICE_TRANSITIONS } from '../../../shared/invoices.schema.ts';
import { MAX_AMOUNT } from '../../../shared/money.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { findClient } from '../clients/clients.repository.ts';
import { findProject } from '../projects/projects.repository.ts';
import * as repo from './invoices.repository.ts';

const NOT_FOUND = 'Invoice not found';
const NUMBER_TAKEN = 'An invoice with this number already exists';

export interface NewInvoice {
  clientId: number;
  projectId?: number | null;
  invoiceNumber?: string;
  amount: string;
  status: 'draft' | 'sent';
  dueDate?: string | null;
  timeEntryIds?: number[];
}

/**
 * Creates an invoice. With time entries, the amount is their cost and they are marked
 * billed in the same transaction, so no hour is ever invoiced twice. An empty number
 * becomes 'INV-' and a timestamp, unique in the workspace.
 */
export async function createInvoice(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  input: NewInvoice,
) {
  if (!(await findClient(db, workspaceId, input.clientId))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Client not found' });
  }
  const projectId = input.projectId ?? null;
  if (projectId !== null) {
    const project = await findProject(db, workspaceId, projectId);
    if (!project) throw new TRPCError({ code: 'NOT_FOUND', message: 'Project not found' });
    if (project.clientId !== input.clientId) {
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: "The project is not one of this client's projects",
      });
    }
  }
  const entryIds = [...new Set(input.timeEntryIds ?? [])];
  if (entryIds.length > 0 && projectId === null) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: 'Choose the project whose time is invoiced',
    });
  }
  // An id of no entry of this workspace is not found, like any other foreign id (issue 9).
  if (
    entryIds.length > 0 &&
    (await repo.countWorkspaceEntries(db, workspaceId, entryIds)) < entryIds.length
  ) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Time entry not found' });
  }
  const explicitNumber = input.invoiceNumber?.trim();
  const dueDate =
    input.dueDate === undefined ? format(addDays(new Date(), 30), 'yyyy-MM-dd') : input.dueDate;

  for (let attempt = 0; ; attempt++) {
    const invoiceNumber = explicitNumber || `INV-${Date.now() + attempt}`;
    try {
      const id = await db.transaction().execute(async (trx) => {
        let amount = input.amount;
        if (entryIds.length > 0) {
          const entries = await repo.lockUnbilledEntries(trx, workspaceId, projectId!, entryIds);
          if (entries.length !== entryIds.length) {
            throw new TRPCError({
              code: 'CONFLICT',
              message:
                'Some of this time has already been invoiced or is not unbilled time of the project',
            });
          }
          // Each cost is already rounded to cents, so summing cents is exact.
          const cents = entries.reduce((sum, e) => sum + Math.round(Number(e.cost) * 100), 0);
          if (cents > MAX_AMOUNT * 100) {
            throw new TRPCError({
              code: 'BAD_REQUEST',
              message: 'Amount must be at most 99,999,999.99',
            });
          }
          amount = (cents / 100).toFixed(2);
        }
        const invoiceId = await repo.insertInvoice(trx, workspaceId, {
          clientId: input.clientId,
          projectId,
          invoiceNumber,
          amount,
          status: input.status,
          dueDate,
        });
        if (entryIds.length > 0)
          await repo.markEntriesBilled(trx, workspaceId, invoiceId, entryIds);
        return invoiceId;
      });
      return (await repo.findInvoice(db, workspaceId, id))!;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (explicitNumber || attempt >= 5)
        throw new TRPCError({ code: 'CONFLICT', message: NUMBER_TAKEN });
    }
  }
}

/** Only the moves of SPEC §4 (and paying an overdue invoice); anything else is 409. */
export async function changeStatus(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
  to: 'sent' | 'viewed' | 'paid',
) {
  const invoice = await repo.findInvoice(db, workspaceId, id);
  if (!invoice) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  if (!INVOICE_TRANSITIONS[invoice.status].some((t) => t.to === to)) {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `A ${invoice.status} invoice cannot be marked ${to}`,
    });
  }
  await repo.setInvoiceStatus(db, workspaceId, id, to);
  return (await repo.findInvoice(db, workspaceId, id))!;
}

/** Drafts can be thrown away; their time becomes unbilled again. Sent invoices stay on record. */
export async function deleteInvoice(
  { db, workspace: { id: workspaceId } }: WorkspaceScope,
  id: number,
) {
  const invoice = await repo.findInvoice(db, workspaceId, id);
  if (!invoice) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  if (invoice.status !== 'draft') {
    throw new TRPCError({ code: 'CONFLICT', message: 'Only draft invoices can be deleted' });
  }
  await repo.deleteInvoice(db, workspaceId, id);
  return { success: true as const };
}
