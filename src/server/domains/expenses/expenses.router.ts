import { z } from 'zod';
import {
  ExpenseCategoryInputSchema,
  ExpenseCategorySchema,
  ExpenseCategoryUpdateSchema,
  ExpenseFiltersSchema,
  ExpenseInputSchema,
  ExpenseListQuerySchema,
  ExpensePageSchema,
  ExpenseSchema,
  ExpenseUpdateSchema,
} from '../../../shared/expenses.schema.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import { TRPCError } from '@trpc/server';
import {
  heavyProcedure,
  listProcedure,
  requireRole,
  router,
  workspaceProcedure,
  fromReplica,
} from '../../trpc/init.ts';
import { rowMutation } from '../../trpc/row-procedures.ts';
import * as repo from './expenses.repository.ts';
import * as expenses from './expenses.service.ts';

/** Every member records expenses; each changes their own, managers anyone's. */
export const expensesRouter = router({
  list: listProcedure
    .input(ExpenseListQuerySchema.prefault({}))
    .output(ExpensePageSchema)
    .query(({ ctx, input }) => repo.listExpenses(ctx.db, ctx.workspace.id, input)),
  export: heavyProcedure
    .use(fromReplica)
    .input(ExpenseFiltersSchema.prefault({}))
    .query(({ ctx, input }) => repo.expensesForExport(ctx.db, ctx.workspace.id, input)),
  get: workspaceProcedure
    .input(z.object({ id: IdSchema }))
    .output(ExpenseSchema)
    .query(async ({ ctx, input }) => {
      const expense = await repo.findExpense(ctx.db, ctx.workspace.id, input.id);
      if (!expense) throw new TRPCError({ code: 'NOT_FOUND', message: 'Expense not found' });
      return expense;
    }),
  create: workspaceProcedure
    .input(ExpenseInputSchema)
    .output(ExpenseSchema)
    .mutation(({ ctx, input }) => expenses.createExpense(ctx, input)),
  update: workspaceProcedure
    .input(ExpenseUpdateSchema)
    .output(ExpenseSchema)
    .mutation(({ ctx, input }) => expenses.updateExpense(ctx, input)),
  delete: rowMutation(workspaceProcedure, SuccessSchema, expenses.deleteExpense),
  /** A draft (an imported e-invoice) reviewed; importing is multipart (expenses.routes.ts). */
  confirm: rowMutation(workspaceProcedure, ExpenseSchema, expenses.confirmExpense),
  /** Uploading a receipt is multipart, a plain route (expenses.routes.ts); removing it is not. */
  removeReceipt: rowMutation(workspaceProcedure, ExpenseSchema, expenses.removeReceipt),
});

/** Every member reads the workspace's categories; managers change them. */
const categoriesManager = requireRole(...expenses.EXPENSE_MANAGERS);

export const expenseCategoriesRouter = router({
  list: workspaceProcedure
    .output(z.array(ExpenseCategorySchema))
    .query(({ ctx }) => repo.listCategories(ctx.db, ctx.workspace.id)),
  create: categoriesManager
    .input(ExpenseCategoryInputSchema)
    .output(ExpenseCategorySchema)
    .mutation(({ ctx, input }) => expenses.createCategory(ctx, input.name)),
  update: categoriesManager
    .input(ExpenseCategoryUpdateSchema)
    .output(ExpenseCategorySchema)
    .mutation(({ ctx, input }) => expenses.renameCategory(ctx, input.id, input.name)),
  delete: rowMutation(categoriesManager, SuccessSchema, expenses.deleteCategory),
});
