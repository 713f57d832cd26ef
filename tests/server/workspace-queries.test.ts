import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { crossWorkspace, crossWorkspaceMarker } from '../../src/server/db/cross-workspace.ts';
import { useTestApp } from '../support/test-app.ts';
import { assertWorkspaceScoped, workspaceScopeViolations } from '../support/workspace-queries.ts';

/*
 * The check every integration test runs after itself (issue 45): statements recorded from a
 * real test database, analysed, and reported with their SQL and call site. The statements
 * here are run by the test itself, which the check lets through unless asked
 * (`includeTests`); each test drains what it made, so the file's own check stays green.
 */

const t = useTestApp();

/** Runs `run`, then answers the problems found in what it ran. */
async function problemsOf(run: () => Promise<unknown>): Promise<string[]> {
  await workspaceScopeViolations();
  await run();
  return workspaceScopeViolations({ includeTests: true });
}

describe('the workspace check of the integration suites', () => {
  it('fails a statement on a workspace table by id alone, with its SQL and where it ran', async () => {
    const problems = await problemsOf(() =>
      sql`select * from invoices where id = ${1}`.execute(t.db),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('not filtered by one workspace_id: invoices');
    expect(problems[0]).toContain('select * from invoices where id = $1');
    expect(problems[0]).toContain('workspace-queries.test.ts');
  });

  it('sees builder statements, and those run without plugins', async () => {
    const problems = await problemsOf(async () => {
      await t.db.selectFrom('clients').select('id').where('id', '=', 1).execute();
      await sql`update projects set name = name where id = ${1}`.execute(t.db.withoutPlugins());
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('select "id" from "clients" where "id" = $1');
    expect(problems[1]).toContain('update projects set name = name where id = $1');
  });

  it('lets the same statements through filtered by one workspace', async () => {
    const problems = await problemsOf(async () => {
      await sql`select * from invoices where workspace_id = ${1} and id = ${1}`.execute(t.db);
      await t.db
        .selectFrom('clients as c')
        .innerJoin('invoices as i', (join) =>
          join.onRef('i.workspaceId', '=', 'c.workspaceId').onRef('i.clientId', '=', 'c.id'),
        )
        .select('c.id')
        .where('c.workspaceId', '=', 1)
        .execute();
    });
    expect(problems).toEqual([]);
  });

  it('lets a statement marked cross-workspace through, and fails a marker it does not need', async () => {
    const problems = await problemsOf(async () => {
      await t.db
        .selectFrom('invoices')
        .select('id')
        .$call(crossWorkspace('housekeeping'))
        .execute();
      await sql`select id from invoices where workspace_id = ${1} ${crossWorkspaceMarker('housekeeping')}`.execute(
        t.db,
      );
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('remove the marker');
  });

  it('throws after a test that ran an unscoped statement, except one a test ran itself', async () => {
    await workspaceScopeViolations();
    await sql`delete from invoices where id = ${0}`.execute(t.db);
    await expect(assertWorkspaceScoped({ includeTests: true })).rejects.toThrow(
      /not filtered by one workspace[\s\S]*delete from invoices where id = \$1/,
    );
    // The same shape, run by the test itself to look at the database: let through.
    await sql`delete from invoices where id = ${0} and true`.execute(t.db);
    await expect(assertWorkspaceScoped()).resolves.toBeUndefined();
  });
});
