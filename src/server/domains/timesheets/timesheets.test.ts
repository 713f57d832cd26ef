import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  useTwoWorkspaces,
  joinAs,
  useMember,
  snapshot,
} from '../../../../tests/support/test-app.ts';

/* Issue 22, item 4: weekly timesheets, their approval, and the lock of approved weeks. */

const { t, owner, other } = useTwoWorkspaces('Timesheet Studio', 'Solo Studio');
const member = useMember(t, owner, 'collaborator');
const manager = useMember(t, owner, 'project_manager');
let projectId: number;
let secondProjectId: number;
let clientId: number;

type Res = { statusCode: number; body: string; json: () => any };

async function ok<T = any>(res: Promise<Res>, status = 200) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return r.json() as T;
}

async function refused(res: Promise<Res>, status: number, message?: RegExp) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  if (message) expect(r.json().message ?? r.json().error).toMatch(message);
}

beforeAll(async () => {
  clientId = (
    await ok(owner.client.post('/api/clients', { name: 'Acme', email: 'a@acme.com' }), 201)
  ).id;
  const project = (name: string) =>
    ok(
      owner.client.post('/api/projects', {
        name,
        clientId,
        budgetType: 'time',
        budgetLimit: 100,
        hourlyRate: 100,
      }),
      201,
    );
  projectId = (await project('Website')).id;
  secondProjectId = (await project('Brand')).id;
});

const log = (client: typeof owner.client, date: string, hours: number, project = projectId) =>
  ok(client.post('/api/time-entries', { projectId: project, hours, date }), 201);

