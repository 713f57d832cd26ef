import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { budgetProgress } from '../../../shared/projects.schema.ts';
import { todayIn } from '../../../shared/datetime.ts';
import {
  useTwoWorkspaces,
  joinAs,
  signUpWithWorkspace,
  workspaceZone,
  snapshot,
} from '../../../../tests/support/test-app.ts';

/* The money loop of issue 6: client → project → time → invoice → dashboard. */

const { t, owner, other } = useTwoWorkspaces('Freelance Studio', 'Other Studio');

beforeAll(async () => {
  zone = await workspaceZone(owner.client);
});

/** Both workspaces have their owners' default zone, where the server's today is. */
let zone: string;
const today = () => todayIn(zone);

async function newClient(client = owner.client, name = 'Acme Client') {
  const res = await client.post('/api/clients', {
    name,
    email: 'billing@acme.com',
    hourlyRate: 95,
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

async function newProject(clientId: number, extra: object = {}) {
  const res = await owner.client.post('/api/projects', {
    name: 'Website',
    clientId,
    budgetType: 'time',
    budgetLimit: 10,
    hourlyRate: 120,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; totalHours: string; totalAmount: string };
}

const project = async (id: number) =>
  (
    (await owner.client.get('/api/projects')).json() as {
      id: number;
      totalHours: string;
      totalAmount: string;
    }[]
  ).find((p) => p.id === id)!;

describe('clients', () => {
  it('creates with defaults, validates email, and refuses deleting a client with projects (409)', async () => {
    const res = await owner.client.post('/api/clients', {
      name: 'Initrode',
      email: 'ap@initrode.com',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Initrode',
      status: 'lead',
      hourlyRate: null,
      company: null,
    });
    expect((await owner.client.post('/api/clients', { name: 'X' })).json().error).toBe(
      'Email is required',
    );
    expect(
      (await owner.client.post('/api/clients', { name: 'X', email: 'nope' })).json().error,
    ).toBe('Invalid email');
    const c = res.json();
    await newProject(c.id);
    const del = await owner.client.delete(`/api/clients/${c.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe(
      'This client has 1 project(s) and 0 invoice(s) and cannot be deleted.',
    );
    const free = await newClient(owner.client, 'Free Client');
    expect((await owner.client.delete(`/api/clients/${free.id}`)).json()).toEqual({
      success: true,
    });
  });
});

describe('projects and time', () => {
  it('applies the SPEC defaults and carries client {name}', async () => {
    const c = await newClient();
    const res = await owner.client.post('/api/projects', {
      name: 'Defaults',
      clientId: c.id,
      budgetType: 'time',
      budgetLimit: 0,
      hourlyRate: 120,
    });
    expect(res.json()).toMatchObject({
      status: 'active',
      budgetLimit: '0.00',
      hourlyRate: '120.00',
      totalHours: '0.00',
      totalAmount: '0.00',
      client: { name: 'Acme Client' },
    });
    // SPEC §9: a budget type left out is time; one that is neither time nor budget is refused.
    const untyped = await owner.client.post('/api/projects', {
      name: 'No type',
      budgetLimit: 1,
      hourlyRate: 1,
    });
    expect(untyped.statusCode).toBe(201);
    expect(untyped.json().budgetType).toBe('time');
    const badType = await owner.client.post('/api/projects', { name: 'Bad', budgetType: 'hours' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error).toBe('Budget type must be time or budget');
  });

  it('keeps totals equal to the logged time: log, edit, delete, change the rate', async () => {
    const c = await newClient();
    const p = await newProject(c.id);
    const a = (
      await owner.client.post('/api/time-entries', { projectId: p.id, hours: 1.5, date: today() })
    ).json();
    expect(a).toMatchObject({
      hours: '1.50',
      userId: owner.user.id,
      isTimer: false,
      project: { name: 'Website', hourlyRate: '120.00' },
    });
    await owner.client.post('/api/time-entries', {
      projectId: p.id,
      hours: 2.25,
      date: today(),
      description: 'Design',
    });
    expect(await project(p.id)).toMatchObject({ totalHours: '3.75', totalAmount: '450.00' });

    await owner.client.put(`/api/time-entries/${a.id}`, { hours: 0.5 });
    expect(await project(p.id)).toMatchObject({ totalHours: '2.75', totalAmount: '330.00' });
    await owner.client.delete(`/api/time-entries/${a.id}`);
    expect(await project(p.id)).toMatchObject({ totalHours: '2.25', totalAmount: '270.00' });
    await owner.client.put(`/api/projects/${p.id}`, { hourlyRate: 100 });
    expect(await project(p.id)).toMatchObject({ totalHours: '2.25', totalAmount: '225.00' });
  });

  it('records the signed-in user, whatever the body says, and validates hours', async () => {
    const c = await newClient();
    const p = await newProject(c.id);
    const res = await owner.client.post('/api/time-entries', {
      projectId: p.id,
      hours: 1,
      date: today(),
      userId: 1,
    });
    expect(res.json().userId).toBe(owner.user.id);
    expect(
      (await owner.client.post('/api/time-entries', { projectId: p.id, hours: -1, date: today() }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await owner.client.post('/api/time-entries', {
          projectId: p.id,
          hours: 1,
          date: 'yesterday',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets a collaborator change only their own entries', async () => {
    const c = await newClient();
    const p = await newProject(c.id);
    const mine = (
      await owner.client.post('/api/time-entries', { projectId: p.id, hours: 1, date: today() })
    ).json();
    const collaborator = await joinAs(t, owner.workspace.id, 'collaborator');
    expect(
      (await collaborator.client.put(`/api/time-entries/${mine.id}`, { hours: 9 })).statusCode,
    ).toBe(403);
    const theirs = (
      await collaborator.client.post('/api/time-entries', {
        projectId: p.id,
        hours: 1,
        date: today(),
      })
    ).json();
    expect(
      (await collaborator.client.put(`/api/time-entries/${theirs.id}`, { hours: 2 })).statusCode,
    ).toBe(200);
  });

  it('computes budget progress with the 75 % and 100 % thresholds', () => {
    const base = {
      status: 'active' as const,
      budgetType: 'time' as const,
      budgetLimit: '10.00',
      totalAmount: '0',
    };
    expect(budgetProgress({ ...base, totalHours: '7.00' })).toMatchObject({
      percent: 70,
      level: 'default',
    });
    expect(budgetProgress({ ...base, totalHours: '7.50' })).toMatchObject({
      percent: 75,
      level: 'warning',
    });
    expect(budgetProgress({ ...base, totalHours: '12.00' })).toMatchObject({
      percent: 100,
      share: 120,
      level: 'destructive',
    });
    expect(budgetProgress({ ...base, status: 'completed', totalHours: '12.00' }).level).toBe(
      'default',
    );
    expect(budgetProgress({ ...base, status: 'paused', totalHours: '1.00' }).level).toBe(
      'secondary',
    );
    expect(
      budgetProgress({ ...base, budgetType: 'budget', totalHours: '0', totalAmount: '9.00' }).level,
    ).toBe('warning');
  });
});

describe('the timer lives on the server', () => {
  it('starts, survives another device, pauses, and Stop & Log logs seconds/3600 as a timer session', async () => {
    const c = await newClient();
    const p = await newProject(c.id);
    expect((await owner.client.get('/api/timer')).json()).toBeNull();
    const started = await owner.client.post('/api/timer/start', { projectId: p.id });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      projectId: p.id,
      project: { name: 'Website' },
      elapsedSeconds: 0,
    });
    expect(started.json().startedAt).not.toBeNull();

    // Seen from another session of the same user.
    const { ApiClient } = await import('../../../../tests/support/test-app.ts');
    const device = new ApiClient(t.app);
    await device.post('/api/auth/login', { email: owner.email, password: owner.password });
    await device.post(`/api/workspaces/${owner.workspace.id}/switch`);
    expect((await device.get('/api/timer')).json()).toMatchObject({ projectId: p.id });

    // Pretend 90 minutes have run.
    await t.db
      .updateTable('timers')
      .set({ startedAt: sql<Date>`now() - interval '90 minutes'` })
      .execute();
    const paused = (await owner.client.post('/api/timer/pause')).json();
    expect(paused.startedAt).toBeNull();
    expect(paused.elapsedSeconds).toBeGreaterThanOrEqual(5400);
    const other = await newProject(c.id, { name: 'Other' });
    expect((await owner.client.post('/api/timer/start', { projectId: other.id })).statusCode).toBe(
      409,
    );

    const entry = (await owner.client.post('/api/timer/stop', { date: today() })).json();
    expect(entry).toMatchObject({
      hours: '1.50',
      description: 'Timer session',
      isTimer: true,
      userId: owner.user.id,
    });
    expect(await project(p.id)).toMatchObject({ totalHours: '1.50' });
    expect((await owner.client.get('/api/timer')).json()).toBeNull();
  });

  it('refuses a timer on a paused project', async () => {
    const c = await newClient();
    const p = await newProject(c.id, { status: 'paused' });
    expect((await owner.client.post('/api/timer/start', { projectId: p.id })).statusCode).toBe(409);
  });
});

describe('invoices', () => {
  it('creates a draft with the SPEC defaults: due in 30 days, amount 0, numbered when issued', async () => {
    const c = await newClient();
    const res = await owner.client.post('/api/invoices', { clientId: c.id });
    expect(res.statusCode).toBe(201);
    const invoice = res.json();
    expect(invoice).toMatchObject({
      status: 'draft',
      amount: '0.00',
      client: { name: 'Acme Client' },
      project: null,
    });
    // Keel numbers from the workspace sequence when the draft is issued (issue 18), where
    // the original stamped 'INV-' and a timestamp on every draft.
    expect(invoice.invoiceNumber).toBeNull();
    const days = (Date.parse(invoice.dueDate) - Date.parse(today())) / 86_400_000;
    expect(days).toBe(30);
  });

  it('refuses a duplicate number (409) and a project of another client', async () => {
    const c = await newClient();
    const d = await newClient(owner.client, 'Second');
    const p = await newProject(d.id);
    expect(
      (await owner.client.post('/api/invoices', { clientId: c.id, invoiceNumber: 'A-1' }))
        .statusCode,
    ).toBe(201);
    const dup = await owner.client.post('/api/invoices', { clientId: c.id, invoiceNumber: 'A-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('An invoice with this number already exists');
    expect(
      (
        await other.client.post('/api/invoices', {
          clientId: (await newClient(other.client)).id,
          invoiceNumber: 'A-1',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await owner.client.post('/api/invoices', { clientId: c.id, projectId: p.id })).statusCode,
    ).toBe(400);
  });

  it('allows exactly the transitions of SPEC §4 and sets the paid date', async () => {
    const c = await newClient();
    const make = async () =>
      (await owner.client.post('/api/invoices', { clientId: c.id, amount: 100 })).json()
        .id as number;
    const move = (id: number, status: string) =>
      owner.client.put(`/api/invoices/${id}`, { status });

    const a = await make();
    expect((await move(a, 'viewed')).statusCode).toBe(409);
    expect((await move(a, 'paid')).statusCode).toBe(409);
    expect((await move(a, 'sent')).json().status).toBe('sent');
    expect((await move(a, 'sent')).statusCode).toBe(409);
    expect((await move(a, 'viewed')).json().status).toBe('viewed');
    const paid = (await move(a, 'paid')).json();
    expect(paid).toMatchObject({ status: 'paid', paidDate: today() });
    for (const s of ['sent', 'viewed', 'paid']) expect((await move(a, s)).statusCode).toBe(409);

    const b = await make();
    await move(b, 'sent');
    expect((await move(b, 'paid')).json().status).toBe('paid');
    expect((await move(b, 'draft')).statusCode).toBe(400);
  });

  it('finds invoices by number, client or project name, filters by client and pages under the total', async () => {
    const zephyr = await newClient(owner.client, 'Zephyr Labs');
    const quokka = await newClient(owner.client, 'Quokka Co');
    const site = await newProject(zephyr.id, { name: 'Harbour Site' });
    const create = async (body: object) => {
      const res = await owner.client.post('/api/invoices', { amount: 10, ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; invoiceNumber: string | null };
    };
    const onSite = await create({ clientId: zephyr.id, projectId: site.id });
    const sent = await create({ clientId: zephyr.id, status: 'sent' });
    const other = await create({ clientId: quokka.id });
    const list = async (query: string) => {
      const res = await owner.client.get(`/api/invoices?${query}`);
      expect(res.statusCode).toBe(200);
      return {
        ids: (res.json() as { id: number }[]).map((i) => i.id).sort((a, b) => a - b),
        total: res.headers['x-total-count'],
      };
    };

    expect((await list('search=zephyr')).ids).toEqual([onSite.id, sent.id]);
    expect((await list('search=harbour%20s')).ids).toEqual([onSite.id]);
    expect(sent.invoiceNumber).toBeTruthy();
    expect((await list(`search=${sent.invoiceNumber}`)).ids).toEqual([sent.id]);
    expect((await list(`clientId=${quokka.id}`)).ids).toEqual([other.id]);
    expect(await list('search=zzqqxx-nothing')).toEqual({ ids: [], total: '0' });
    // A page of one, newest first, and the size of the whole filtered list.
    expect(await list(`clientId=${zephyr.id}&limit=1&offset=1`)).toEqual({
      ids: [onSite.id],
      total: '2',
    });
  });

  it('shows a sent invoice past its due date as overdue, and lets it be paid', async () => {
    const c = await newClient();
    const inv = (
      await owner.client.post('/api/invoices', {
        clientId: c.id,
        amount: 50,
        dueDate: '2020-01-01',
        status: 'sent',
      })
    ).json();
    expect(inv.status).toBe('overdue');
    expect(
      (await owner.client.get('/api/invoices?status=overdue'))
        .json()
        .map((i: { id: number }) => i.id),
    ).toContain(inv.id);
    expect(
      (await owner.client.put(`/api/invoices/${inv.id}`, { status: 'paid' })).json().status,
    ).toBe('paid');
  });

  it('invoices unbilled time at its cost and never twice', async () => {
    const c = await newClient();
    const p = await newProject(c.id);
    const e1 = (
      await owner.client.post('/api/time-entries', { projectId: p.id, hours: 1.25, date: today() })
    ).json();
    const e2 = (
      await owner.client.post('/api/time-entries', { projectId: p.id, hours: 0.5, date: today() })
    ).json();
    const unbilled = (
      await owner.client.get(`/api/time-entries?projectId=${p.id}&unbilled=true`)
    ).json();
    expect(unbilled.map((e: { id: number }) => e.id).sort()).toEqual([e1.id, e2.id].sort());

    const res = await owner.client.post('/api/invoices', {
      clientId: c.id,
      projectId: p.id,
      timeEntryIds: [e1.id, e2.id],
      amount: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      amount: '210.00',
      timeEntryCount: 2,
      project: { name: 'Website' },
    });
    expect(
      (await owner.client.get(`/api/time-entries?projectId=${p.id}&unbilled=true`)).json(),
    ).toEqual([]);

    const before = await snapshot(t.db);
    const again = await owner.client.post('/api/invoices', {
      clientId: c.id,
      projectId: p.id,
      timeEntryIds: [e1.id],
    });
    expect(again.statusCode).toBe(409);
    expect(await snapshot(t.db)).toBe(before);
    expect((await owner.client.put(`/api/time-entries/${e1.id}`, { hours: 5 })).statusCode).toBe(
      409,
    );

    // Deleting the draft frees its time again.
    await owner.client.delete(`/api/invoices/${res.json().id}`);
    expect(
      (await owner.client.get(`/api/time-entries?projectId=${p.id}&unbilled=true`)).json(),
    ).toHaveLength(2);
  });

  it("refuses another workspace's client and project ids with 404", async () => {
    const theirClient = await newClient(other.client, 'Their Client');
    const before = await snapshot(t.db);
    expect(
      (await owner.client.post('/api/invoices', { clientId: theirClient.id })).statusCode,
    ).toBe(404);
    expect(
      (
        await owner.client.post('/api/projects', {
          name: 'X',
          clientId: theirClient.id,
          budgetType: 'time',
          budgetLimit: 1,
          hourlyRate: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await owner.client.put(`/api/clients/${theirClient.id}`, { name: 'Mine now' })).statusCode,
    ).toBe(404);
    expect(await snapshot(t.db)).toBe(before);
  });
});

describe('proposals', () => {
  it('validates, persists, and enforces SPEC §4 transitions', async () => {
    const bad = await owner.client.post('/api/proposals', {
      title: '',
      clientName: 'C',
      description: 'D',
      amount: '1',
    });
    expect(bad.json().error).toBe('Title is required');
    expect(
      (
        await owner.client.post('/api/proposals', {
          title: 'T',
          clientName: 'C',
          description: 'D',
          amount: '',
        })
      ).json().error,
    ).toBe('Amount is required');
    const p = (
      await owner.client.post('/api/proposals', {
        title: 'Redesign',
        clientName: 'Acme',
        description: 'New site',
        amount: '4500',
      })
    ).json();
    expect(p).toMatchObject({ status: 'draft', amount: '4500.00' });
    // A decision is recorded through accept or decline (proposals.test.ts), never a status.
    expect(
      (await owner.client.put(`/api/proposals/${p.id}`, { status: 'accepted' })).statusCode,
    ).toBe(400);
    expect(
      (await owner.client.put(`/api/proposals/${p.id}`, { status: 'viewed' })).statusCode,
    ).toBe(409);
    expect(
      (await owner.client.put(`/api/proposals/${p.id}`, { status: 'sent' })).json().status,
    ).toBe('sent');
    expect((await owner.client.post(`/api/proposals/${p.id}/decline`, {})).json().decision).toBe(
      'declined',
    );
    expect((await owner.client.put(`/api/proposals/${p.id}`, { status: 'sent' })).statusCode).toBe(
      409,
    );
    expect(
      (await owner.client.get('/api/proposals?status=rejected'))
        .json()
        .map((x: { id: number }) => x.id),
    ).toEqual([p.id]);
  });
});

describe('dashboard', () => {
  it('answers stats equal to sums computed here', async () => {
    const fresh = await signUpWithWorkspace(t.app, 'Numbers Inc');
    const c = (
      await fresh.client.post('/api/clients', { name: 'C', email: 'c@numbers.io' })
    ).json();
    const p = (
      await fresh.client.post('/api/projects', {
        name: 'P',
        clientId: c.id,
        budgetType: 'time',
        budgetLimit: 10,
        hourlyRate: 80,
      })
    ).json();
    await fresh.client.post('/api/time-entries', { projectId: p.id, hours: 2.5, date: today() });
    await fresh.client.post('/api/time-entries', { projectId: p.id, hours: 1, date: '2001-01-01' });
    const personId = (await fresh.client.post('/api/persons', { fullName: 'A' })).json().id;
    await fresh.client.post('/api/organizations', { name: 'O' });
    await fresh.client.post('/api/leads', {
      dealName: 'L1',
      personId,
      value: 1000,
      probability: 50,
    });
    await fresh.client.post('/api/leads', {
      dealName: 'L2',
      personId,
      value: 333.33,
      probability: 30,
      stage: 'contacted',
    });
    await fresh.client.post('/api/leads', { dealName: 'W', personId, value: 700, stage: 'won' });
    const sent = (
      await fresh.client.post('/api/invoices', { clientId: c.id, amount: 120.5, status: 'sent' })
    ).json();
    await fresh.client.post('/api/invoices', {
      clientId: c.id,
      amount: 80,
      status: 'sent',
      dueDate: '2020-01-01',
    });
    const paid = (
      await fresh.client.post('/api/invoices', { clientId: c.id, amount: 99.99, status: 'sent' })
    ).json();
    await fresh.client.put(`/api/invoices/${paid.id}`, { status: 'paid' });
    expect(sent.status).toBe('sent');

    const stats = (await fresh.client.get('/api/dashboard/stats')).json();
    expect(stats).toEqual({
      contacts: 1,
      organizations: 1,
      openDeals: 2,
      pipelineValue: (1000 + 333.33).toFixed(2),
      weightedPipelineValue: (1000 * 0.5 + 333.33 * 0.3).toFixed(2),
      wonThisMonth: '700.00',
      activeProjects: 1,
      hoursThisWeek: '2.50',
      hoursThisMonth: '2.50',
      revenueThisMonth: '99.99',
      // Invoices of an amount alone carry no tax.
      taxCollectedThisMonth: '0.00',
      outstanding: (120.5 + 80).toFixed(2),
      overdueInvoices: 1,
      currency: 'USD',
      otherCurrencies: [],
      contractsAwaitingSignature: { count: 0, items: [] },
    });
    const overview = (await fresh.client.get('/api/dashboard/financial-overview')).json();
    expect(overview).toMatchObject({
      totalRevenue: '99.99',
      totalExpenses: '0.00',
      netProfit: '99.99',
      outstanding: '200.50',
    });
    expect(overview.revenueByMonth).toHaveLength(12);
    expect(overview.revenueByMonth.at(-1)).toEqual({
      month: today().slice(0, 7),
      revenue: '99.99',
      taxCollected: '0.00',
      expenses: '0.00',
    });
  });
});
