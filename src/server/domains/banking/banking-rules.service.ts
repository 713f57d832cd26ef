import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type {
  BankRule,
  BankRuleAction,
  BankRuleConditions,
  BankRuleInput,
  BankRuleUpdate,
} from '../../../shared/banking.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { compareAmounts, normalizeAmount } from '../../../shared/invoice-math.ts';
import type { Database } from '../../db/create-db.ts';
import type { WorkspaceScope } from '../../trpc/context.ts';
import { findCategory } from '../expenses/expenses.repository.ts';
import { applyRules } from './rules/index.ts';

export const RULE_NOT_FOUND = 'Bank rule not found';

const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });

function selectRules(db: Database, workspaceId: number) {
  return db
    .selectFrom('bankRules')
    .select(['id', 'name', 'position', 'conditions', 'action', 'enabled'])
    .where('workspaceId', '=', workspaceId)
    .orderBy('position')
    .orderBy('id');
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRules>['execute']>>[number];

const toRule = (r: Row): BankRule => ({
  id: r.id,
  name: r.name,
  position: r.position,
  conditions: r.conditions as BankRuleConditions,
  action: r.action as BankRuleAction,
  enabled: r.enabled,
});

/** The workspace's rules in the order they are tried: position, then id. */
export async function listRules(db: Database, workspaceId: number) {
  return (await selectRules(db, workspaceId).execute()).map(toRule);
}

async function findRule(db: Database, workspaceId: number, id: number) {
  const row = await selectRules(db, workspaceId).where('id', '=', id).executeTakeFirst();
  return row && toRule(row);
}

async function checkCategory(db: Database, workspaceId: number, action: BankRuleAction) {
  if (action.type === 'categorise' && !(await findCategory(db, workspaceId, action.categoryId)))
    throw notFound('Category not found');
}

const rowValues = (input: BankRuleInput) => ({
  name: input.name,
  conditions: JSON.stringify(input.conditions),
  action: JSON.stringify(input.action),
  categoryId: input.action.type === 'categorise' ? input.action.categoryId : null,
  enabled: input.enabled,
});

export async function createRule(scope: WorkspaceScope, input: BankRuleInput) {
  const { db, workspace } = scope;
  await checkCategory(db, workspace.id, input.action);
  const last = await db
    .selectFrom('bankRules')
    .select(sql<number>`coalesce(max(position), -1)::int`.as('last'))
    .where('workspaceId', '=', workspace.id)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('bankRules')
    .values({
      ...rowValues(input),
      workspaceId: workspace.id,
      position: input.position ?? last.last + 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await findRule(db, workspace.id, row.id))!;
}

/** Replaces the rule (PUT); without a position it keeps its place, without `enabled` its state. */
export async function updateRule(scope: WorkspaceScope, input: BankRuleUpdate) {
  const { db, workspace } = scope;
  const current = await findRule(db, workspace.id, input.id);
  if (!current) throw notFound(RULE_NOT_FOUND);
  await checkCategory(db, workspace.id, input.action);
  await db
    .updateTable('bankRules')
    .set({
      ...rowValues({ ...input, enabled: input.enabled ?? current.enabled }),
      position: input.position ?? current.position,
      updatedAt: new Date(),
    })
    .where('workspaceId', '=', workspace.id)
    .where('id', '=', input.id)
    .execute();
  return (await findRule(db, workspace.id, input.id))!;
}

/** The transactions it applied to keep what it did, and forget the rule. */
export async function deleteRule(scope: WorkspaceScope, id: number) {
  const { db, workspace } = scope;
  const deleted = await db
    .deleteFrom('bankRules')
    .where('workspaceId', '=', workspace.id)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!deleted) throw notFound(RULE_NOT_FOUND);
  return { success: true as const };
}

/**
 * Puts the rules in the order given (positions 0, 1, 2…), in one transaction: every rule of
 * the workspace must be named exactly once, so a list read before another change is refused
 * (400) and nothing moves. Answers the rules in their new order.
 */
export async function reorderRules(scope: WorkspaceScope, ids: number[]) {
  const { db, workspace } = scope;
  return db.transaction().execute(async (trx) => {
    // Locked, so two reorders (or a reorder and an added rule) do not interleave.
    const current = await trx
      .selectFrom('bankRules')
      .select('id')
      .where('workspaceId', '=', workspace.id)
      .forUpdate()
      .execute();
    const known = new Set(current.map((r) => r.id));
    if (
      ids.length !== known.size ||
      new Set(ids).size !== ids.length ||
      !ids.every((id) => known.has(id))
    )
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'Send every bank rule of the workspace exactly once',
      });
    for (const [position, id] of ids.entries())
      await trx
        .updateTable('bankRules')
        .set({ position, updatedAt: new Date() })
        .where('workspaceId', '=', workspace.id)
        .where('id', '=', id)
        .execute();
    return listRules(trx, workspace.id);
  });
}

/**
 * Applies the rules, in order, to the unmatched transactions without a rule (of one import,
 * or all of the workspace): an ignore rule marks the line ignored; a categorise rule puts
 * money out in its category (money in has no expense category and is left for review).
 * Answers how many lines a rule changed.
 */
export async function applyRulesTo(
  db: Database,
  workspaceId: number,
  only: { importId?: number } = {},
): Promise<number> {
  const rules = await listRules(db, workspaceId);
  if (!rules.some((r) => r.enabled)) return 0;
  let q = db
    .selectFrom('bankTransactions')
    .select([
      'id',
      'amount',
      'currency',
      'counterpartyName',
      'counterpartyIban',
      'reference',
      'remittance',
    ])
    .where('workspaceId', '=', workspaceId)
    .where('status', '=', 'unmatched')
    .where('ruleId', 'is', null);
  if (only.importId !== undefined) q = q.where('importId', '=', only.importId);
  const rows = await q.orderBy('id').execute();
  let changed = 0;
  for (const row of rows) {
    const amount = normalizeAmount(row.amount, minorDigits(row.currency));
    const hit = applyRules({ ...row, amount }, rules);
    if (!hit) continue;
    const base = db
      .updateTable('bankTransactions')
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', row.id)
      .where('status', '=', 'unmatched');
    if (hit.action.type === 'ignore') {
      await base.set({ status: 'ignored', ruleId: hit.rule.id, updatedAt: new Date() }).execute();
      changed += 1;
    } else if (compareAmounts(amount, '0') < 0) {
      await base
        .set({ categoryId: hit.action.categoryId, ruleId: hit.rule.id, updatedAt: new Date() })
        .execute();
      changed += 1;
    }
  }
  return changed;
}

export async function applyOnDemand(scope: WorkspaceScope) {
  const { db, workspace } = scope;
  const applied = await db.transaction().execute((trx) => applyRulesTo(trx, workspace.id));
  return { applied };
}