async function newTask(title: string, project = projectId) {
  const row = await t.db
    .insertInto('tasks')
    .values({ workspaceId: owner.workspace.id, projectId: project, title })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const LOCKED = /approved and locked/;

describe('the week grid', () => {
  it('sums a week per project, task and day as the database does', async () => {
    const taskId = await newTask('Design');
    // Week of Monday 2026-10-05; entries on the Sunday before and Monday after are left out.
    await log(member.client, '2026-10-04', 9);
    await log(member.client, '2026-10-12', 9);
    await log(member.client, '2026-10-05', 1.25);
    await log(member.client, '2026-10-05', 0.5); // the same cell twice
    await log(member.client, '2026-10-07', 2.33);
    await log(member.client, '2026-10-11', 0.01);
    await log(member.client, '2026-10-06', 3, secondProjectId);
    await ok(
      member.client.post('/api/time-entries', {
        projectId,
        taskId,
        hours: 4.75,
        date: '2026-10-09',
      }),
      201,
    );
    await log(owner.client, '2026-10-06', 7); // someone else's time

    const sheet = await ok(member.client.get('/api/timesheets?week=2026-10-08'));
    expect(sheet).toMatchObject({
      userId: member.user.id,
      weekStart: '2026-10-05',
      status: 'open',
      editable: true,
      reviewer: null,
    });
    expect(sheet.days).toEqual([
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
      '2026-10-08',
      '2026-10-09',
      '2026-10-10',
      '2026-10-11',
    ]);

    // Independently: the database's own sums over the same entries.
    const cells = await sql<{
      projectId: number;
      taskId: number | null;
      date: string;
      hours: string;
    }>`
      select project_id as "projectId", task_id as "taskId", to_char(date, 'YYYY-MM-DD') as date,
        sum(hours)::numeric(12, 2)::text as hours
      from time_entries where workspace_id = ${owner.workspace.id} and user_id = ${member.user.id}
        and date between '2026-10-05' and '2026-10-11'
      group by project_id, task_id, date`.execute(t.db);
    const expected = new Map(
      cells.rows.map((c) => [`${c.projectId}:${c.taskId}:${c.date}`, c.hours]),
    );
    const seen = new Map<string, string>();
    for (const row of sheet.rows) {
      for (const cell of row.cells) {
        if (cell.hours !== '0.00')
          seen.set(`${row.projectId}:${row.taskId}:${cell.date}`, cell.hours);
      }
    }
    expect(seen).toEqual(expected);
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows.find((r: any) => r.taskId === taskId)).toMatchObject({
      projectName: 'Website',
      taskTitle: 'Design',
      total: '4.75',
    });

    const totals = await sql<{ date: string; hours: string }>`
      select to_char(date, 'YYYY-MM-DD') as date, sum(hours)::numeric(12, 2)::text as hours
      from time_entries where workspace_id = ${owner.workspace.id} and user_id = ${member.user.id}
        and date between '2026-10-05' and '2026-10-11' group by date`.execute(t.db);
    const byDay = new Map(totals.rows.map((r) => [r.date, r.hours]));
    expect(sheet.dayTotals).toEqual(sheet.days.map((d: string) => byDay.get(d) ?? '0.00'));
    const week = await sql<{ hours: string }>`
      select sum(hours)::numeric(12, 2)::text as hours from time_entries
      where workspace_id = ${owner.workspace.id} and user_id = ${member.user.id}
        and date between '2026-10-05' and '2026-10-11'`.execute(t.db);
    expect(sheet.total).toBe(week.rows[0]!.hours);
    expect(sheet.total).toBe('11.84');
    for (const row of sheet.rows) {
      const sum = row.cells.reduce((s: number, c: any) => s + Math.round(Number(c.hours) * 100), 0);
      expect(row.total).toBe((sum / 100).toFixed(2));
    }
    const twice = sheet.rows.find((r: any) => r.projectId === projectId && r.taskId === null);
    expect(twice.cells[0]).toMatchObject({ hours: '1.75' });
    expect(twice.cells[0].entryIds).toHaveLength(2);
  });

  it('sets a cell through the time log: one entry, then the latest of several', async () => {
    const cell = (hours: number | string, date = '2026-09-07') =>
      member.client.put('/api/timesheets/cell', { date, projectId: secondProjectId, hours });
    const first = await ok(cell(2.5));
    expect(first.rows[0]).toMatchObject({ projectId: secondProjectId, total: '2.50' });
    const [entryId] = first.rows[0].cells[0].entryIds;
    // The entry was logged as time is: the member's, at the project's rate.
    const entry = await t.db
      .selectFrom('timeEntries')
      .selectAll()
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ userId: member.user.id, hours: '2.50', rate: '100.00' });

    expect((await ok(cell(3))).rows[0].cells[0]).toEqual({
      date: '2026-09-07',
      hours: '3.00',
      entryIds: [entryId],
    });
    // A second entry in the cell: the cell's change goes to the latest one.
    const second = await log(member.client, '2026-09-07', 1, secondProjectId);
    expect((await ok(cell(4.5))).rows[0].cells[0].hours).toBe('4.50');
    const hoursOf = async (ids: number[]) =>
      (
        await t.db
          .selectFrom('timeEntries')
          .select(['id', 'hours'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      ).map((h) => h.hours);
    expect(await hoursOf([entryId, second.id])).toEqual(['3.00', '1.50']);
    // Down to zero, the latest entry is deleted.
    expect((await ok(cell('3'))).rows[0].cells[0].entryIds).toEqual([entryId]);
    expect(await hoursOf([entryId, second.id])).toEqual(['3.00']);
    // A decrease the latest entry cannot absorb is refused, and nothing changes.
    const third = await log(member.client, '2026-09-07', 1, secondProjectId);
    const before = await snapshot(t.db);
    await refused(cell(1), 409, /time log/);
    expect(await snapshot(t.db)).toBe(before);
    await ok(member.client.delete(`/api/time-entries/${third.id}`));
    const emptied = await ok(cell(0));
    expect(emptied.rows).toEqual([]);
    expect(emptied.total).toBe('0.00');
    await refused(cell(25), 400);
    await refused(cell('abc'), 400);
  });

  it("shows another member's week only to roles that manage time", async () => {
    await refused(
      member.client.get(`/api/timesheets?week=2026-10-05&userId=${owner.user.id}`),
      403,
    );
    const seen = await ok(
      manager.client.get(`/api/timesheets?week=2026-10-05&userId=${member.user.id}`),
    );
    expect(seen).toMatchObject({ userId: member.user.id, total: '11.84', editable: false });
    await refused(member.client.get('/api/timesheets?week=2026-13-01'), 400);
    await refused(member.client.get('/api/timesheets'), 400);
  });
});

