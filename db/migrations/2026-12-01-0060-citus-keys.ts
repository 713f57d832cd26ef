import { sql, type Kysely } from 'kysely';

/*
 * Keys ready for Citus (issue 45, item 1): a table distributed by workspace_id needs the
 * workspace id in its primary key, in every unique constraint and index, and in every foreign
 * key to another distributed table; a reference table may not point at a distributed one.
 * src/server/db/tenancy.ts says which tables are distributed, reference or local, and
 * tests/server/citus-readiness.test.ts holds the schema to it.
 *
 * - Primary keys (id) become (workspace_id, id). The unique (workspace_id, id) that the
 *   composite foreign keys already reference stays where one references it (dropping it
 *   would mean re-creating those keys), and goes where nothing does (an index less to write).
 * - Uniques on a secret or an external id gain the workspace id. Tokens issued from now on
 *   carry their workspace (`{workspaceId}.{secret}`); links issued before still open through
 *   a lookup by the secret alone, which the plain indexes added here keep fast.
 * - users.assigned_person_id (a reference table pointing at persons, a distributed one) is
 *   dropped: nothing reads or writes it since the initial schema.
 * - expenses.receipt_file_id keeps its value without a foreign key: files stay on the
 *   coordinator (a local table, see tenancy.ts), which a distributed table may not point at.
 *   The receipt goes with its expense in code (expenses.service), and housekeeping keeps a
 *   file while an expense points at it, as before.
 * - recurring_invoices.last_failure_invoice_id points at (workspace_id, id) of invoices.
 */

/**
 * The tables to re-key: a workspace_id (not null) and a primary key of (id) alone, less the
 * memberships (user_workspaces, a reference table, keeps its key). Read from the catalog so
 * that a workspace table of a migration merged before this one is re-keyed too. In the down
 * migration, the tables keyed (workspace_id, id) go back to (id).
 */
