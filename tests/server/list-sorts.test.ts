import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminInvitationSort,
  AdminUserSort,
  AdminWorkspaceSort,
} from '../../src/shared/admin.schema.ts';
import { INVOICE_SORT_LABELS } from '../../src/shared/invoices.schema.ts';
import { PROJECT_SORT_LABELS } from '../../src/shared/projects.schema.ts';
import { PROPOSAL_SORT_LABELS } from '../../src/shared/proposals.schema.ts';
import { callerOf } from '../support/caller.ts';
import { createTestApp, signUpWithWorkspace, type TestApp } from '../support/test-app.ts';

/*
 * Issue 17 §1: every card list orders on the server by each order its sort select offers,
 * the id breaking ties and empty values last, and pages never repeat a row.
 */

let t: TestApp;
let caller: Awaited<ReturnType<typeof callerOf>>;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUpWithWorkspace(t.app, 'Sorted Ltd');
  caller = await callerOf(t, owner, owner.workspace.id);
});
afterAll(() => t.close());

describe('list sorts', () => {
  it('orders projects by name, age and hours', async () => {
    for (const name of ['beta', 'Alpha', 'gamma']) await caller.projects.create({ name });
    const names = async (sort: keyof typeof PROJECT_SORT_LABELS) =>
      (await caller.projects.list({ sort, limit: 50 })).items.map((p) => p.name);
    expect(await names('-createdAt')).toEqual(['gamma', 'Alpha', 'beta']);
    expect(await names('createdAt')).toEqual(['beta', 'Alpha', 'gamma']);
    expect(await names('name')).toEqual(['Alpha', 'beta', 'gamma']);
    expect(await names('-name')).toEqual(['gamma', 'beta', 'Alpha']);
    const [, alpha] = (await caller.projects.list({ sort: 'createdAt', limit: 50 })).items;
    await caller.time.create({ projectId: alpha!.id, hours: '2.5', date: '2026-11-20' });
    expect((await names('-totalHours'))[0]).toBe('Alpha');
    // Pages of one, in a non-default order, meet every project once.
    const pages = [];
    for (let offset = 0; offset < 3; offset += 1) {
      pages.push(...(await caller.projects.list({ sort: 'name', limit: 1, offset })).items);
    }
    expect(pages.map((p) => p.name)).toEqual(['Alpha', 'beta', 'gamma']);
  });

  it('orders proposals by title, amount and due date, undated last', async () => {
    const base = { clientName: 'Initech', description: 'Work' };
    await caller.proposals.create({ ...base, title: 'b', amount: '300.00', dueDate: null });
    await caller.proposals.create({
      ...base,
      title: 'a',
      amount: '1000.00',
      dueDate: '2027-01-02',
    });
    await caller.proposals.create({ ...base, title: 'c', amount: '20.00', dueDate: '2026-12-01' });
    const titles = async (sort: keyof typeof PROPOSAL_SORT_LABELS) =>
      (await caller.proposals.list({ sort, limit: 50 })).items.map((p) => p.title);
    expect(await titles('title')).toEqual(['a', 'b', 'c']);
    expect(await titles('-amount')).toEqual(['a', 'b', 'c']);
    expect(await titles('dueDate')).toEqual(['c', 'a', 'b']);
    expect(await titles('createdAt')).toEqual(['b', 'a', 'c']);
  });

  it('orders invoices by amount and due date, and keeps the older orderBy', async () => {
    const client = await caller.clients.create({ name: 'Umbrella', email: 'ap@umbrella.example' });
    const make = (amount: string, dueDate: string | null) =>
      caller.invoices.create({ clientId: client.id, amount, dueDate });
    const small = await make('10.00', '2026-12-24');
    const large = await make('999.99', null);
    const middle = await make('100.00', '2026-12-01');
    const ids = async (input: { sort?: keyof typeof INVOICE_SORT_LABELS; orderBy?: 'dueDate' }) =>
      (await caller.invoices.list({ ...input, limit: 50 })).items.map((i) => i.id);
    expect(await ids({ sort: '-amount' })).toEqual([large.id, middle.id, small.id]);
    expect(await ids({ sort: 'amount' })).toEqual([small.id, middle.id, large.id]);
    expect(await ids({ sort: 'dueDate' })).toEqual([middle.id, small.id, large.id]);
    expect(await ids({ orderBy: 'dueDate' })).toEqual([middle.id, small.id, large.id]);
    expect(await ids({})).toEqual([middle.id, large.id, small.id]);
  });

  it("orders the console's users and workspaces", async () => {
    const admin = await signUpWithWorkspace(t.app, 'Console Ltd');
    await t.db
      .updateTable('users')
      .set({ isAdmin: true })
      .where('id', '=', admin.user.id)
      .execute();
    await signUpWithWorkspace(t.app, 'another Workspace');
    const console = await callerOf(t, admin, admin.workspace.id);
    const emails = async (sort: AdminUserSort) =>
      (await console.admin.users({ sort, limit: 50 })).items.map((u) => u.email);
    const byEmail = await emails('email');
    expect(byEmail.length).toBeGreaterThanOrEqual(3);
    expect(await emails('-email')).toEqual([...byEmail].reverse());
    expect(await emails('createdAt')).toEqual([...(await emails('-createdAt'))].reverse());
    const workspaces = async (sort: AdminWorkspaceSort) =>
      (await console.admin.workspaces({ sort, limit: 50 })).items;
    const names = (await workspaces('name')).map((w) => w.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const counts = (await workspaces('-userCount')).map((w) => w.userCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    for (const email of ['bea@invited.example', 'al@invited.example', 'cy@invited.example']) {
      const res = await admin.client.post('/api/admin/invite', { email, fullName: 'Invited' });
      expect(res.statusCode).toBe(201);
    }
    const invited = async (sort: AdminInvitationSort) =>
      (await console.admin.invitations({ sort, limit: 50 })).items.map((i) => i.email);
    expect(await invited('email')).toEqual([
      'al@invited.example',
      'bea@invited.example',
      'cy@invited.example',
    ]);
    expect(await invited('-createdAt')).toEqual([
      'cy@invited.example',
      'al@invited.example',
      'bea@invited.example',
    ]);
  });
});