describe('submitting, reviewing and locking', () => {
  const week = '2026-08-03';

  it('moves a week through submit, reject, submit, approve and unlock, by the right roles', async () => {
    const entry = await log(member.client, '2026-08-04', 2);
    await refused(
      member.client.post('/api/timesheets/approve', { userId: member.user.id, week }),
      403,
    );
    await refused(
      manager.client.post('/api/timesheets/approve', { userId: member.user.id, week }),
      409,
      /submitted/,
    );
    const submitted = await ok(
      member.client.post('/api/timesheets/submit', { week: '2026-08-09' }),
    );
    expect(submitted).toMatchObject({ weekStart: week, status: 'submitted', editable: false });
    expect(submitted.submittedAt).toEqual(expect.any(String));
    await refused(member.client.post('/api/timesheets/submit', { week }), 409, /already/);
    // Submitted weeks are read-only in the grid, but not locked in the time log.
    await refused(
      member.client.put('/api/timesheets/cell', { date: '2026-08-04', projectId, hours: 3 }),
      409,
      /submitted/,
    );

    const pending = await ok(manager.client.get('/api/timesheets/pending'));
    expect(pending).toContainEqual(
      expect.objectContaining({ userId: member.user.id, weekStart: week, total: '2.00' }),
    );
    await refused(member.client.get('/api/timesheets/pending'), 403);

    await refused(
      manager.client.post('/api/timesheets/reject', { userId: member.user.id, week, comment: ' ' }),
      400,
    );
    const rejected = await ok(
      manager.client.post('/api/timesheets/reject', {
        userId: member.user.id,
        week,
        comment: 'Tuesday is missing the client call',
      }),
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      comment: 'Tuesday is missing the client call',
      reviewer: { id: manager.user.id },
    });
    expect((await ok(member.client.get(`/api/timesheets?week=${week}`))).editable).toBe(true);
    await ok(
      member.client.put('/api/timesheets/cell', { date: '2026-08-04', projectId, hours: 3 }),
    );
    await ok(member.client.post('/api/timesheets/submit', { week }));

    const approved = await ok(
      owner.client.post('/api/timesheets/approve', { userId: member.user.id, week }),
    );
    expect(approved).toMatchObject({ status: 'approved', comment: null, total: '3.00' });
    expect(approved.reviewer).toMatchObject({ id: owner.user.id });
    await refused(
      owner.client.post('/api/timesheets/approve', { userId: member.user.id, week }),
      409,
      /already approved/,
    );
    expect(
      (await ok(manager.client.get('/api/timesheets/pending'))).some(
        (p: any) => p.userId === member.user.id && p.weekStart === week,
      ),
    ).toBe(false);

    // Locked: no entry of the week may be logged, changed, moved in or out, or deleted,
    // by its member or a manager, in the time log, the grid or the timer.
    const before = await snapshot(t.db);
    await refused(
      member.client.post('/api/time-entries', { projectId, hours: 1, date: '2026-08-09' }),
      409,
      LOCKED,
    );
    await refused(member.client.put(`/api/time-entries/${entry.id}`, { hours: 5 }), 409, LOCKED);
    await refused(manager.client.put(`/api/time-entries/${entry.id}`, { hours: 5 }), 409, LOCKED);
    await refused(
      member.client.put(`/api/time-entries/${entry.id}`, { date: '2026-08-20' }),
      409,
      LOCKED,
    );
    await refused(member.client.delete(`/api/time-entries/${entry.id}`), 409, LOCKED);
    await refused(
      member.client.put('/api/timesheets/cell', { date: '2026-08-05', projectId, hours: 1 }),
      409,
      LOCKED,
    );
    await refused(member.client.post('/api/timesheets/submit', { week }), 409, LOCKED);
    expect(await snapshot(t.db)).toBe(before);
    const outside = await log(member.client, '2026-08-12', 1);
    await refused(
      member.client.put(`/api/time-entries/${outside.id}`, { date: '2026-08-06' }),
      409,
      LOCKED,
    );
    // The timer stops into a locked day: refused, and the timer keeps its time.
    await ok(member.client.post('/api/timer/start', { projectId }));
    await t.db
      .updateTable('timers')
      .set({ elapsedSeconds: 600 })
      .where('userId', '=', member.user.id)
      .execute();
    await refused(member.client.post('/api/timer/stop', { date: '2026-08-07' }), 409, LOCKED);
    expect(await ok(member.client.get('/api/timer'))).toMatchObject({ projectId });
    await ok(member.client.delete('/api/timer'));
    // The lock is the member's: others' time on those days is free.
    await log(manager.client, '2026-08-05', 1);

    await refused(
      member.client.post('/api/timesheets/unlock', { userId: member.user.id, week }),
      403,
    );
    const unlocked = await ok(
      manager.client.post('/api/timesheets/unlock', { userId: member.user.id, week }),
    );
    expect(unlocked).toMatchObject({ status: 'open', editable: false });
    await refused(
      manager.client.post('/api/timesheets/unlock', { userId: member.user.id, week }),
      409,
      /Only an approved week/,
    );
    await ok(member.client.put(`/api/time-entries/${entry.id}`, { hours: 5 }));
    await ok(member.client.delete(`/api/time-entries/${entry.id}`));
    await log(member.client, '2026-08-09', 1);

    const logged = await t.db
      .selectFrom('activityLogs')
      .select(['action', 'userId', 'details'])
      .where('workspaceId', '=', owner.workspace.id)
      .where('action', 'like', 'timesheet_%')
      .orderBy('id')
      .execute();
    expect(logged.map((l) => [l.action, l.userId])).toEqual([
      ['timesheet_rejected', manager.user.id],
      ['timesheet_approved', owner.user.id],
      ['timesheet_unlocked', manager.user.id],
    ]);
    expect(logged[2]!.details).toBe(
      `Unlocked the timesheet of ${member.user.fullName} for the week of ${week}`,
    );
  });

  it("lets a manager review others' weeks only, unless they work alone", async () => {
    const mine = '2026-07-06';
    await ok(manager.client.post('/api/timesheets/submit', { week: mine }));
    await refused(
      manager.client.post('/api/timesheets/approve', { userId: manager.user.id, week: mine }),
      403,
      /Another manager/,
    );
    await ok(owner.client.post('/api/timesheets/approve', { userId: manager.user.id, week: mine }));

    // A freelancer alone in their workspace approves and unlocks their own weeks.
    const soloEntry = await log(
      other.client,
      mine,
      1,
      (
        await ok(
          other.client.post('/api/projects', {
            name: 'Solo',
            clientId: (
              await ok(
                other.client.post('/api/clients', { name: 'Solo client', email: 's@x.com' }),
                201,
              )
            ).id,
            budgetType: 'time',
            budgetLimit: 10,
            hourlyRate: 50,
          }),
          201,
        )
      ).id,
    );
    // A collaborator joining changes nothing: nobody else reviews weeks there.
    const helper = await joinAs(t, other.workspace.id, 'collaborator');
    await ok(other.client.post('/api/timesheets/submit', { week: mine }));
    await ok(other.client.post('/api/timesheets/approve', { userId: other.user.id, week: mine }));
    await refused(other.client.delete(`/api/time-entries/${soloEntry.id}`), 409, LOCKED);
    await ok(other.client.post('/api/timesheets/unlock', { userId: other.user.id, week: mine }));
    await ok(other.client.delete(`/api/time-entries/${soloEntry.id}`));
    await refused(
      helper.client.post('/api/timesheets/approve', { userId: other.user.id, week: mine }),
      403,
    );
    await t.db
      .deleteFrom('userWorkspaces')
      .where('workspaceId', '=', other.workspace.id)
      .where('userId', '=', helper.user.id)
      .execute();
  });

  it("keeps workspaces apart: another workspace's members and weeks are not found", async () => {
    await refused(
      other.client.get(`/api/timesheets?week=2026-08-03&userId=${member.user.id}`),
      404,
    );
    for (const action of ['approve', 'unlock']) {
      await refused(
        other.client.post(`/api/timesheets/${action}`, {
          userId: member.user.id,
          week: '2026-08-03',
        }),
        404,
      );
    }
    await refused(
      other.client.put('/api/timesheets/cell', { date: '2026-06-01', projectId, hours: 1 }),
      404,
    );
    expect(
      (await ok(other.client.get('/api/timesheets/pending'))).every(
        (p: any) => p.userId === other.user.id,
      ),
    ).toBe(true);
    // The member's approved week here does not lock their time in another workspace.
    const week = '2026-06-01';
    await log(member.client, week, 1);
    await ok(member.client.post('/api/timesheets/submit', { week }));
    await ok(manager.client.post('/api/timesheets/approve', { userId: member.user.id, week }));
    await t.db
      .insertInto('userWorkspaces')
      .values({ workspaceId: other.workspace.id, userId: member.user.id, role: 'collaborator' })
      .execute();
    const switched = member.client;
    await ok(switched.post(`/api/workspaces/${other.workspace.id}/switch`));
    const theirProject = (await ok(switched.get('/api/projects'))).find(
      (p: any) => p.name === 'Solo',
    );
    await ok(
      switched.post('/api/time-entries', { projectId: theirProject.id, hours: 1, date: week }),
      201,
    );
    expect((await ok(switched.get(`/api/timesheets?week=${week}`))).status).toBe('open');
    await ok(switched.post(`/api/workspaces/${owner.workspace.id}/switch`));
    await t.db
      .deleteFrom('userWorkspaces')
      .where('workspaceId', '=', other.workspace.id)
      .where('userId', '=', member.user.id)
      .execute();
  });
});

