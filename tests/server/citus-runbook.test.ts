import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  citusRunbook,
  END,
  README_FILE,
  referencedFirst,
  START,
  withRunbook,
} from '../../scripts/citus-runbook.ts';
import { openTestDatabase } from '../support/test-app.ts';

/*
 * Issue 45, item 5: the README's Citus runbook is generated from the same source as the schema
 * test (tenancy.ts and the migrated catalog), here from this pass's database, so it cannot
 * drift: a migration that adds or links a table fails this test until `npm run docs:citus`.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('README.md holds the runbook that npm run docs:citus writes for the migrated schema', async () => {
  const readme = readFileSync(README_FILE, 'utf8');
  expect(readme).toContain(START);
  expect(readme).toContain(END);
  expect(readme).toBe(withRunbook(readme, await citusRunbook(database.db)));
});

it('orders tables after those they reference, and sets keys aside only to break a cycle', () => {
  const key = (from: string, to: string) => ({ from, to, name: `${from}_${to}`, definition: '' });
  expect(
    referencedFirst(
      ['lines', 'invoices', 'clients'],
      [key('lines', 'invoices'), key('invoices', 'clients')],
    ),
  ).toEqual({
    ordered: ['clients', 'invoices', 'lines'],
    setAside: [],
  });
  // An invoice names its estimate and an estimate the invoice it became; lines wait on invoices.
  const cycle = referencedFirst(
    ['estimates', 'invoices', 'lines'],
    [key('invoices', 'estimates'), key('estimates', 'invoices'), key('lines', 'invoices')],
  );
  expect(cycle.setAside).toEqual([key('invoices', 'estimates')]);
  expect(cycle.ordered).toEqual(['invoices', 'estimates', 'lines']);
});
