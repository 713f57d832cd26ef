import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DISTRIBUTION_COLUMN,
  distributedTables,
  LOCAL_TABLES,
  PLACED_TABLES,
  REFERENCE_TABLES,
} from '../../src/server/db/tenancy.ts';
import { openTestDatabase } from '../support/test-app.ts';

/*
 * The schema after every migration keeps Citus's rules (issue 45, item 1), read from the
 * catalog of this pass's database (PGlite, or PostgreSQL in the PostgreSQL pass). Each failure
 * names the table and the constraint or index that breaks the rule.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

interface Constraint {
  table: string;
  name: string;
  type: 'p' | 'u' | 'x' | 'f';
  columns: string[];
  referenced: string | null;
  referencedColumns: string[];
  /** ON DELETE: 'n' set null, 'd' set default, others keep the row's columns. */
  onDelete: string;
  /** The columns ON DELETE SET NULL/DEFAULT clears; empty means all of `columns`. */
  clearedColumns: string[];
}

async function catalog() {
  const db = database.db.withoutPlugins();
  const { rows: tables } = await sql<{ table: string; workspace_id: string | null }>`
    select c.relname as "table",
      (select case when a.attnotnull then 'not null' else 'null' end from pg_attribute a
        where a.attrelid = c.oid and a.attname = ${DISTRIBUTION_COLUMN} and not a.attisdropped) as workspace_id
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')`.execute(db);
  const columnsOf = (rel: string, keys: string) => `array(
    select a.attname::text from unnest(${keys}) with ordinality k(n, o)
    join pg_attribute a on a.attrelid = ${rel} and a.attnum = k.n order by k.o)`;
  const { rows: constraints } = await sql<Constraint>`
    select c.conrelid::regclass::text as "table", c.conname as name, c.contype as type,
      ${sql.raw(columnsOf('c.conrelid', 'c.conkey'))} as columns,
      case when c.contype = 'f' then c.confrelid::regclass::text end as referenced,
      ${sql.raw(columnsOf('c.confrelid', 'coalesce(c.confkey, array[]::int2[])'))} as "referencedColumns",
      c.confdeltype as "onDelete",
      ${sql.raw(columnsOf('c.conrelid', 'coalesce(c.confdelsetcols, array[]::int2[])'))} as "clearedColumns"
    from pg_constraint c
    where c.connamespace = 'public'::regnamespace and c.contype in ('p', 'u', 'x', 'f')
    order by 1, 2`.execute(db);
  // Unique indexes that back no constraint (partial or on expressions), and whether
  // workspace_id is one of their key columns.
  const { rows: uniqueIndexes } = await sql<{
    table: string;
    name: string;
    has_workspace: boolean;
  }>`
    select t.relname as "table", ic.relname as name,
      exists (
        select 1 from pg_attribute a, generate_subscripts(i.indkey, 1) s
        where a.attrelid = i.indrelid and a.attname = ${DISTRIBUTION_COLUMN}
          and s < i.indnkeyatts and i.indkey[s] = a.attnum) as has_workspace
    from pg_index i
    join pg_class ic on ic.oid = i.indexrelid
    join pg_class t on t.oid = i.indrelid
    where t.relnamespace = 'public'::regnamespace and i.indisunique
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.contype in ('p', 'u', 'x'))
    order by 1, 2`.execute(db);
  return { tables, constraints, uniqueIndexes };
}

