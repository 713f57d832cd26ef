import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceScopeProblem } from '../support/workspace-queries.ts';
import { analyseWorkspaceScope, loadSqlParser } from '../support/workspace-scope.ts';

/*
 * The analyser behind the integration suites' check (issue 45): a statement on a
 * distributed table is filtered by one workspace, or it is reported. The bad statements
 * below are of the shapes the code had before the check (by id alone, joins on the foreign
 * key alone); each must be reported, each good one must not.
 */

const DISTRIBUTED = new Set(['invoices', 'clients', 'projects', 'time_entries', 'invoice_items']);

beforeAll(() => loadSqlParser());

function unscoped(sql: string): string[] {
  return analyseWorkspaceScope(sql, DISTRIBUTED).unscoped;
}

describe('statements filtered by one workspace', () => {
  it.each([
    'select * from invoices where workspace_id = $1',
    'select * from "invoices" where "invoices"."workspace_id" = $1 and "invoices"."id" = $2',
    'select * from invoices where workspace_id = 7 and id = any($1)',
    'select * from invoices where workspace_id in ($1) and status = $2',
    'select * from invoices where workspace_id = $1::int',
    'select * from invoices i where $1 = i.workspace_id',
    'select * from invoices where workspace_id is not distinct from $1',
    // A reference table's row, and a join through equal workspace ids.
    'select * from users where id = $1',
    'select i.* from invoices i join clients c on c.id = i.client_id and c.workspace_id = i.workspace_id where i.workspace_id = $1',
    'select i.* from invoices i join clients c on c.workspace_id = i.workspace_id where c.workspace_id = $1',
    'select * from invoices i join clients c using (workspace_id, id) where i.workspace_id = $1',
    'select i.* from invoices i left join clients c on c.workspace_id = i.workspace_id and c.id = i.client_id where i.workspace_id = $1',
    'select * from invoices i join user_workspaces uw on uw.workspace_id = i.workspace_id where uw.workspace_id = $1 and uw.user_id = $2',
    // Sub-queries: correlated, in FROM, in a CTE.
    'select i.id, (select count(*) from time_entries t where t.workspace_id = i.workspace_id and t.invoice_id = i.id) from invoices i where i.workspace_id = $1',
    'select * from invoices i where i.workspace_id = $1 and exists (select 1 from clients c where c.workspace_id = $1 and c.id = i.client_id)',
    'select * from (select * from invoices where workspace_id = $1) s join clients c on c.workspace_id = s.workspace_id and c.id = s.client_id',
    'with open as (select * from invoices where workspace_id = $1 and status = $2) select * from open join clients c on c.workspace_id = open.workspace_id',
    'select 1 from invoices where workspace_id = $1 union all select 1 from clients where workspace_id = $1',
    'select c.rate from projects p left join lateral (select r.rate from invoices r where r.workspace_id = p.workspace_id and r.project_id = p.id limit 1) c on true where p.workspace_id = $1 and p.id = $2',
    // Writes.
    'insert into invoices (workspace_id, number) values ($1, $2), ($1, $3) returning id',
    'insert into time_entries (workspace_id, hours) select workspace_id, hours from time_entries where workspace_id = $1 and id = $2',
    'insert into clients (workspace_id, name) values ($1, $2) on conflict (workspace_id, name) do update set name = excluded.name',
    'update invoices set status = $1 where workspace_id = $2 and id = $3',
    'update invoices i set client_id = c.id from clients c where c.workspace_id = i.workspace_id and i.workspace_id = $1',
    'delete from invoices where id = $1 and workspace_id = $2',
    'delete from invoice_items using invoices i where i.workspace_id = $1 and invoice_items.workspace_id = i.workspace_id',
    // Not queries of rows: not checked.
    'analyze invoices',
    'create index x on invoices (id)',
    'begin',
  ])('%s', (sql) => {
    expect(unscoped(sql)).toEqual([]);
  });
});

describe('statements that reach several workspaces', () => {
  it.each([
    // The code before issue 45: by id alone.
    ['select * from invoices where id = $1', ['invoices']],
    ['select * from "invoices" where "id" = $1', ['invoices']],
    ['select * from invoices', ['invoices']],
    ['update invoices set status = $1 where id = $2', ['invoices']],
    ['delete from invoices where id = $1', ['invoices']],
    ['insert into invoices (number) values ($1)', ['invoices']],
    // Several workspaces, or an unconstrained one.
    ['select * from invoices where workspace_id = any($1)', ['invoices']],
    ['select * from invoices where workspace_id in ($1, $2)', ['invoices']],
    ['select * from invoices where workspace_id = $1 or id = $2', ['invoices']],
    ['select * from invoices where workspace_id <> $1', ['invoices']],
    ['select * from invoices where workspace_id = null', ['invoices']],
    // A join on the foreign key alone: the joined table is not routed.
    [
      'select i.* from invoices i join clients c on c.id = i.client_id where i.workspace_id = $1',
      ['clients c'],
    ],
    // A LEFT JOIN's ON does not filter its preserved side.
    [
      'select * from invoices i left join clients c on c.workspace_id = i.workspace_id and i.workspace_id = $1',
      ['invoices i', 'clients c'],
    ],
    // Sub-queries by a key alone.
    [
      'select i.id, (select count(*) from time_entries t where t.invoice_id = i.id) from invoices i where i.workspace_id = $1',
      ['time_entries t'],
    ],
    [
      'select * from invoices where workspace_id = $1 and client_id in (select id from clients where name = $2)',
      ['clients'],
    ],
    ['with x as (select * from clients) select * from x', ['clients']],
    [
      'select * from (select * from invoices) s join clients c on c.workspace_id = s.workspace_id where c.id = $1',
      ['invoices', 'clients c'],
    ],
    [
      'insert into time_entries (workspace_id, hours) select workspace_id, hours from time_entries where id = $1',
      ['time_entries'],
    ],
    [
      'update invoices i set client_id = c.id from clients c where c.id = i.client_id and i.workspace_id = $1',
      ['clients c'],
    ],
    ['select 1 from invoices where workspace_id = $1 union select 1 from clients', ['clients']],
    [
      'select c.rate from projects p left join lateral (select r.rate from invoices r where r.project_id = p.id limit 1) c on true where p.workspace_id = $1',
      ['invoices r'],
    ],
  ])('%s', (sql, tables) => {
    expect(unscoped(sql)).toEqual(tables);
  });
});

describe('markers of statements cross-workspace on purpose', () => {
  it('lets a marked statement through when its key is in the list', () => {
    expect(
      workspaceScopeProblem(
        'select * from invoices /* cross-workspace: housekeeping */',
        DISTRIBUTED,
      ),
    ).toBeUndefined();
  });

  it('fails a key that is not in the list', () => {
    expect(
      workspaceScopeProblem('select * from invoices /* cross-workspace: because */', DISTRIBUTED),
    ).toMatch(/key not in .*cross-workspace\.ts: because/);
  });

  it('fails a marker on a statement that needs none', () => {
    expect(
      workspaceScopeProblem(
        'select * from invoices where workspace_id = $1 /* cross-workspace: housekeeping */',
        DISTRIBUTED,
      ),
    ).toMatch(/remove the marker/);
  });

  it('fails an unmarked statement by id alone', () => {
    expect(workspaceScopeProblem('select * from invoices where id = $1', DISTRIBUTED)).toMatch(
      /not filtered by one workspace_id: invoices/,
    );
  });
});
