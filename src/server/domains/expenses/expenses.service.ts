import { TRPCError } from '@trpc/server';
import type {
  ExpenseInput,
  ExpenseUpdate,
  ExpenseValues,
} from '../../../shared/expenses.schema.ts';
import { amountDecimalsMessage, fitsCurrency } from '../../../shared/money.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import type { Database } from '../../db/create-db.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findProfile } from '../business/business.repository.ts';
import { findClient } from '../clients/clients.repository.ts';
import { insertReceipt } from '../files/files.service.ts';
import { findProject } from '../projects/projects.repository.ts';
import * as repo from './expenses.repository.ts';

export const NOT_FOUND = 'Expense not found';
const CATEGORY_NOT_FOUND = 'Expense category not found';
const NAME_TAKEN = 'A category with this name already exists';

const notFound = (message = NOT_FOUND) => new TRPCError({ code: 'NOT_FOUND', message });
const billed = () =>
  new TRPCError({
    code: 'CONFLICT',
    message:
      'This expense has been invoiced and cannot be changed; remove it from the invoice first',
  });

/** Who may change anyone's expenses and the categories; others change their own. */
export const EXPENSE_MANAGERS: WorkspaceRole[] = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
];

// Categories

export async function createCategory(scope: WorkspaceScope, name: string) {
  const { db, workspace } = scope;
  try {
    const id = await repo.insertCategory(db, workspace.id, name);
    return { id, name, expenseCount: 0 };
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: NAME_TAKEN });
    throw error;
  }
}

export async function renameCategory(scope: WorkspaceScope, id: number, name: string) {
  const { db, workspace } = scope;
  try {
    if (!(await repo.renameCategory(db, workspace.id, id, name)))
      throw notFound(CATEGORY_NOT_FOUND);
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: NAME_TAKEN });
    throw error;
  }
  const categories = await repo.listCategories(db, workspace.id);
  return categories.find((c) => c.id === id)!;
}

export async function deleteCategory(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  if (!(await repo.deleteCategory(db, workspace.id, id))) throw notFound(CATEGORY_NOT_FOUND);
  return { success: true as const };
}

// Expenses

/**
 * The category, project and client named must be of this workspace (404 otherwise, like
 * any foreign id); a project without a client gives the expense the project's client.
 */
async function resolveReferences(
  db: Database,
  workspaceId: number,
  values: { categoryId?: number | null; projectId?: number | null; clientId?: number | null },
): Promise<{ clientId?: number | null }> {
  if (values.categoryId != null && !(await repo.findCategory(db, workspaceId, values.categoryId)))
    throw notFound(CATEGORY_NOT_FOUND);
  if (values.clientId != null && !(await findClient(db, workspaceId, values.clientId)))
    throw notFound('Client not found');
  if (values.projectId != null) {
    const project = await findProject(db, workspaceId, values.projectId);
    if (!project) throw notFound('Project not found');
    if (values.clientId == null && project.clientId !== null) return { clientId: project.clientId };
  }
  return {};
}

function checkAmount(amount: string, currency: string) {
  if (!fitsCurrency(amount, currency))
    throw new TRPCError({ code: 'BAD_REQUEST', message: amountDecimalsMessage(currency) });
}

export async function createExpense(scope: WorkspaceScope, input: ExpenseInput) {
  const { db, workspace, user } = scope;
  const currency = input.currency ?? (await findProfile(db, workspace.id)).currency;
  checkAmount(input.amount, currency);
  const client = await resolveReferences(db, workspace.id, input);
  const id = await repo.insertExpense(db, workspace.id, {
    ...input,
    ...client,
    currency,
    // A markup means something only when the expense is billed.
    markupPercent: input.billable ? input.markupPercent : '0',
    createdBy: user.id,
  });
  return (await repo.findExpense(db, workspace.id, id))!;
}

