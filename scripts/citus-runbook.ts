/**
 * Writes the README's Citus runbook ("Beyond one database", between the citus-runbook markers)
 * from the same source as the schema test: src/server/db/tenancy.ts for the reference and
 * local tables, and the catalog of a database brought up to date by the migrations for the
 * distributed tables and the foreign keys that order the calls. `npm run docs:citus` after a
 * migration that adds or links tables; tests/server/citus-runbook.test.ts fails while the
 * README differs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { createDb, migrateToLatest } from '../src/server/db/create-db.ts';
import {
  DISTRIBUTION_COLUMN,
  distributedTables,
  LOCAL_SCHEMAS,
  LOCAL_TABLES,
  REFERENCE_TABLES,
} from '../src/server/db/tenancy.ts';

export const README_FILE = resolve(fileURLToPath(import.meta.url), '../../README.md');
export const START = '<!-- citus-runbook:start (npm run docs:citus writes this part) -->';
export const END = '<!-- citus-runbook:end -->';

interface ForeignKey {
  from: string;
  to: string;
  name: string;
  definition: string;
}

/**
 * `tables` in an order where each comes after the tables (of the same list) it references,
 * ties in name order, and the foreign keys that had to be set aside for that. Citus
 * distributes a table only once the tables its foreign keys point at are distributed or
 * reference tables; where keys form a cycle (an invoice names its estimate, an estimate the
 * invoice it became), a table of the cycle goes first, its keys to the others dropped before
 * and added back after.
 */
export function referencedFirst(
  tables: string[],
  keys: ForeignKey[],
): { ordered: string[]; setAside: ForeignKey[] } {
  const pending = new Set(tables);
  const ordered: string[] = [];
  const setAside: ForeignKey[] = [];
  const blocking = (table: string) =>
    keys.filter((k) => k.from === table && k.to !== table && pending.has(k.to));
  while (pending.size > 0) {
    let ready = [...pending].filter((t) => blocking(t).length === 0).sort();
    if (ready.length === 0) {
      // The table whose setting aside frees the most: few keys of its own in the way, many
      // pending tables waiting on it.
      const cost = (t: string) =>
        blocking(t).length -
        new Set(
          keys.filter((k) => k.to === t && k.from !== t && pending.has(k.from)).map((k) => k.from),
        ).size;
      const [next] = [...pending].sort((a, b) => cost(a) - cost(b) || a.localeCompare(b));
      setAside.push(...blocking(next!));
      ready = [next!];
    }
    for (const table of ready) {
      pending.delete(table);
      ordered.push(table);
    }
  }
  return { ordered, setAside };
}