async function tablesKeyedBy(db: Kysely<any>, key: 'id' | 'workspace_id, id'): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    where k.contype = 'p' and c.relnamespace = 'public'::regnamespace
      and c.relname <> 'user_workspaces'
      and exists (
        select 1 from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'workspace_id' and a.attnotnull)
      and array(
        select a.attname::text from unnest(k.conkey) with ordinality u(n, o)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = u.n order by u.o
      ) = string_to_array(${key}, ', ')
    order by 1`.execute(db);
  return rows.map((r) => r.name);
}

/** [table, old constraint, old columns, new constraint, new columns]. */
const SCOPED_UNIQUES = [
  [
    'bookings',
    'bookings_manage_token_hash_key',
    'manage_token_hash',
    'bookings_manage_token_key',
    'workspace_id, manage_token_hash',
  ],
  ['bookings', 'bookings_uid_key', 'uid', 'bookings_workspace_id_uid_key', 'workspace_id, uid'],
  [
    'calendar_feeds',
    'calendar_feeds_token_hash_key',
    'token_hash',
    'calendar_feeds_workspace_id_token_hash_key',
    'workspace_id, token_hash',
  ],
  [
    'client_portal_links',
    'client_portal_links_token_hash_key',
    'token_hash',
    'client_portal_links_workspace_id_token_hash_key',
    'workspace_id, token_hash',
  ],
  [
    'invitation_tokens',
    'invitation_tokens_token_key',
    'token',
    'invitation_tokens_workspace_id_token_key',
    'workspace_id, token',
  ],
  [
    'invoices',
    'invoices_recurring_period_key',
    'recurring_invoice_id, recurring_period_start',
    'invoices_recurring_period_key',
    'workspace_id, recurring_invoice_id, recurring_period_start',
  ],
  [
    'payment_settings',
    'payment_settings_endpoint_key_key',
    'endpoint_key',
    'payment_settings_workspace_id_endpoint_key_key',
    'workspace_id, endpoint_key',
  ],
] as const;

/** The lookups of links issued before their token named the workspace (plain indexes). */
const LEGACY_LOOKUPS = [
  `create index client_portal_links_token_hash_idx on client_portal_links (token_hash)`,
  `create index invitation_tokens_token_idx on invitation_tokens (token)`,
  `create index payment_settings_endpoint_key_idx on payment_settings (endpoint_key)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column assigned_person_id`.execute(db);
  await sql`alter table expenses drop constraint expenses_receipt_file_id_fkey`.execute(db);
  await sql`alter table recurring_invoices drop constraint recurring_invoices_last_failure_invoice_id_fkey`.execute(
    db,
  );
  for (const table of await tablesKeyedBy(db, 'id')) {
    await sql
      .raw(
        `alter table ${table} drop constraint ${table}_pkey,
          add constraint ${table}_pkey primary key (workspace_id, id)`,
      )
      .execute(db);
    const { rows } = await sql<{ referenced: boolean }>`
      select exists (
        select 1 from pg_constraint u join pg_constraint f on f.contype = 'f' and f.conindid = u.conindid
        where u.conname = ${`${table}_workspace_id_id_key`} and u.conrelid = ${table}::regclass
      ) as referenced`.execute(db);
    if (!rows[0]?.referenced)
      await sql
        .raw(`alter table ${table} drop constraint ${table}_workspace_id_id_key`)
        .execute(db);
  }
  await sql`
    alter table recurring_invoices add constraint recurring_invoices_last_failure_invoice_fkey
      foreign key (workspace_id, last_failure_invoice_id) references invoices (workspace_id, id)
      on delete set null (last_failure_invoice_id)`.execute(db);
  for (const [table, oldName, , newName, columns] of SCOPED_UNIQUES) {
    await sql
      .raw(
        `alter table ${table} drop constraint ${oldName},
          add constraint ${newName} unique (${columns})`,
      )
      .execute(db);
  }
  await sql`drop index invoice_emails_reminder_key`.execute(db);
  await sql`
    create unique index invoice_emails_reminder_key on invoice_emails (workspace_id, invoice_id, reminder_key)
      where kind = 'reminder'`.execute(db);
  for (const statement of LEGACY_LOOKUPS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const statement of LEGACY_LOOKUPS)
    await sql.raw(`drop index ${statement.split(' ')[2]}`).execute(db);
  await sql`drop index invoice_emails_reminder_key`.execute(db);
  await sql`
    create unique index invoice_emails_reminder_key on invoice_emails (invoice_id, reminder_key)
      where kind = 'reminder'`.execute(db);
  for (const [table, oldName, oldColumns, newName] of SCOPED_UNIQUES) {
    await sql
      .raw(
        `alter table ${table} drop constraint ${newName},
          add constraint ${oldName} unique (${oldColumns})`,
      )
      .execute(db);
  }
  await sql`alter table recurring_invoices drop constraint recurring_invoices_last_failure_invoice_fkey`.execute(
    db,
  );
  for (const table of await tablesKeyedBy(db, 'workspace_id, id')) {
    await sql
      .raw(
        `alter table ${table} drop constraint ${table}_pkey, add constraint ${table}_pkey primary key (id)`,
      )
      .execute(db);
    const { rows } = await sql<{ present: boolean }>`
      select exists (select 1 from pg_constraint where conname = ${`${table}_workspace_id_id_key`}) as present`.execute(
      db,
    );
    if (!rows[0]?.present)
      await sql
        .raw(
          `alter table ${table} add constraint ${table}_workspace_id_id_key unique (workspace_id, id)`,
        )
        .execute(db);
  }
  await sql`
    alter table recurring_invoices add constraint recurring_invoices_last_failure_invoice_id_fkey
      foreign key (last_failure_invoice_id) references invoices (id) on delete set null`.execute(
    db,
  );
  await sql`
    alter table expenses add constraint expenses_receipt_file_id_fkey
      foreign key (receipt_file_id) references files (id) on delete set null`.execute(db);
  await sql`
    alter table users add column assigned_person_id integer
      constraint users_assigned_person_fkey references persons (id) on delete set null`.execute(db);
}
