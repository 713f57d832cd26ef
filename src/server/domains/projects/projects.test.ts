import { describe, expect, it } from 'vitest';
import { cents, fromCents } from '../../../../tests/support/hundredths.ts';
import { ok } from '../../../../tests/support/responses.ts';
import { useTwoWorkspaces, joinAs } from '../../../../tests/support/test-app.ts';

/* Issue 22, item 1: the project page's figures (GET /api/projects/{id}). */

const { t, owner, other } = useTwoWorkspaces('Burn Studio', 'Other Studio');

/** round(hours × rate, 2), half away from zero as PostgreSQL rounds numeric. */
const lineCents = (hours: string, rate: string) =>
  Math.floor((cents(hours) * cents(rate) + 50) / 100);

describe('GET /api/projects/{id}', () => {
  it('answers the budget burn from the entries, each at its stored rate, and the team', async () => {
    const workspaceId = owner.workspace.id;
    const mate = await joinAs(t, workspaceId, 'collaborator');
    const planner = await joinAs(t, workspaceId, 'project_manager');
    const client = await ok(
      owner.client.post('/api/clients', { name: 'Burn Client', email: 'burn@example.com' }),
      201,
    );
    const project = await ok(
      owner.client.post('/api/projects', {
        name: 'Burn Project',
        clientId: client.id,
        budgetType: 'time',
        budgetLimit: 10,
        hourlyRate: 100,
        assignedUserId: planner.user.id,
      }),
      201,
    );
    const entries = [
      { userId: owner.user.id, hours: '1.25', rate: '100.00', date: '2026-11-02' },
      { userId: owner.user.id, hours: '2.50', rate: '80.50', date: '2026-11-03' },
      { userId: mate.user.id, hours: '0.33', rate: '133.33', date: '2026-11-04' },
      { userId: mate.user.id, hours: '4.17', rate: '99.99', date: '2026-11-05' },
    ];
    const ids: number[] = [];
    for (const e of entries) {
      const row = await t.db
        .insertInto('timeEntries')
        .values({ ...e, workspaceId, projectId: project.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    // Another project's time counts nowhere here.
    const elsewhere = await ok(
      owner.client.post('/api/projects', { name: 'Elsewhere', budgetType: 'time', budgetLimit: 5 }),
      201,
    );
    await t.db
      .insertInto('timeEntries')
      .values({
        workspaceId,
        projectId: elsewhere.id,
        userId: owner.user.id,
        hours: '9.00',
        rate: '50.00',
        date: '2026-11-02',
      })
      .execute();
    // The first two entries billed on a draft invoice.
    await ok(
      owner.client.post('/api/invoices', {
        clientId: client.id,
        projectId: project.id,
        timeEntryIds: ids.slice(0, 2),
      }),
      201,
    );
    await t.db
      .insertInto('tasks')
      .values([
        { workspaceId, projectId: project.id, title: 'Open', assignedUserId: mate.user.id },
        {
          workspaceId,
          projectId: project.id,
          title: 'Closed',
          assignedUserId: mate.user.id,
          status: 'done',
        },
      ])
      .execute();

    const hours = entries.reduce((sum, e) => sum + cents(e.hours), 0);
    const amount = entries.reduce((sum, e) => sum + lineCents(e.hours, e.rate), 0);
    const billed = entries.slice(0, 2);
    const billedHours = billed.reduce((sum, e) => sum + cents(e.hours), 0);
    const billedAmount = billed.reduce((sum, e) => sum + lineCents(e.hours, e.rate), 0);
    const byUser = (userId: number) => entries.filter((e) => e.userId === userId);

    const detail = await ok(owner.client.get(`/api/projects/${project.id}`));
    expect(detail).toMatchObject({
      id: project.id,
      name: 'Burn Project',
      client: { id: client.id, name: 'Burn Client' },
      assignee: { id: planner.user.id },
      status: 'active',
      budgetType: 'time',
      budgetLimit: '10.00',
      hourlyRate: '100.00',
    });
    expect(detail.burn).toEqual({
      hours: fromCents(hours),
      amount: fromCents(amount),
      billedHours: fromCents(billedHours),
      unbilledHours: fromCents(hours - billedHours),
      billedAmount: fromCents(billedAmount),
      unbilledAmount: fromCents(amount - billedAmount),
      used: fromCents(hours),
      percentUsed: Math.round((hours / 1000) * 1000) / 10,
      level: 'warning',
    });
    expect(detail.burn.hours).toBe('8.25');

    const team = detail.team as { userId: number; hours: string; amount: string }[];
    expect(team.map((m) => m.userId).sort()).toEqual(
      [owner.user.id, mate.user.id, planner.user.id].sort(),
    );
    for (const userId of [owner.user.id, mate.user.id]) {
      expect(team.find((m) => m.userId === userId)).toMatchObject({
        hours: fromCents(byUser(userId).reduce((sum, e) => sum + cents(e.hours), 0)),
        amount: fromCents(byUser(userId).reduce((sum, e) => sum + lineCents(e.hours, e.rate), 0)),
        isAssignee: false,
      });
    }
    expect(team.find((m) => m.userId === mate.user.id)).toMatchObject({ openTasks: 1 });
    expect(team.find((m) => m.userId === planner.user.id)).toMatchObject({
      hours: '0.00',
      amount: '0.00',
      isAssignee: true,
      openTasks: 0,
    });

    // A fixed budget measures money; a paused project is shown as such whatever it used.
    await ok(
      owner.client.put(`/api/projects/${project.id}`, { budgetType: 'budget', budgetLimit: 500 }),
    );
    const money = await ok(owner.client.get(`/api/projects/${project.id}`));
    expect(money.burn.used).toBe(fromCents(amount));
    expect(money.burn.percentUsed).toBe(Math.round((amount / 50000) * 1000) / 10);
    expect(money.burn.level).toBe(amount >= 50000 ? 'destructive' : 'warning');
    await ok(owner.client.put(`/api/projects/${project.id}`, { status: 'paused' }));
    expect((await ok(owner.client.get(`/api/projects/${project.id}`))).burn.level).toBe(
      'secondary',
    );

    // The project's invoices, through the invoices list.
    const invoices = await ok(owner.client.get(`/api/invoices?projectId=${project.id}`));
    expect(invoices.map((i: { projectId: number }) => i.projectId)).toEqual([project.id]);
    expect(await ok(owner.client.get(`/api/invoices?projectId=${elsewhere.id}`))).toEqual([]);

    // Every member reads it; another workspace does not see it exists.
    await ok(mate.client.get(`/api/projects/${project.id}`));
    const foreign = await other.client.get(`/api/projects/${project.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Burn Project');
    expect((await owner.client.get('/api/projects/999999')).statusCode).toBe(404);
  });
});