/** The runbook's markdown for a migrated database (between the markers, markers excluded). */
export async function citusRunbook(db: Kysely<any>): Promise<string> {
  const distributed = await distributedTables(db);
  const { rows: keys } = await sql<ForeignKey>`
    select c.conrelid::regclass::text as "from", c.confrelid::regclass::text as "to",
      c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    order by 1, 3`.execute(db.withoutPlugins());
  const references = referencedFirst(Object.keys(REFERENCE_TABLES), keys);
  if (references.setAside.length > 0)
    throw new Error("The reference tables' foreign keys form a cycle");
  const reference = references.ordered;
  const { ordered, setAside } = referencedFirst(distributed, keys);
  const local = Object.keys(LOCAL_TABLES);
  const localToReference = [
    ...new Set(
      keys.filter((k) => local.includes(k.from) && k.to in REFERENCE_TABLES).map((k) => k.from),
    ),
  ].sort();
  const referenceToLocal = keys.filter((k) => k.from in REFERENCE_TABLES && local.includes(k.to));
  if (referenceToLocal.length > 0) {
    throw new Error(
      `A reference table points at a local one: ${referenceToLocal.map((k) => `${k.from} → ${k.to}`).join(', ')}`,
    );
  }
  const first = ordered[0]!;
  const list = (names: string[]) => names.map((n) => `\`${n}\``).join(', ');
  const reasons = (tables: Record<string, { reason: string }>) =>
    Object.entries(tables).map(([name, t]) => `- \`${name}\`: ${t.reason}`);

  return [
    `Generated from \`src/server/db/tenancy.ts\` and the catalog after every migration (\`npm run docs:citus\`; \`tests/server/citus-runbook.test.ts\` fails when this part is stale). It is a plan that follows Citus's rules as the schema test checks them, not a procedure run against a Citus cluster in CI.`,
    '',
    `**Reference tables** (${reference.length}), copied whole to every node:`,
    '',
    ...reasons(REFERENCE_TABLES),
    '',
    `**Distributed by \`${DISTRIBUTION_COLUMN}\`** (${ordered.length}), every other table of the \`public\` schema with a \`${DISTRIBUTION_COLUMN}\` column, all in one co-location group so that a workspace's rows of every table sit on the same node and its joins and foreign keys stay on that node: ${list([...distributed].sort())}.`,
    '',
    `**Local tables** (${local.length}), left on the coordinator:`,
    '',
    ...reasons(LOCAL_TABLES),
    ...Object.entries(LOCAL_SCHEMAS).map(
      ([schema, reason]) => `- the \`${schema}\` schema, whole: ${reason}`,
    ),
    '',
    '**The calls, in order**, on the coordinator, as the owner of the database, once the servers have migrated it (they run the migrations at start) and while they are stopped: distributing a table that holds rows copies them to the workers and blocks its writes meanwhile.',
    '',
    '```sql',
    '-- The coordinator in the metadata: the local tables that keep foreign keys to reference',
    `-- tables (${localToReference.join(', ')}) become Citus local tables.`,
    "SELECT citus_set_coordinator_host('<coordinator host>', 5432);",
    '',
    '-- Reference tables first, each after those it references.',
    ...reference.map((t) => `SELECT create_reference_table('${t}');`),
    '',
    ...(setAside.length > 0
      ? [
          '-- Foreign keys that close a cycle between workspace tables: set aside until both ends',
          '-- are distributed.',
          ...setAside.map((k) => `ALTER TABLE ${k.from} DROP CONSTRAINT ${k.name};`),
          '',
        ]
      : []),
    '-- Then the workspace tables, each after those it references, co-located with the first.',
    `SELECT create_distributed_table('${first}', '${DISTRIBUTION_COLUMN}');`,
    ...ordered
      .slice(1)
      .map(
        (t) =>
          `SELECT create_distributed_table('${t}', '${DISTRIBUTION_COLUMN}', colocate_with => '${first}');`,
      ),
    ...(setAside.length > 0
      ? [
          '',
          '-- The keys set aside, back (each holds workspace_id: both ends are on one node).',
          ...setAside.map((k) => `ALTER TABLE ${k.from} ADD CONSTRAINT ${k.name} ${k.definition};`),
        ]
      : []),
    '```',
    '',
    '**The job queue** (`pgboss`) stays on the coordinator: its workers claim jobs of every workspace with `FOR UPDATE SKIP LOCKED`, which Citus does not distribute, and a job then reads and writes its workspace through the coordinator like a request. **Sessions** (`sessions`, `active_sessions`) stay there too: each request reads its session by the cookie before it knows a workspace, and writes it as it goes, so it is one coordinator row instead of a question to every node or a write to every node.',
    '',
    '**What changes for the operator:**',
    '',
    '- `DATABASE_URL` of every server names the coordinator (directly, or through PgBouncer in transaction mode in front of it, see "PgBouncer" above). The servers never connect to the workers.',
    '- Migrations still run at server start, on the coordinator, which passes their DDL on to the shards of distributed and reference tables. A release whose migration adds a workspace table lists it here: run its `create_distributed_table` line (with `colocate_with`) after the upgrade, before the table fills; a call for a table already distributed fails, harmlessly.',
    '- The coordinator holds the local tables, the job queue and the Citus metadata: back it up like any PostgreSQL, and each worker too.',
    "- Keel's own ANALYZE round (`src/server/db/statistics.ts`) reads the coordinator's statistics, where a distributed table is an empty shell: the workers' autovacuum keeps the shards' statistics, so leave it on there.",
  ].join('\n');
}

/** README.md with the part between the markers replaced by `runbook`. */
export function withRunbook(readme: string, runbook: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} pair`);
  return `${readme.slice(0, start + START.length)}\n\n${runbook}\n\n${readme.slice(end)}`;
}

/** The runbook of a fresh embedded database brought up to date, which needs no PostgreSQL server. */
async function generate(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keel-citus-runbook-'));
  const handle = await createDb({ dataDir });
  try {
    await migrateToLatest(handle.db);
    return await citusRunbook(handle.db);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(README_FILE, withRunbook(readFileSync(README_FILE, 'utf8'), await generate()));
  process.stdout.write(`Wrote the Citus runbook into ${README_FILE}\n`);
}
