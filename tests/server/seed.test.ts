import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBench, type BenchCounts } from '../../scripts/seed/bench.ts';
import { seedDemo } from '../../scripts/seed/demo.ts';
import { ApiClient, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function signIn(email: string, password: string) {
  const client = new ApiClient(t.app);
  const res = await client.post('/api/auth/login', { email, password });
  expect(res.statusCode).toBe(200);
  return client;
}

/** Every project's totals equal what its time entries add up to, as the app would compute. */
async function expectProjectTotalsConsistent(client: ApiClient, workspaceId: number) {
  const projects = (await client.get('/api/projects')).json() as {
    id: number;
    hourlyRate: string;
    totalHours: string;
    totalAmount: string;
  }[];
  expect(projects.length).toBeGreaterThan(0);
  const { rows } = await sql<{ projectId: number; hours: string }>`
    select project_id as "projectId", sum(hours)::numeric(10, 2)::text as hours
    from time_entries where workspace_id = ${workspaceId} group by project_id`.execute(
    t.db.withoutPlugins(),
  );
  const hours = new Map(rows.map((r) => [r.projectId, r.hours]));
  for (const p of projects) {
    expect(Number(p.totalHours)).toBe(Number(hours.get(p.id) ?? 0));
    expect(Number(p.totalAmount)).toBeCloseTo(Number(p.totalHours) * Number(p.hourlyRate), 2);
  }
}

describe('demo seed', () => {
  it('makes a small agency its owner can sign in to and read through the API', async () => {
    const demo = await seedDemo(t.db);
    const client = await signIn(demo.email, demo.password);

    // Its only workspace became current on sign-in, with the owner's role.
    expect((await client.get('/api/auth/me')).json()).toMatchObject({
      firstName: 'Alex',
      role: 'owner',
    });

    const persons = await client.get('/api/persons?limit=5');
    expect(persons.statusCode).toBe(200);
    expect(persons.headers['x-total-count']).toBe('12');
    expect(persons.json()).toHaveLength(5);

    const leads = (await client.get('/api/leads')).json() as { stage: string }[];
    expect(new Set(leads.map((l) => l.stage)).size).toBeGreaterThanOrEqual(5);

    const stats = (await client.get('/api/dashboard/stats')).json() as Record<string, unknown>;
    expect(stats).toMatchObject({ contacts: 12, organizations: 5, activeProjects: 1 });
    expect(Number(stats.openDeals)).toBe(
      leads.filter((l) => !['won', 'lost'].includes(l.stage)).length,
    );

    // Four issued invoices and a draft billing an expense.
    expect((await client.get('/api/invoices')).json()).toHaveLength(5);
    const expenses = await client.get('/api/expenses');
    expect(expenses.headers['x-total-count']).toBe('12');
    expect((await client.get('/api/expenses?billed=true')).headers['x-total-count']).toBe('1');
    expect((await client.get('/api/expenses?billable=true')).headers['x-total-count']).toBe('4');
    expect((await client.get('/api/proposals')).json()).toHaveLength(1);
    const services = await client.get('/api/services');
    expect(services.headers['x-total-count']).toBe('5');
    const contracts = (await client.get('/api/contracts')).json() as { id: number }[];
    expect(contracts).toMatchObject([{ title: 'Design retainer 2027', status: 'draft' }]);
    // Its merge fields were filled from the client and the fee when it was drafted.
    const { body } = (await client.get(`/api/contracts/${contracts[0]!.id}`)).json();
    expect(body).toContain('**Priya Raman**');
    expect(body).not.toContain('\\_\\_'); // every field had a value, the project's too
    expect(body).toContain('**$4,500\\.00**'); // Markdown-escaped, as every merged value is
    expect(body).not.toContain('{{');
    await expectProjectTotalsConsistent(client, demo.workspaceId);

    // A second run refuses rather than duplicating the agency.
    await expect(seedDemo(t.db)).rejects.toThrow(/already seeded/);
  });
});

describe('bench seed (scaled down)', () => {
  const counts: BenchCounts = {
    workspaces: 3,
    contacts: 230,
    organizations: 40,
    leads: 120,
    projects: 9,
    timeEntries: 400,
    invoices: 70,
  };

  it('fills the big workspace with the counts asked for and the others with a little', async () => {
    const phases = new Set<string>();
    const bench = await seedBench(t.db, {
      counts,
      onProgress: ({ phase, done, total }) => {
        expect(done).toBeLessThanOrEqual(total);
        phases.add(phase);
      },
    });
    expect(bench.workspaceIds).toHaveLength(3);
    expect(phases).toContain('contacts');
    expect(phases).toContain('time entries');

    // The owner has one workspace, so signing in makes it current.
    const client = await signIn(bench.email, bench.password);
    const persons = await client.get('/api/persons?limit=50');
    expect(persons.headers['x-total-count']).toBe(String(counts.contacts));
    expect(persons.json()).toHaveLength(50);
    const created = (persons.json() as { createdAt: string }[]).map((p) => p.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const search = await client.get(`/api/persons?limit=50&search=${bench.searchTerms[0]}`);
    const found = Number(search.headers['x-total-count']);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(counts.contacts);

    expect((await client.get('/api/leads')).json()).toHaveLength(counts.leads);
    expect((await client.get('/api/invoices')).json()).toHaveLength(counts.invoices);
    const stats = (await client.get('/api/dashboard/stats')).json() as Record<string, unknown>;
    expect(stats).toMatchObject({ contacts: counts.contacts, organizations: counts.organizations });
    await expectProjectTotalsConsistent(client, bench.workspaceId);

    // The small workspaces hold a hundredth, and nothing of the big one leaks into them.
    const { rows } = await sql<{ workspaceId: number; n: number }>`
      select workspace_id as "workspaceId", count(*)::int as n from persons
      where workspace_id in (${sql.join(bench.workspaceIds)}) group by workspace_id`.execute(
      t.db.withoutPlugins(),
    );
    const perWorkspace = new Map(rows.map((r) => [r.workspaceId, r.n]));
    expect(perWorkspace.get(bench.workspaceIds[0]!)).toBe(counts.contacts);
    expect(perWorkspace.get(bench.workspaceIds[1]!)).toBe(Math.ceil(counts.contacts / 100));

    // Seeding again into the same database does not collide.
    const again = await seedBench(t.db, { counts: { ...counts, workspaces: 1 } });
    expect(again.email).not.toBe(bench.email);
  });
});
