import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../../tests/support/responses.ts';
import {
  type ApiClient,
  useTwoWorkspaces,
  joinAs,
  useMember,
} from '../../../../tests/support/test-app.ts';
import { resolveRates } from './rates.repository.ts';

/* Issue 22, item 5: rate cards, resolved when time is logged, and re-pricing unbilled time. */

const { t, owner, other } = useTwoWorkspaces('Rate Studio', 'Other Studio');
const member = useMember(t, owner, 'collaborator');
const manager = useMember(t, owner, 'project_manager');
let workspaceId: number;

beforeAll(() => {
  workspaceId = owner.workspace.id;
});

let projectCounter = 0;
async function newProject(hourlyRate: string, client = owner.client) {
  projectCounter += 1;
  const project = await ok(
    client.post('/api/projects', { name: `Project ${projectCounter}`, hourlyRate }),
    201,
  );
  return project.id as number;
}

async function card(fields: object, client = owner.client) {
  return ok(client.post('/api/rates', fields), 201);
}

async function entry(id: number) {
  return t.db
    .selectFrom('timeEntries')
    .select(['rate', 'costRate', 'invoiceId'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A time entry of the caller on the project (201, or the test fails). */
const logTime = (client: ApiClient, projectId: number, hours: number, date: string) =>
  ok(client.post('/api/time-entries', { projectId, hours, date }), 201);

/** A project at this hourly rate and a new collaborator (`m` by id) to log time on it. */
async function projectAndMember(hourlyRate: string) {
  const p = await newProject(hourlyRate);
  const member = await joinAs(t, workspaceId, 'collaborator');
  return { p, member, m: member.user.id };
}

const resolve = (userId: number, projectId: number, date: string) =>
  resolveRates(t.db, workspaceId, { userId, projectId, date });

describe('resolution', () => {
  it('takes the latest card of each level in force on the day, the most specific level first', async () => {
    const p = await newProject('100');
    const q = await newProject('80');
    const m = member.user.id;
    // Member (every project), project (everyone) and member on the project, overlapping.
    await card({ userId: m, billableRate: 50, costRate: 20, effectiveFrom: '2026-01-01' });
    await card({ userId: m, billableRate: 55, costRate: 22, effectiveFrom: '2026-03-01' });
    await card({ projectId: p, billableRate: 150, costRate: 0, effectiveFrom: '2026-02-01' });
    await card({ projectId: p, billableRate: 160, costRate: 5, effectiveFrom: '2026-04-01' });
    await card({
      userId: m,
      projectId: p,
      billableRate: 200,
      costRate: 90,
      effectiveFrom: '2026-05-01',
    });
    await card({
      userId: m,
      projectId: p,
      billableRate: 210,
      costRate: 95,
      effectiveFrom: '2026-06-01',
    });

    const expected: [string, string, string][] = [
      ['2025-12-31', '100.00', '0.00'], // no card yet: the project's rate, no cost
      ['2026-01-01', '50.00', '20.00'], // the member's card, from its first day
      ['2026-02-01', '150.00', '0.00'], // the project's card beats the member's
      ['2026-03-15', '150.00', '0.00'], // a newer member card still loses to the project's
      ['2026-04-30', '160.00', '5.00'],
      ['2026-05-01', '200.00', '90.00'], // member on the project beats both
      ['2026-05-31', '200.00', '90.00'],
      ['2026-12-31', '210.00', '95.00'],
    ];
    for (const [date, billableRate, costRate] of expected) {
      expect(await resolve(m, p, date), date).toEqual({ billableRate, costRate });
    }
    // Another project: the member's own cards, else that project's rate.
    expect(await resolve(m, q, '2026-02-15')).toEqual({ billableRate: '50.00', costRate: '20.00' });
    expect(await resolve(m, q, '2026-03-01')).toEqual({ billableRate: '55.00', costRate: '22.00' });
    expect(await resolve(m, q, '2025-06-01')).toEqual({ billableRate: '80.00', costRate: '0.00' });
    // Another member: the project's cards only.
    const o = owner.user.id;
    expect(await resolve(o, p, '2026-01-15')).toEqual({ billableRate: '100.00', costRate: '0.00' });
    expect(await resolve(o, p, '2026-05-15')).toEqual({ billableRate: '160.00', costRate: '5.00' });
    expect(await resolve(o, q, '2026-05-15')).toEqual({ billableRate: '80.00', costRate: '0.00' });
    // Another workspace's project resolves to nothing.
    const foreign = await newProject('90', other.client);
    expect(await resolve(o, foreign, '2026-05-15')).toBeUndefined();
  });
});

describe('logging time', () => {
  it('stores the resolved rates on entries logged, stopped from the timer and moved', async () => {
    const { p, member, m } = await projectAndMember('100');
    await card({
      userId: m,
      projectId: p,
      billableRate: 140,
      costRate: 60,
      effectiveFrom: '2026-08-01',
    });
    await card({ projectId: p, billableRate: 110, costRate: 30, effectiveFrom: '2026-07-01' });

    const logged = await logTime(member.client, p, 2, '2026-08-03');
    expect(logged).toMatchObject({ rate: '140.00', costRate: null });
    expect(await entry(logged.id)).toMatchObject({ rate: '140.00', costRate: '60.00' });
    const earlier = await logTime(member.client, p, 1, '2026-07-15');
    expect(earlier).toMatchObject({ rate: '110.00', costRate: null });
    expect(await entry(earlier.id)).toMatchObject({ rate: '110.00', costRate: '30.00' });

    // The timer, stopped into an entry on a day the member's card is in force.
    await ok(member.client.post('/api/timer/start', { projectId: p }));
    await t.db
      .updateTable('timers')
      .set({ elapsedSeconds: 5400, startedAt: null })
      .where('workspaceId', '=', workspaceId)
      .where('userId', '=', m)
      .execute();
    const stopped = await ok(member.client.post('/api/timer/stop', { date: '2026-08-10' }));
    expect(stopped).toMatchObject({ hours: '1.50', rate: '140.00', costRate: null });
    expect(await entry(stopped.id)).toMatchObject({ rate: '140.00', costRate: '60.00' });

    // Moved to a day before the member's card: the project's card prices it.
    const moved = await ok(
      member.client.put(`/api/time-entries/${logged.id}`, { date: '2026-07-20' }),
    );
    expect(moved).toMatchObject({ rate: '110.00', costRate: null });
    expect(await entry(logged.id)).toMatchObject({ rate: '110.00', costRate: '30.00' });
    // Moved to a project without cards: that project's rate, no cost.
    const q = await newProject('75');
    const elsewhere = await ok(
      member.client.put(`/api/time-entries/${logged.id}`, { projectId: q }),
    );
    expect(elsewhere).toMatchObject({ rate: '75.00', costRate: null });
    expect(await entry(logged.id)).toMatchObject({ rate: '75.00', costRate: '0.00' });
    // Collaborators never see cost rates (null above); those who set rates do.
    const page = await ok(owner.client.get(`/api/time-entries?projectId=${p}&limit=10`));
    expect(page.find((e: { id: number }) => e.id === stopped.id)).toMatchObject({
      rate: '140.00',
      costRate: '60.00',
    });
    const own = await ok(member.client.get(`/api/time-entries?projectId=${p}&limit=10`));
    expect(own).toHaveLength(2);
    expect(own.map((e: { costRate: string | null }) => e.costRate)).toEqual(own.map(() => null));
    // Changing only the hours keeps the stored rates.
    const longer = await ok(member.client.put(`/api/time-entries/${earlier.id}`, { hours: 3 }));
    expect(longer).toMatchObject({ rate: '110.00', costRate: null });
    expect(await entry(earlier.id)).toMatchObject({ rate: '110.00', costRate: '30.00' });
  });

  it('never re-prices existing entries when a card is added, changed or deleted', async () => {
    const { p, member, m } = await projectAndMember('100');
    const logged = await logTime(member.client, p, 2, '2026-09-02');
    expect(logged).toMatchObject({ rate: '100.00', costRate: null });
    expect(await entry(logged.id)).toMatchObject({ rate: '100.00', costRate: '0.00' });
    const added = await card({
      userId: m,
      projectId: p,
      billableRate: 170,
      costRate: 70,
      effectiveFrom: '2026-09-01',
    });
    expect(await entry(logged.id)).toMatchObject({ rate: '100.00', costRate: '0.00' });
    await ok(owner.client.put(`/api/rates/${added.id}`, { billableRate: 180 }));
    expect(await entry(logged.id)).toMatchObject({ rate: '100.00', costRate: '0.00' });
    // A new entry takes the changed card.
    const next = await logTime(member.client, p, 1, '2026-09-03');
    expect(next).toMatchObject({ rate: '180.00', costRate: null });
    expect(await entry(next.id)).toMatchObject({ rate: '180.00', costRate: '70.00' });
    await ok(owner.client.delete(`/api/rates/${added.id}`));
    expect(await entry(next.id)).toMatchObject({ rate: '180.00', costRate: '70.00' });
  });

  it("keeps card-priced time when the project's hourly rate changes", async () => {
    const { p, member, m } = await projectAndMember('100');
    await card({
      userId: m,
      projectId: p,
      billableRate: 150,
      costRate: 50,
      effectiveFrom: '2026-01-01',
    });
    const carded = await logTime(member.client, p, 1, '2026-02-02');
    const plain = await logTime(owner.client, p, 1, '2026-02-02');
    expect(plain.rate).toBe('100.00');
    await ok(owner.client.put(`/api/projects/${p}`, { hourlyRate: 120 }));
    expect(await entry(carded.id)).toMatchObject({ rate: '150.00', costRate: '50.00' });
    expect(await entry(plain.id)).toMatchObject({ rate: '120.00' });
  });
});

describe('re-pricing unbilled time', () => {
  it('previews what it applies, and skips billed entries and approved weeks', async () => {
    const { p, member, m } = await projectAndMember('100');
    const log = async (date: string, hours: number) =>
      (await logTime(member.client, p, hours, date)).id as number;
    const before = await log('2026-06-30', 1); // before `from`
    const open = await log('2026-07-06', 1.5); // a Monday, open week
    const sunday = await log('2026-07-12', 2); // the same week's Sunday
    const approved = await log('2026-07-14', 2); // a Tuesday of an approved week
    const billed = await log('2026-07-21', 3);
    const owners = (await logTime(owner.client, p, 1, '2026-07-08')).id as number;

    await t.db
      .insertInto('timesheets')
      .values({ workspaceId, userId: m, weekStart: '2026-07-13', status: 'approved' })
      .execute();
    const client = await t.db
      .insertInto('clients')
      .values({ workspaceId, name: 'Billed Client', email: 'billed@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoice = await t.db
      .insertInto('invoices')
      .values({ workspaceId, clientId: client.id, invoiceNumber: 'RATE-1', amount: '300' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('timeEntries')
      .set({ invoiceId: invoice.id })
      .where('id', '=', billed)
      .execute();

    await card({ userId: m, billableRate: 130, costRate: 40, effectiveFrom: '2026-07-01' });
    await card({ projectId: p, billableRate: 90, costRate: 10, effectiveFrom: '2026-06-01' });

    // Only the member's time from July 1st: the open week's two entries.
    const filter = { from: '2026-07-01', userId: m };
    const preview = await ok(owner.client.post('/api/rates/reprice/preview', filter));
    expect(preview).toMatchObject({
      count: 2,
      amountBefore: '350.00', // 3.5 h × 100
      amountAfter: '315.00', // 3.5 h × 90: the project's card beats the member's
      costBefore: '0.00',
      costAfter: '35.00',
    });
    expect(preview.sample.map((e: { id: number }) => e.id)).toEqual([open, sunday]);
    expect(preview.sample[0]).toMatchObject({
      date: '2026-07-06',
      hours: '1.50',
      rate: '100.00',
      newRate: '90.00',
      newCostRate: '10.00',
      user: { id: m, fullName: member.user.fullName },
      project: { id: p },
    });
    // The preview changed nothing.
    expect(await entry(open)).toMatchObject({ rate: '100.00', costRate: '0.00' });

    const applied = await ok(owner.client.post('/api/rates/reprice', filter));
    expect(applied).toEqual({ repriced: preview.count });
    expect(await entry(open)).toMatchObject({ rate: '90.00', costRate: '10.00' });
    expect(await entry(sunday)).toMatchObject({ rate: '90.00', costRate: '10.00' });
    for (const untouched of [before, approved, billed, owners]) {
      expect(await entry(untouched)).toMatchObject({ rate: '100.00', costRate: '0.00' });
    }
    // Nothing left to re-price; the project's totals follow the stored rates.
    expect(await ok(owner.client.post('/api/rates/reprice/preview', filter))).toMatchObject({
      count: 0,
      amountBefore: '0.00',
      amountAfter: '0.00',
      sample: [],
    });
    const project = await ok(owner.client.get(`/api/projects/${p}`));
    // 1 + 2 + 3 + 1 hours at 100, 3.5 at 90.
    expect(project.totalAmount).toBe('1015.00');
    const log_ = await t.db
      .selectFrom('activityLogs')
      .select(['userId', 'details'])
      .where('action', '=', 'time_repriced')
      .where('workspaceId', '=', workspaceId)
      .execute();
    expect(log_).toEqual([
      {
        userId: owner.user.id,
        details: `Re-priced 2 unbilled time entries from 2026-07-01, member ${m}`,
      },
    ]);

    // The whole project from June: the entry before July and the owner's entry.
    const all = await ok(
      manager.client.post('/api/rates/reprice/preview', { from: '2026-06-01', projectId: p }),
    );
    expect(all).toMatchObject({ count: 2, amountBefore: '200.00', amountAfter: '180.00' });
    expect(
      await ok(manager.client.post('/api/rates/reprice', { from: '2026-06-01', projectId: p })),
    ).toEqual({ repriced: 2 });
    expect(await entry(before)).toMatchObject({ rate: '90.00', costRate: '10.00' });
    expect(await entry(owners)).toMatchObject({ rate: '90.00', costRate: '10.00' });
    expect(await entry(approved)).toMatchObject({ rate: '100.00' });
    expect(await entry(billed)).toMatchObject({ rate: '100.00' });
  });
});

describe('rate cards', () => {
  it('lists cards with their member and project, filtered', async () => {
    const p = await newProject('100');
    const m = member.user.id;
    const a = await card({
      userId: m,
      billableRate: '75.5',
      costRate: 30,
      effectiveFrom: '2027-01-01',
    });
    const b = await card({
      projectId: p,
      billableRate: 99,
      costRate: 0,
      effectiveFrom: '2027-02-01',
    });
    const c = await card({
      userId: m,
      projectId: p,
      billableRate: 1,
      costRate: 1,
      effectiveFrom: '2027-03-01',
    });
    expect(a).toMatchObject({
      userId: m,
      projectId: null,
      user: { id: m, fullName: member.user.fullName },
      project: null,
      billableRate: '75.50',
      costRate: '30.00',
      effectiveFrom: '2027-01-01',
    });
    const byProject = await ok<{ id: number }[]>(owner.client.get(`/api/rates?projectId=${p}`));
    expect(byProject.map((r) => r.id)).toEqual([c.id, b.id]);
    const byMember = await ok<{ id: number }[]>(owner.client.get(`/api/rates?userId=${m}`));
    expect(byMember.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, c.id]));
    expect(byMember.map((r) => r.id)).not.toContain(b.id);
    const both = await ok(owner.client.get(`/api/rates?userId=${m}&projectId=${p}`));
    expect(both).toEqual([
      expect.objectContaining({ id: c.id, project: { id: p, name: expect.any(String) } }),
    ]);
  });

  it('refuses cards without a target, with foreign targets, and duplicates', async () => {
    const p = await newProject('100');
    const base = { billableRate: 10, costRate: 5, effectiveFrom: '2027-05-01' };
    expect((await owner.client.post('/api/rates', base)).statusCode).toBe(400);
    expect(
      (await owner.client.post('/api/rates', { ...base, billableRate: -1, projectId: p }))
        .statusCode,
    ).toBe(400);
    // Another workspace's member and project are unknown here.
    expect(
      (await owner.client.post('/api/rates', { ...base, userId: other.user.id })).statusCode,
    ).toBe(404);
    const foreign = await newProject('90', other.client);
    expect(
      (await owner.client.post('/api/rates', { ...base, projectId: foreign })).statusCode,
    ).toBe(404);
    const made = await card({ ...base, projectId: p });
    const again = await owner.client.post('/api/rates', { ...base, projectId: p });
    expect(again.statusCode, again.body).toBe(409);
    // Same day for another target is fine; moving onto a taken day is not.
    const other_ = await card({ ...base, projectId: p, effectiveFrom: '2027-06-01' });
    expect(
      (await owner.client.put(`/api/rates/${other_.id}`, { effectiveFrom: '2027-05-01' }))
        .statusCode,
    ).toBe(409);
    // The card must keep a member or a project.
    expect((await owner.client.put(`/api/rates/${made.id}`, { projectId: null })).statusCode).toBe(
      400,
    );
    expect(
      await ok(
        owner.client.put(`/api/rates/${made.id}`, { userId: member.user.id, projectId: null }),
      ),
    ).toMatchObject({ userId: member.user.id, projectId: null, project: null });
    expect(
      (await owner.client.put(`/api/rates/${made.id}`, { projectId: foreign })).statusCode,
    ).toBe(404);
  });

  it('lets only those who set billing rates read or write cards and re-price', async () => {
    const p = await newProject('100');
    const base = { projectId: p, billableRate: 10, costRate: 5, effectiveFrom: '2027-07-01' };
    const made = await card(base, manager.client);
    // A collaborator sees no cost rates: the list itself is refused.
    expect((await member.client.get('/api/rates')).statusCode).toBe(403);
    expect(
      (await member.client.post('/api/rates', { ...base, effectiveFrom: '2027-07-02' })).statusCode,
    ).toBe(403);
    expect((await member.client.put(`/api/rates/${made.id}`, { billableRate: 1 })).statusCode).toBe(
      403,
    );
    expect((await member.client.delete(`/api/rates/${made.id}`)).statusCode).toBe(403);
    expect(
      (await member.client.post('/api/rates/reprice/preview', { from: '2027-01-01' })).statusCode,
    ).toBe(403);
    expect(
      (await member.client.post('/api/rates/reprice', { from: '2027-01-01' })).statusCode,
    ).toBe(403);
    expect(await ok(manager.client.get(`/api/rates?projectId=${p}`))).toHaveLength(1);
    expect(await ok(manager.client.delete(`/api/rates/${made.id}`))).toEqual({ success: true });
  });

  it("keeps each workspace's cards and time to itself", async () => {
    const p = await newProject('100');
    const mine = await card({
      projectId: p,
      billableRate: 10,
      costRate: 5,
      effectiveFrom: '2027-08-01',
    });
    const logged = await logTime(owner.client, p, 1, '2027-08-02');
    const theirs = await ok<{ id: number }[]>(other.client.get('/api/rates'));
    expect(theirs.map((r) => r.id)).not.toContain(mine.id);
    expect((await other.client.put(`/api/rates/${mine.id}`, { billableRate: 1 })).statusCode).toBe(
      404,
    );
    expect((await other.client.delete(`/api/rates/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await other.client.post('/api/rates/reprice/preview', { from: '2027-01-01', projectId: p }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.client.post('/api/rates/reprice', { from: '2027-01-01', userId: owner.user.id }))
        .statusCode,
    ).toBe(404);
    // Their own card on their own project, and a re-price of everything they have.
    const q = await newProject('50', other.client);
    await card(
      { projectId: q, billableRate: 500, costRate: 5, effectiveFrom: '2000-01-01' },
      other.client,
    );
    await ok(other.client.post('/api/rates/reprice', { from: '2000-01-01' }));
    expect(await entry(logged.id)).toMatchObject({ rate: '10.00', costRate: '5.00' });
    const ours = await ok<{ id: number; billableRate: string }[]>(owner.client.get('/api/rates'));
    expect(ours.find((r) => r.id === mine.id)?.billableRate).toBe('10.00');
  });
});
