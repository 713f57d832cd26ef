import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { analyzeStaleTables } from '../../src/server/db/statistics.ts';
import { createTestApp, signUpWithWorkspace, type TestApp } from '../support/test-app.ts';

/**
 * Issue 16, item 1: a workspace filled after its tables were last analysed was planned as if
 * empty, and a contacts page at 10,000 contacts cost 200 times one at 50. Keel keeps the
 * planner's statistics fresh itself: an import analyses what it grew before answering, and a
 * periodic check analyses any table past autovacuum's threshold (50 rows + 10%).
 */
let t: TestApp;

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** What the planner believes a table holds. */
async function plannedRows(table: string): Promise<number> {
  const { rows } = await sql<{ rows: number }>`
    select reltuples::int as rows from pg_class where oid = ${table}::regclass`.execute(t.db);
  return rows[0]!.rows;
}

/**
 * Waits until the statistics views have counted `rows` inserted rows of the table (since
 * its last ANALYZE or in all), then analyses what is due, so that no count is still on its way.
 */
async function countsArrived(table: string, rows: number): Promise<void> {
  for (let round = 0; round < 120; round++) {
    const { rows: found } = await sql<{ inserted: number }>`
      select n_tup_ins::int as inserted from pg_stat_user_tables where relname = ${table}`.execute(
      t.db,
    );
    if ((found[0]?.inserted ?? 0) >= rows) break;
    await new Promise((done) => setTimeout(done, 250));
  }
  await analyzeStaleTables(t.db);
}

/** The contacts page's plan, as the list runs it: how many persons rows any node handled. */
async function personsRowsHandledByPage(workspaceId: number): Promise<number> {
  const { rows } = await sql<Record<string, unknown>>`explain (analyze, format json)
    select p.id, o.name from persons p
    left join organizations o on o.workspace_id = p.workspace_id and o.id = p.company_id
    where p.workspace_id = ${workspaceId}
    order by p.created_at desc, p.id desc limit 50`.execute(t.db);
  let most = 0;
  const visit = (node: Record<string, unknown>) => {
    most = Math.max(most, Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1));
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  // One row, one column ('QUERY PLAN'): JSON text or already parsed, by driver.
  const plan = Object.values(rows[0]!)[0] as [{ Plan: Record<string, unknown> }] | string;
  visit((typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan);
  return most;
}

describe('planner statistics', () => {
  it('are brought up to date by an import before it answers', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Statistics');
    // The state a user reaches: tables analysed while (nearly) empty…
    await sql`analyze persons, organizations`.execute(t.db);
    expect(await plannedRows('persons')).toBeLessThan(10);
    // …then a file of 2,000 contacts from 200 companies, in two batches.
    for (const first of [0, 1000]) {
      const rows = Array.from({ length: 1000 }, (_, i) => ({
        fullName: `Imported ${first + i}`,
        email: `imported${first + i}@example.com`,
        organization: `Company ${(first + i) % 200}`,
      }));
      const res = await owner.client.post('/api/contacts/import', {
        rows,
        firstRowNumber: first + 2,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().created).toBe(1000);
    }
    expect(await plannedRows('persons')).toBeGreaterThanOrEqual(1800);
    expect(await plannedRows('organizations')).toBeGreaterThanOrEqual(180);
    // Planned for what is there: the page reads its 50 rows, not every contact (the plan
    // with the empty tables' statistics joined all 2,000 with all 200 companies).
    expect(await personsRowsHandledByPage(owner.workspace.id)).toBeLessThanOrEqual(100);
  });

  it('are refreshed by the periodic check for tables past the threshold, and only those', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Threshold');
    await sql`analyze`.execute(t.db);
    const add = (count: number) =>
      t.db
        .insertInto('persons')
        .values(
          Array.from({ length: count }, (_, i) => ({
            workspaceId: owner.workspace.id,
            fullName: `Person ${i}`,
          })),
        )
        .execute();
    // Under the threshold (50 rows on an empty table): nothing to do.
    await add(40);
    expect(await analyzeStaleTables(t.db)).not.toContain('persons');
    await add(300);
    // The database counts changed rows a moment after their commit (PostgreSQL: when the
    // connection goes idle, at most once a second): the check finds them on a later round.
    let analysed: string[] = [];
    for (let round = 0; round < 60 && !analysed.includes('persons'); round++) {
      analysed = await analyzeStaleTables(t.db);
      if (!analysed.includes('persons')) await new Promise((done) => setTimeout(done, 250));
    }
    expect(analysed).toContain('persons');
    expect(await plannedRows('persons')).toBe(340);
    // On PostgreSQL a statement's counts reach the statistics views when the server
    // connection that ran it goes idle. Through a pool (PgBouncer's, or the app's own with
    // several connections) the round above may have analysed the grown table before the
    // inserts' counts arrived, and their late arrival rightly asks for one more ANALYZE: the
    // check below is made once every count has arrived (and that extra round is spent).
    if (t.kind === 'postgres') await countsArrived('persons', 340);
    // Once analysed, a table is left alone until it changes enough again.
    expect(await analyzeStaleTables(t.db)).not.toContain('persons');
  });

  it('are refreshed for a table that grew even when the change counters were lost', async () => {
    const owner = await signUpWithWorkspace(t.app, 'Restarted');
    await sql`analyze`.execute(t.db);
    await t.db
      .insertInto('persons')
      .values(
        Array.from({ length: 2000 }, (_, i) => ({
          workspaceId: owner.workspace.id,
          fullName: `Person ${i}`,
        })),
      )
      .execute();
    // As after a restart of the embedded database, which keeps no counters.
    await sql`select pg_stat_reset()`.execute(t.db);
    expect(await analyzeStaleTables(t.db)).toContain('persons');
    expect(await plannedRows('persons')).toBe(2000);
  });
});
