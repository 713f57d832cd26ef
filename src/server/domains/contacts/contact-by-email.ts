import { sql } from 'kysely';
import type { Database } from '../../db/create-db.ts';

/*
 * The one way a public surface (booking pages, lead forms) finds or makes the contact of
 * an email address. Two visitors sending the same address at once must still make one
 * contact: a transaction-scoped advisory lock keyed on the workspace and the lowercased
 * address makes the second wait for the first to commit, then find its contact. Call it in
 * the transaction that writes what points at the contact (the lock ends with it).
 */

export interface ContactByEmail {
  email: string;
  fullName: string;
  phone?: string | null;
  /** Who a new contact is assigned to (the booking type's owner, the form's assignee). */
  assignedUserId?: number | null;
  /** The organization a contact without one joins (a form's mapped organization name). */
  organizationId?: number | null;
}

/** The id of the workspace's contact with this email (case-insensitive), made if none. */
export async function upsertContactByEmail(
  trx: Database,
  workspaceId: number,
  contact: ContactByEmail,
): Promise<{ id: number; created: boolean }> {
  const email = contact.email.trim().toLowerCase();
  await sql`select pg_advisory_xact_lock(${workspaceId}::int, hashtext(${`email:${email}`}))`.execute(
    trx,
  );
  const existing = await trx
    .selectFrom('persons')
    .select(['id', 'phone', 'companyId'])
    .where('workspaceId', '=', workspaceId)
    .where(sql<string>`lower(email)`, '=', email)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) {
    // The workspace's own record wins: only what it lacks is filled in.
    await trx
      .updateTable('persons')
      .set({
        lastContact: sql`now()`,
        ...(existing.phone === null && contact.phone ? { phone: contact.phone } : {}),
        ...(existing.companyId === null && contact.organizationId
          ? { companyId: contact.organizationId }
          : {}),
      })
      .where('workspaceId', '=', workspaceId)
      .where('id', '=', existing.id)
      .execute();
    return { id: existing.id, created: false };
  }
  const row = await trx
    .insertInto('persons')
    .values({
      workspaceId,
      email,
      fullName: contact.fullName,
      phone: contact.phone ?? null,
      assignedUserId: contact.assignedUserId ?? null,
      companyId: contact.organizationId ?? null,
      lastContact: sql`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}
