import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../support/test-app.ts';

type Column = { nullable: boolean; hasDefault: boolean };

const snakeToCamel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Tables and columns as db/schema.ts declares them, read with the TypeScript parser. */
function declaredSchema(): Record<string, Record<string, Column>> {
  const file = ts.createSourceFile(
    'schema.ts',
    readFileSync('db/schema.ts', 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const db = interfaces.get('DB');
  if (!db) throw new Error('db/schema.ts has no DB interface');
  const result: Record<string, Record<string, Column>> = {};
  for (const member of db.members) {
    if (!ts.isPropertySignature(member) || !member.type) continue;
    const table = (member.name as ts.Identifier).text;
    const iface = interfaces.get(member.type.getText(file));
    if (!iface) throw new Error(`no interface for table ${table}`);
    result[table] = {};
    for (const column of iface.members) {
      if (!ts.isPropertySignature(column) || !column.type) continue;
      const type = column.type.getText(file);
      result[table][(column.name as ts.Identifier).text] = {
        nullable: /\|\s*null\b/.test(type),
        hasDefault: /^(Generated|GeneratedAlways|Default\w+)\b/.test(type),
      };
    }
  }
  return result;
}

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('db/schema.ts matches the migrated database: tables, columns, nullability and defaults', async () => {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    is_generated: string;
  }>`select table_name, column_name, is_nullable, column_default, is_identity, is_generated
     from information_schema.columns
     where table_schema = 'public' and table_name not like 'kysely_%'
     order by table_name, ordinal_position`.execute(database.db.withoutPlugins());

  const actual: Record<string, Record<string, Column>> = {};
  for (const r of rows) {
    (actual[snakeToCamel(r.table_name)] ??= {})[snakeToCamel(r.column_name)] = {
      nullable: r.is_nullable === 'YES',
      // A nullable column without a default may also be left out; schema.ts marks defaults only.
      hasDefault:
        r.column_default !== null || r.is_identity === 'YES' || r.is_generated === 'ALWAYS',
    };
  }
  expect(declaredSchema()).toEqual(actual);
});

it('every workspace table has workspace_id not null, a foreign key to workspaces and unique (workspace_id, id)', async () => {
  const { rows } = await sql<{ table_name: string; is_nullable: string }>`
    select table_name, is_nullable from information_schema.columns
    where table_schema = 'public' and column_name = 'workspace_id'`.execute(
    database.db.withoutPlugins(),
  );
  // activity_logs and files also hold platform-level rows (sign-ups, profile photos).
  const platformLevel = new Set(['activity_logs', 'files']);
  const workspaceTables = rows.filter((r) => !platformLevel.has(r.table_name));
  expect(workspaceTables.map((r) => r.table_name).sort()).toEqual(
    [
      'clients',
      'contact_import_rows',
      'contact_tags',
      'invitation_tokens',
      'invoices',
      'leads',
      'organizations',
      'persons',
      'projects',
      'proposals',
      'stages',
      'tags',
      'tasks',
      'time_entries',
      'timers',
      'user_workspaces',
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
    // Link tables have a composite primary key instead of an id.
    if (table_name !== 'contact_tags' && table_name !== 'contact_import_rows')
      expect(defs, table_name).toContain('UNIQUE (workspace_id, id)');
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
