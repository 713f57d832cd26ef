import type { ExpressionBuilder, InsertObject, UpdateObject } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import type { Database } from './create-db.ts';

/*
 * Most repositories insert, change, delete and probe their rows the same way: by id, and
 * only within the caller's workspace, so that an id of another workspace matches nothing
 * (a 404, never a leak). These are that one way, for every table whose rows have both.
 */

/** The tables whose rows belong to one workspace and are named by a numeric id. */
export type WorkspaceTable = {
  [T in keyof DB]: DB[T] extends { id: unknown; workspaceId: number } ? T : never;
}[keyof DB];

/** The condition "the workspace's row of this id", for any of those tables. */
function theRow(workspaceId: number, id: number) {
  return (eb: ExpressionBuilder<DB, WorkspaceTable>) =>
    eb.and([eb('workspaceId', '=', workspaceId), eb('id', '=', id)]);
}

/** Adds a row to the workspace; answers its id. */
export async function insertWorkspaceRow<T extends WorkspaceTable>(
  db: Database,
  table: T,
  workspaceId: number,
  values: Omit<InsertObject<DB, T>, 'workspaceId'>,
): Promise<number> {
  // Kysely cannot check a query against a table it does not know yet; the signature
  // checks the values against the table the caller names.
  const row = await db
    .insertInto(table as WorkspaceTable)
    .values({ ...values, workspaceId } as InsertObject<DB, WorkspaceTable>)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes the workspace's row of this id; false when there is none. An empty change only
 * asks whether the row is there (SQL has no empty SET).
 */
export async function updateWorkspaceRow<T extends WorkspaceTable>(
  db: Database,
  table: T,
  workspaceId: number,
  id: number,
  values: UpdateObject<DB, T>,
): Promise<boolean> {
  if (Object.keys(values).length === 0) return workspaceRowExists(db, table, workspaceId, id);
  const result = await db
    .updateTable(table as WorkspaceTable)
    .set(values as UpdateObject<DB, WorkspaceTable>)
    .where(theRow(workspaceId, id))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the workspace's row of this id; false when there is none. */
export async function deleteWorkspaceRow(
  db: Database,
  table: WorkspaceTable,
  workspaceId: number,
  id: number,
): Promise<boolean> {
  const result = await db.deleteFrom(table).where(theRow(workspaceId, id)).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether the workspace has a row of this id. */
export async function workspaceRowExists(
  db: Database,
  table: WorkspaceTable,
  workspaceId: number,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where(theRow(workspaceId, id))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Who the workspace's row of this id is assigned to, the row locked until the caller's
 * transaction ends, so that a change of assignee is noticed (and notified) exactly once.
 * Undefined when there is no such row.
 */
export function lockAssignee(
  db: Database,
  table: 'persons' | 'leads' | 'tasks',
  workspaceId: number,
  id: number,
) {
  return db
    .selectFrom(table)
    .select('assignedUserId')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
