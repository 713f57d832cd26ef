import { z } from 'zod';
import {
  BankRuleInputSchema,
  BankRuleReorderSchema,
  BankRuleSchema,
  BankRulesAppliedSchema,
  BankRuleUpdateSchema,
  AutoMatchResultSchema,
  BankMatchInputSchema,
  BankTransactionExpenseInputSchema,
  MatchSuggestionSchema,
  BankAccountInputSchema,
  BankAccountSchema,
  BankAccountUpdateSchema,
  BankTransactionFiltersSchema,
  BankTransactionListQuerySchema,
  BankTransactionPageSchema,
  BankTransactionSchema,
  ReconciliationQuerySchema,
  ReconciliationSchema,
} from '../../../shared/banking.schema.ts';
import { IdSchema } from '../../../shared/ids.ts';
import { BILLING_MANAGERS, WORKSPACE_MANAGERS } from '../../../shared/roles.ts';
import { SuccessSchema } from '../../../shared/success.schema.ts';
import {
  fromReplica,
  heavy,
  heavyRequest,
  heavyWhenLarge,
  requireRole,
  router,
} from '../../trpc/init.ts';
import { rowMutation } from '../../trpc/row-procedures.ts';
import * as repo from './banking.repository.ts';
import * as banking from './banking.service.ts';
import * as matching from './banking-matching.service.ts';
import * as rules from './banking-rules.service.ts';

/**
 * Who reads the bank: those who settle invoices (they match payments to its lines). Who
 * manages it (accounts, statement imports): owners and administrators, as online payment.
 */
export const BANK_READERS = BILLING_MANAGERS;
export const BANK_MANAGERS = WORKSPACE_MANAGERS;

const reader = requireRole(...BANK_READERS);
const manager = requireRole(...BANK_MANAGERS);
/** Matching records and deletes invoice payments: those who record payments by hand do it. */
const matcher = requireRole(...BANK_READERS);
const byId = z.object({ id: IdSchema });

export const bankingRouter = router({
  listAccounts: reader
    .output(z.array(BankAccountSchema))
    .query(({ ctx }) => repo.listAccounts(ctx.db, ctx.workspace.id)),
  getAccount: reader
    .input(z.object({ id: IdSchema }))
    .output(BankAccountSchema)
    .query(({ ctx, input }) => banking.getAccount(ctx, input.id)),
  createAccount: manager
    .input(BankAccountInputSchema)
    .output(BankAccountSchema)
    .mutation(({ ctx, input }) => banking.createAccount(ctx, input)),
  updateAccount: manager
    .input(BankAccountUpdateSchema)
    .output(BankAccountSchema)
    .mutation(({ ctx, input }) => banking.updateAccount(ctx, input)),
  deleteAccount: rowMutation(manager, SuccessSchema, banking.deleteAccount),
  reconciliation: reader
    .input(ReconciliationQuerySchema)
    .output(ReconciliationSchema)
    .query(({ ctx, input }) => banking.reconciliation(ctx, input.id, input.month)),
  listTransactions: reader
    .use(heavyWhenLarge)
    .meta(heavy)
    .input(BankTransactionListQuerySchema.prefault({}))
    .output(BankTransactionPageSchema)
    .query(({ ctx, input }) => repo.listTransactions(ctx.db, ctx.workspace.id, input)),
  exportTransactions: reader
    .use(heavyRequest)
    .meta(heavy)
    .use(fromReplica)
    .input(BankTransactionFiltersSchema.prefault({}))
    .query(({ ctx, input }) => repo.transactionsForExport(ctx.db, ctx.workspace.id, input)),
  getTransaction: reader
    .input(z.object({ id: IdSchema }))
    .output(BankTransactionSchema)
    .query(({ ctx, input }) => banking.getTransaction(ctx, input.id)),
  suggestions: reader
    .input(byId)
    .output(z.array(MatchSuggestionSchema))
    .query(({ ctx, input }) => matching.suggestions(ctx, input.id)),
  match: matcher
    .input(BankMatchInputSchema)
    .output(BankTransactionSchema)
    .mutation(({ ctx, input }) => matching.match(ctx, input)),
  unmatch: matcher
    .input(byId)
    .output(BankTransactionSchema)
    .mutation(({ ctx, input }) => matching.unmatch(ctx, input.id)),
  ignore: matcher
    .input(byId)
    .output(BankTransactionSchema)
    .mutation(({ ctx, input }) => matching.ignore(ctx, input.id)),
  createExpense: matcher
    .input(BankTransactionExpenseInputSchema)
    .output(BankTransactionSchema)
    .mutation(({ ctx, input }) => matching.createExpense(ctx, input)),
  autoMatch: matcher
    .input(byId)
    .output(AutoMatchResultSchema)
    .mutation(({ ctx, input }) => matching.autoMatch(ctx, input.id)),
  listRules: reader
    .output(z.array(BankRuleSchema))
    .query(({ ctx }) => rules.listRules(ctx.db, ctx.workspace.id)),
  createRule: manager
    .input(BankRuleInputSchema)
    .output(BankRuleSchema)
    .mutation(({ ctx, input }) => rules.createRule(ctx, input)),
  updateRule: manager
    .input(BankRuleUpdateSchema)
    .output(BankRuleSchema)
    .mutation(({ ctx, input }) => rules.updateRule(ctx, input)),
  deleteRule: rowMutation(manager, SuccessSchema, rules.deleteRule),
  reorderRules: manager
    .input(BankRuleReorderSchema)
    .output(z.array(BankRuleSchema))
    .mutation(({ ctx, input }) => rules.reorderRules(ctx, input.ids)),
  applyRules: manager
    .output(BankRulesAppliedSchema)
    .mutation(({ ctx }) => rules.applyOnDemand(ctx)),
});