/** The expense, if the caller may change it: their own, or anyone's for a manager. */
export async function editableExpense(scope: WorkspaceScope, id: number) {
  const expense = await repo.findExpense(scope.db, scope.workspace.id, id);
  if (!expense) throw notFound();
  if (expense.createdBy !== scope.user.id && !EXPENSE_MANAGERS.includes(scope.role)) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'You can only change your own expenses' });
  }
  return expense;
}

export async function updateExpense(
  scope: WorkspaceScope,
  { id, ...values }: Omit<ExpenseUpdate, 'id'> & { id: number },
) {
  const { db, workspace } = scope;
  const expense = await editableExpense(scope, id);
  if (expense.invoiceLineId !== null) throw billed();
  const changes = Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined),
  ) as ExpenseValues;
  checkAmount(changes.amount ?? expense.amount, changes.currency ?? expense.currency);
  const client = await resolveReferences(db, workspace.id, {
    categoryId: changes.categoryId,
    projectId: changes.projectId,
    // A project chosen now takes its client unless the expense names one.
    clientId: changes.clientId !== undefined ? changes.clientId : expense.clientId,
  });
  const billable = changes.billable ?? expense.billable;
  const updated = await repo
    .updateExpense(db, workspace.id, id, {
      ...changes,
      ...(changes.clientId === undefined ? client : {}),
      ...(billable ? {} : { markupPercent: '0' }),
    })
    .catch((error: unknown) => {
      // Renaming the vendor of an imported invoice onto another import of the same number.
      if (isUniqueViolation(error))
        throw new TRPCError({
          code: 'CONFLICT',
          message: `Another expense holds invoice ${expense.supplierInvoiceNumber ?? ''} of this vendor`,
        });
      throw error;
    });
  if (!updated) throw billed();
  return (await repo.findExpense(db, workspace.id, id))!;
}

/** A draft (an imported e-invoice) reviewed: it counts in totals, reports and billing. */
export async function confirmExpense(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  await editableExpense(scope, id);
  if (!(await repo.confirmExpense(db, workspace.id, id))) throw notFound();
  return (await repo.findExpense(db, workspace.id, id))!;
}

export async function deleteExpense(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  const expense = await editableExpense(scope, id);
  if (expense.invoiceLineId !== null) throw billed();
  await db.transaction().execute(async (trx) => {
    const deleted = await repo.deleteExpense(trx, workspace.id, id);
    if (!deleted) throw billed();
    if (deleted.receiptFileId !== null)
      await repo.deleteReceiptFile(trx, workspace.id, deleted.receiptFileId);
  });
  return { success: true as const };
}

/**
 * Stores the receipt (an image or a PDF, its type already decided from its first bytes) as
 * a file of the workspace, counted against the uploader's quota, and points the expense at
 * it; the receipt it replaces is deleted in the same transaction.
 */
export async function attachReceipt(
  scope: WorkspaceScope,
  id: number,
  upload: { contentType: string; data: Buffer },
  quotas: { userBytes: number; workspaceBytes: number },
) {
  const { db, workspace, user } = scope;
  await editableExpense(scope, id);
  await db.transaction().execute(async (trx) => {
    const fileId = await insertReceipt(trx, quotas, {
      ownerUserId: user.id,
      workspaceId: workspace.id,
      ...upload,
    });
    const set = await repo.setReceipt(trx, workspace.id, id, fileId);
    if (!set) throw notFound();
    if (set.previousFileId !== null)
      await repo.deleteReceiptFile(trx, workspace.id, set.previousFileId);
  });
  return (await repo.findExpense(db, workspace.id, id))!;
}

export async function removeReceipt(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  await editableExpense(scope, id);
  await db.transaction().execute(async (trx) => {
    const set = await repo.setReceipt(trx, workspace.id, id, null);
    if (!set) throw notFound();
    if (set.previousFileId !== null)
      await repo.deleteReceiptFile(trx, workspace.id, set.previousFileId);
  });
  return (await repo.findExpense(db, workspace.id, id))!;
}