describe('invoicing only approved time', () => {
  it('refuses time outside approved weeks when the workspace asks for it', async () => {
    const approvedEntry = await log(member.client, '2026-05-04', 2);
    const openEntry = await log(member.client, '2026-05-11', 1);
    const openEntry2 = await log(member.client, '2026-05-12', 1);
    await ok(member.client.post('/api/timesheets/submit', { week: '2026-05-04' }));
    await ok(
      manager.client.post('/api/timesheets/approve', {
        userId: member.user.id,
        week: '2026-05-04',
      }),
    );

    expect((await ok(owner.client.get('/api/settings/business'))).invoiceApprovedTimeOnly).toBe(
      false,
    );
    // The invoice form's picker lists approved unbilled time only.
    const listed = await ok(
      owner.client.get(
        `/api/time-entries?projectId=${projectId}&unbilled=true&approved=true&limit=500`,
      ),
    );
    const approvedIds = listed.map((e: { id: number }) => e.id);
    expect(approvedIds).toContain(approvedEntry.id);
    expect(approvedIds).not.toContain(openEntry.id);
    expect(approvedIds).not.toContain(openEntry2.id);
    const counted = await sql<{ count: string }>`
      select count(*)::text as count from time_entries te
      join timesheets ts on ts.workspace_id = te.workspace_id and ts.user_id = te.user_id
        and ts.status = 'approved' and te.date between ts.week_start and ts.week_start + 6
      where te.workspace_id = ${owner.workspace.id} and te.project_id = ${projectId}
        and te.invoice_id is null`.execute(t.db);
    expect(approvedIds).toHaveLength(Number(counted.rows[0]!.count));
    const setting = await ok(
      owner.client.put('/api/settings/business', { invoiceApprovedTimeOnly: true }),
    );
    expect(setting.invoiceApprovedTimeOnly).toBe(true);
    await refused(
      member.client.put('/api/settings/business', { invoiceApprovedTimeOnly: false }),
      403,
    );

    const before = await snapshot(t.db);
    await refused(
      owner.client.post('/api/invoices', {
        clientId,
        projectId,
        timeEntryIds: [approvedEntry.id, openEntry.id, openEntry2.id],
      }),
      409,
      /2 time entries are not in an approved timesheet/,
    );
    expect(await snapshot(t.db)).toBe(before);
    const invoice = await ok(
      owner.client.post('/api/invoices', { clientId, projectId, timeEntryIds: [approvedEntry.id] }),
      201,
    );
    expect(invoice.timeEntryCount).toBe(1);

    await ok(owner.client.put('/api/settings/business', { invoiceApprovedTimeOnly: false }));
    await ok(
      owner.client.post('/api/invoices', { clientId, projectId, timeEntryIds: [openEntry.id] }),
      201,
    );
  });
});
