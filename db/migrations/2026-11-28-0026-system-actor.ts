import { sql, type Kysely } from 'kysely';

/*
 * Background work acts as itself. A job used to act as a forged owner (the email's or the
 * template's author, or user id 0); now what it does is recorded as done by the system:
 * `actor = 'system'` and no user, in the activity log and in the invoice outbox. A row with
 * `actor = 'user'` and no user is someone not signed in (a failed sign-in) or a deleted
 * account. Reminders were only ever queued by the reminders job; the purge's log rows
 * ("permanently removed after its grace period") only by housekeeping.
 */
const TABLES = ['activity_logs', 'invoice_emails'] as const;
const USER_COLUMN = { activity_logs: 'user_id', invoice_emails: 'created_by' } as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)}
      add column actor text not null default 'user',
      add constraint ${sql.id(`${table}_actor_check`)} check (
        actor in ('user', 'system') and (actor = 'user' or ${sql.ref(USER_COLUMN[table])} is null)
      )`.execute(db);
  }
  await sql`update invoice_emails set actor = 'system' where kind = 'reminder'`.execute(db);
  await sql`update activity_logs set actor = 'system'
    where user_id is null and action = 'workspace_deleted'
      and details like '%permanently removed after its grace period'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`alter table ${sql.table(table)} drop column actor`.execute(db);
  }
}