/** Every breach of the rules, one line each: "table.constraint: what is wrong". */
async function violations(): Promise<string[]> {
  const { tables, constraints, uniqueIndexes } = await catalog();
  const distributed = new Set(await distributedTables(database.db));
  const reference = new Set(Object.keys(REFERENCE_TABLES));
  const local = new Set(Object.keys(LOCAL_TABLES));
  const found: string[] = [];

  for (const { table, workspace_id } of tables) {
    const placed = PLACED_TABLES[table];
    if (placed) {
      if (workspace_id && !placed.workspaceId)
        found.push(`${table}: a ${placed.placement} table gained workspace_id (distribute it)`);
      if (!workspace_id && placed.workspaceId)
        found.push(`${table}: listed with workspace_id, has none (update tenancy.ts)`);
      if (placed.workspaceId === 'required' && workspace_id === 'null')
        found.push(`${table}: workspace_id may be null`);
    } else if (!workspace_id) {
      found.push(`${table}: no workspace_id, and not a reference or local table in tenancy.ts`);
    } else if (workspace_id === 'null') {
      found.push(`${table}: workspace_id may be null (a distributed table's never is)`);
    }
  }
  for (const table of Object.keys(PLACED_TABLES))
    if (!tables.some((t) => t.table === table))
      found.push(`${table}: listed in tenancy.ts, missing from the database`);

  for (const table of distributed)
    if (!constraints.some((c) => c.table === table && c.type === 'p'))
      found.push(`${table}: no primary key`);

  for (const c of constraints) {
    const at = `${c.table}.${c.name}`;
    if (distributed.has(c.table)) {
      if (c.type !== 'f' && !c.columns.includes(DISTRIBUTION_COLUMN))
        found.push(`${at}: ${kind(c.type)} (${c.columns.join(', ')}) lacks workspace_id`);
      if (c.type === 'f' && c.referenced && distributed.has(c.referenced)) {
        const at_ = c.columns.indexOf(DISTRIBUTION_COLUMN);
        if (at_ < 0 || c.referencedColumns[at_] !== DISTRIBUTION_COLUMN)
          found.push(
            `${at}: foreign key (${c.columns.join(', ')}) to ${c.referenced} does not match workspace_id to workspace_id`,
          );
        else if (
          (c.onDelete === 'n' || c.onDelete === 'd') &&
          (c.clearedColumns.length === 0 || c.clearedColumns.includes(DISTRIBUTION_COLUMN))
        )
          found.push(`${at}: ON DELETE SET NULL/DEFAULT would clear workspace_id`);
      }
      if (c.type === 'f' && c.referenced && local.has(c.referenced))
        found.push(`${at}: a distributed table points at the local table ${c.referenced}`);
    }
    if (reference.has(c.table) && c.type === 'f' && c.referenced && !reference.has(c.referenced))
      found.push(
        `${at}: the reference table points at ${distributed.has(c.referenced) ? 'the distributed' : 'the local'} table ${c.referenced}`,
      );
    if (local.has(c.table) && c.type === 'f' && c.referenced && distributed.has(c.referenced))
      found.push(`${at}: the local table points at the distributed table ${c.referenced}`);
  }
  for (const index of uniqueIndexes)
    if (distributed.has(index.table) && !index.has_workspace)
      found.push(`${index.table}.${index.name}: unique index lacks workspace_id`);
  return found;
}

function kind(type: Constraint['type']) {
  return { p: 'primary key', u: 'unique constraint', x: 'exclusion constraint', f: 'foreign key' }[
    type
  ];
}

it('every table keeps the Citus rules or is a listed reference or local table', async () => {
  expect(await violations()).toEqual([]);
});

it('distributes the workspace tables and nothing listed', async () => {
  const distributed = await distributedTables(database.db);
  expect(distributed).toContain('persons');
  expect(distributed).toContain('invoices');
  expect(distributed).toContain('row_counts');
  for (const table of Object.keys(PLACED_TABLES)) expect(distributed).not.toContain(table);
});

it('catches a table that breaks the rules (the check is not vacuous)', async () => {
  const db = database.db.withoutPlugins();
  await sql`create table citus_probe (
    id integer primary key,
    workspace_id integer not null,
    code text unique
  )`.execute(db);
  await sql`create unique index citus_probe_code_lower on citus_probe (lower(code))`.execute(db);
  await sql`create table citus_probe_loose (id integer primary key)`.execute(db);
  try {
    const found = await violations();
    expect(found).toContain('citus_probe.citus_probe_pkey: primary key (id) lacks workspace_id');
    expect(found).toContain(
      'citus_probe.citus_probe_code_key: unique constraint (code) lacks workspace_id',
    );
    expect(found).toContain('citus_probe.citus_probe_code_lower: unique index lacks workspace_id');
    expect(found).toContain(
      'citus_probe_loose: no workspace_id, and not a reference or local table in tenancy.ts',
    );
  } finally {
    await sql`drop table citus_probe, citus_probe_loose`.execute(db);
  }
});
