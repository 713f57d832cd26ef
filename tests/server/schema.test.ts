import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../db/migrations.ts';
import { schemaOf, SCHEMA_FILE } from '../../scripts/db-codegen.ts';
import { openTestDatabase } from '../support/test-app.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('db/migrations.ts runs every file of db/migrations, in their order', () => {
  const files = readdirSync('db/migrations')
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});

it('db/schema.ts is what kysely-codegen writes for the migrated database (npm run db:codegen)', async () => {
  // From this pass's database: the embedded one, or PostgreSQL in the PostgreSQL pass.
  expect(await schemaOf(database.db), 'db/schema.ts is stale: run npm run db:codegen').toBe(
    readFileSync(SCHEMA_FILE, 'utf8'),
  );
});

it('every workspace table has workspace_id not null, a foreign key to workspaces and a key on (workspace_id, id)', async () => {
  const { rows } = await sql<{ table_name: string; is_nullable: string }>`
    select table_name, is_nullable from information_schema.columns
    where table_schema = 'public' and column_name = 'workspace_id'`.execute(
    database.db.withoutPlugins(),
  );
  // activity_logs, files and notifications also hold platform-level rows (sign-ups,
  // profile photos, a failed job of no workspace told to platform admins).
  // row_counts is the database's own count per workspace, kept by triggers: it has no foreign
  // key so that the cascade of a workspace's delete can still update it (migration 0025).
  const platformLevel = new Set(['activity_logs', 'files', 'notifications', 'row_counts']);
  const workspaceTables = rows.filter((r) => !platformLevel.has(r.table_name));
  expect(workspaceTables.map((r) => r.table_name).sort()).toEqual(
    [
      'bank_accounts',
      'bank_imports',
      'bank_rules',
      'forms',
      'form_submissions',
      'bank_transactions',
      'availability',
      'booking_blocks',
      'booking_types',
      'bookings',
      'business_profiles',
      'calendar_feeds',
      'client_portal_links',
      'clients',
      'contact_import_rows',
      'contact_tags',
      'deal_tags',
      'contract_events',
      'contract_signatures',
      'contract_templates',
      'contracts',
      'credit_note_lines',
      'credit_notes',
      'document_acceptances',
      'estimate_lines',
      'estimates',
      'expense_categories',
      'expenses',
      'invitation_tokens',
      'invoice_email_settings',
      'invoice_emails',
      'invoice_lines',
      'invoice_payments',
      'invoices',
      'checkout_sessions',
      'leads',
      'payment_settings',
      'stripe_events',
      'organizations',
      'persons',
      'projects',
      'proposals',
      'rates',
      'recurring_invoice_lines',
      'recurring_invoices',
      'services',
      'stages',
      'tags',
      'task_statuses',
      'tasks',
      'time_entries',
      'timers',
      'timesheets',
      'user_workspaces',
      'workspace_signing_keys',
    ].sort(),
  );
  for (const r of workspaceTables) expect(r.is_nullable, r.table_name).toBe('NO');

  const { rows: constraints } = await sql<{ table_name: string; definition: string }>`
    select conrelid::regclass::text as table_name, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace`.execute(
    database.db.withoutPlugins(),
  );
  for (const { table_name } of workspaceTables) {
    const defs = constraints.filter((c) => c.table_name === table_name).map((c) => c.definition);
    expect(defs, table_name).toContain(
      'FOREIGN KEY (workspace_id) REFERENCES workspaces(id) ON DELETE CASCADE',
    );
    // Link tables have a composite primary key instead of an id; the business profile, the
    // invoice email settings, the signing key and the payment settings, one per workspace,
    // have the workspace id as their key; a booking block's key is its owner's 5-minute block.
    if (
      ![
        'contact_tags',
        'deal_tags',
        'contact_import_rows',
        'business_profiles',
        'invoice_email_settings',
        'workspace_signing_keys',
        'payment_settings',
        'booking_blocks',
      ].includes(table_name)
    )
      // Its primary key since migration 0060 (Citus); the unique twin stays where keys use it.
      expect(defs, table_name).toContain(
        table_name === 'user_workspaces'
          ? 'UNIQUE (workspace_id, id)'
          : 'PRIMARY KEY (workspace_id, id)',
      );
  }
});

it('a row cannot point into another workspace even when the application forgets to check', async () => {
  const db = database.db;
  const [a, b] = await db
    .insertInto('workspaces')
    .values([
      { name: 'A', subdomain: `a-${Date.now()}` },
      { name: 'B', subdomain: `b-${Date.now()}` },
    ])
    .returning('id')
    .execute();
  const org = await db
    .insertInto('organizations')
    .values({ workspaceId: a!.id, name: 'A Org' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await expect(
    db
      .insertInto('persons')
      .values({ workspaceId: b!.id, fullName: 'Spy', companyId: org.id })
      .execute(),
  ).rejects.toThrow(/foreign key/);
});
