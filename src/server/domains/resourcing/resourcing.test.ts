import { addDays, format, parseISO, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { cents, fromCents } from '../../../../tests/support/hundredths.ts';
import { ok } from '../../../../tests/support/responses.ts';
import { todayIn } from '../../../shared/datetime.ts';
import { useTwoWorkspaces, joinAs } from '../../../../tests/support/test-app.ts';

/* Issue 22, item 6: resourcing (GET /api/resourcing) and members' capacity. */

const { t, owner, other } = useTwoWorkspaces('Load Studio', 'Other Studio');

const day = (date: Date) => format(date, 'yyyy-MM-dd');

describe('resourcing', () => {
  it('answers logged hours and open estimates per member per week against capacity', async () => {
    const workspaceId = owner.workspace.id;
    const mate = await joinAs(t, workspaceId, 'collaborator');
    const planner = await joinAs(t, workspaceId, 'project_manager');
    const project = await ok(
      owner.client.post('/api/projects', { name: 'Load', budgetType: 'time', budgetLimit: 0 }),
      201,
    );

    // Capacity: planners set anyone's, their own included; others cannot; 0–168 hours.
    await ok(
      planner.client.put(`/api/team/members/${mate.user.id}/capacity`, { capacityHours: 10 }),
    );
    expect(
      (
        await ok(
          planner.client.put(`/api/team/members/${planner.user.id}/capacity`, {
            capacityHours: '32.5',
          }),
        )
      ).capacityHours,
    ).toBe('32.50');
    const refused = await mate.client.put(`/api/team/members/${mate.user.id}/capacity`, {
      capacityHours: 80,
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await owner.client.put(`/api/team/members/${mate.user.id}/capacity`, { capacityHours: 169 }))
        .statusCode,
    ).toBe(400);
    // A member of another workspace is no member here.
    expect(
      (await owner.client.put(`/api/team/members/${other.user.id}/capacity`, { capacityHours: 5 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.client.put(`/api/team/members/${mate.user.id}/capacity`, { capacityHours: 5 }))
        .statusCode,
    ).toBe(404);
    const members = await ok(owner.client.get('/api/admin/users'));
    expect(members.find((m: { id: number }) => m.id === mate.user.id).capacityHours).toBe('10.00');
    expect(members.find((m: { id: number }) => m.id === owner.user.id).capacityHours).toBe('40.00');

    // Two weeks from Monday 2026-11-02; Sunday 11-01 belongs to the week before.
    const entries = [
      { userId: mate.user.id, date: '2026-11-01', hours: '6.00' },
      { userId: mate.user.id, date: '2026-11-02', hours: '3.50' },
      { userId: mate.user.id, date: '2026-11-08', hours: '4.25' },
      { userId: mate.user.id, date: '2026-11-10', hours: '1.00' },
      { userId: owner.user.id, date: '2026-11-04', hours: '7.75' },
      { userId: owner.user.id, date: '2026-11-15', hours: '2.00' },
    ];
    await t.db
      .insertInto('timeEntries')
      .values(entries.map((e) => ({ ...e, workspaceId, projectId: project.id, rate: '100' })))
      .execute();
    // Another workspace's time of the same member counts nowhere here.
    const elsewhere = await ok(
      other.client.post('/api/projects', { name: 'Away', budgetType: 'time', budgetLimit: 0 }),
      201,
    );
    await t.db
      .insertInto('userWorkspaces')
      .values({ workspaceId: other.workspace.id, userId: mate.user.id, role: 'collaborator' })
      .execute();
    await t.db
      .insertInto('timeEntries')
      .values({
        workspaceId: other.workspace.id,
        projectId: elsewhere.id,
        userId: mate.user.id,
        date: '2026-11-03',
        hours: '20.00',
        rate: '100',
      })
      .execute();
    const tasks = [
      {
        assignedUserId: mate.user.id,
        dueDate: '2026-11-06',
        estimateHours: '3.00',
        status: 'todo',
      },
      {
        assignedUserId: mate.user.id,
        dueDate: '2026-11-03',
        estimateHours: '0.50',
        status: 'in_progress',
      },
      { assignedUserId: mate.user.id, dueDate: '2026-11-05', estimateHours: '50', status: 'done' },
      { assignedUserId: owner.user.id, dueDate: '2026-11-12', estimateHours: '8', status: 'todo' },
      { assignedUserId: null, dueDate: '2026-11-12', estimateHours: '30', status: 'todo' },
    ];
    await t.db
      .insertInto('tasks')
      .values(
        tasks.map((task, i) => ({ ...task, title: `T${i}`, workspaceId, projectId: project.id })),
      )
      .execute();

    // `from` is normalised to its week's Monday.
    const load = await ok(owner.client.get('/api/resourcing?from=2026-11-05&weeks=2'));
    expect(load.from).toBe('2026-11-02');
    expect(load.weeks).toEqual(['2026-11-02', '2026-11-09']);
    expect(load.members.map((m: { userId: number }) => m.userId).sort()).toEqual(
      [owner.user.id, mate.user.id, planner.user.id].sort(),
    );
    const doneStatuses = new Set(['done']);
    for (const member of load.members) {
      expect(member.weeks.map((w: { weekStart: string }) => w.weekStart)).toEqual(load.weeks);
      for (const week of member.weeks) {
        const start = parseISO(week.weekStart);
        const days = new Set(Array.from({ length: 7 }, (_, i) => day(addDays(start, i))));
        const logged = entries
          .filter((e) => e.userId === member.userId && days.has(e.date))
          .reduce((sum, e) => sum + cents(e.hours), 0);
        const planned = tasks
          .filter(
            (task) =>
              task.assignedUserId === member.userId &&
              days.has(task.dueDate) &&
              !doneStatuses.has(task.status),
          )
          .reduce((sum, task) => sum + cents(task.estimateHours), 0);
        expect(week).toEqual({
          weekStart: week.weekStart,
          loggedHours: fromCents(logged),
          plannedHours: fromCents(planned),
          bookedHours: fromCents(logged + planned),
          overbooked: logged + planned > cents(member.capacityHours),
        });
      }
    }
    const mateLoad = load.members.find((m: { userId: number }) => m.userId === mate.user.id);
    expect(mateLoad.capacityHours).toBe('10.00');
    // 3.50 + 4.25 logged and 3.00 + 0.50 planned: 11.25 of 10 hours.
    expect(mateLoad.weeks[0]).toMatchObject({ bookedHours: '11.25', overbooked: true });
    expect(mateLoad.weeks[1]).toMatchObject({ bookedHours: '1.00', overbooked: false });

    // Exactly at capacity is not overbooked.
    await ok(
      owner.client.put(`/api/team/members/${mate.user.id}/capacity`, { capacityHours: 11.25 }),
    );
    const atCapacity = await ok(mate.client.get('/api/resourcing?from=2026-11-02&weeks=1'));
    // A collaborator sees their own line only.
    expect(atCapacity.members).toHaveLength(1);
    expect(atCapacity.members[0]).toMatchObject({ userId: mate.user.id, capacityHours: '11.25' });
    expect(atCapacity.members[0].weeks[0]).toMatchObject({ overbooked: false });

    // An open task without a due date counts in this week (the workspace's).
    const { timezone } = await ok(owner.client.get('/api/settings/business'));
    const thisWeek = day(startOfWeek(parseISO(todayIn(timezone)), { weekStartsOn: 1 }));
    await t.db
      .insertInto('tasks')
      .values({
        workspaceId,
        projectId: project.id,
        title: 'Undated',
        assignedUserId: planner.user.id,
        estimateHours: '40',
      })
      .execute();
    const current = await ok(planner.client.get('/api/resourcing'));
    expect(current.from).toBe(thisWeek);
    expect(current.currentWeek).toBe(thisWeek);
    expect(current.weeks).toHaveLength(8);
    const plannerNow = current.members.find(
      (m: { userId: number }) => m.userId === planner.user.id,
    );
    expect(plannerNow.weeks[0]).toMatchObject({ plannedHours: '40.00', overbooked: true });
    expect(plannerNow.weeks[1]).toMatchObject({ plannedHours: '0.00', overbooked: false });

    expect((await owner.client.get('/api/resourcing?weeks=27')).statusCode).toBe(400);
    expect((await owner.client.get('/api/resourcing?from=2026-13-01')).statusCode).toBe(400);
    // Another workspace sees its own members only.
    const theirs = await ok(other.client.get('/api/resourcing?from=2026-11-02&weeks=1'));
    expect(theirs.members.map((m: { userId: number }) => m.userId).sort()).toEqual(
      [other.user.id, mate.user.id].sort(),
    );
    expect(
      theirs.members.find((m: { userId: number }) => m.userId === mate.user.id).weeks[0]
        .loggedHours,
    ).toBe('20.00');
  });
});
