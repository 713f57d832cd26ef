import { TZDate } from '@date-fns/tz';
import { format, startOfWeek, subDays } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { useTestApp, joinAs, signUp } from '../../../../tests/support/test-app.ts';

const t = useTestApp();

const PREFS = { dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } as const;

/** A user in `timezone` who then creates a workspace, its owner. */
async function ownerIn(timezone: string, weekStart?: string) {
  const account = await signUp(t.app);
  const prefs = await account.client.put('/api/account/preferences', {
    timezone,
    ...PREFS,
    ...(weekStart ? { weekStart } : {}),
  });
  expect(prefs.statusCode, prefs.body).toBe(200);
  const res = await account.client.post('/api/workspaces', { name: `Zone ${timezone}` });
  expect(res.statusCode, res.body).toBe(201);
  return { ...account, workspace: res.json() as { id: number } };
}

/** Today as a calendar date in a time zone, computed here with date-fns alone. */
const todayThere = (timezone: string) => format(TZDate.tz(timezone), 'yyyy-MM-dd');

describe('the workspace time zone', () => {
  it('starts as the owner’s, is read by any member and changed by owners and administrators', async () => {
    const owner = await ownerIn('Europe/Paris');
    expect((await owner.client.get('/api/workspaces/current/settings')).json()).toEqual({
      timezone: 'Europe/Paris',
    });
    // The business profile shows the same value: one setting, not two.
    expect((await owner.client.get('/api/settings/business')).json()).toMatchObject({
      timezone: 'Europe/Paris',
    });

    const member = await joinAs(t, owner.workspace.id, 'collaborator');
    expect((await member.client.get('/api/workspaces/current/settings')).json()).toEqual({
      timezone: 'Europe/Paris',
    });
    const refused = await member.client.put('/api/workspaces/current/settings', {
      timezone: 'Asia/Tokyo',
    });
    expect(refused.statusCode).toBe(403);

    const admin = await joinAs(t, owner.workspace.id, 'administrator');
    const saved = await admin.client.put('/api/workspaces/current/settings', {
      timezone: 'Asia/Tokyo',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ timezone: 'Asia/Tokyo' });
    expect((await owner.client.get('/api/workspaces/current/settings')).json()).toEqual({
      timezone: 'Asia/Tokyo',
    });

    for (const timezone of ['', 'Mars/Olympus_Mons', 'Europe/Paris; drop table users']) {
      const bad = await owner.client.put('/api/workspaces/current/settings', { timezone });
      expect(bad.statusCode, timezone).toBe(400);
    }
    expect((await owner.client.get('/api/workspaces/current/settings')).json()).toEqual({
      timezone: 'Asia/Tokyo',
    });
  });

  it('tells the client the user’s display preferences in /api/auth/me', async () => {
    const owner = await ownerIn('Europe/Paris', 'monday');
    expect((await owner.client.get('/api/auth/me')).json().preferences).toEqual({
      timezone: 'Europe/Paris',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
      weekStart: 'monday',
    });
    expect((await owner.client.get('/api/account/profile')).json()).toMatchObject({
      weekStart: 'monday',
    });
    // Sent without a week start (the SPEC's three fields), the week start is kept.
    await owner.client.put('/api/account/preferences', {
      timezone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '12h',
    });
    expect((await owner.client.get('/api/auth/me')).json().preferences).toEqual({
      timezone: 'Asia/Tokyo',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '12h',
      weekStart: 'monday',
    });
    const bad = await owner.client.put('/api/account/preferences', {
      timezone: 'Asia/Tokyo',
      ...PREFS,
      weekStart: 'friday',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('counts "this week" and overdue invoices in the workspace’s calendar', async () => {
    // Far from UTC, so that the database's own clock would often give another day.
    // (A user's own zone is one of the SPEC's 26; a workspace's may be any IANA zone.)
    const zone = 'Pacific/Kiritimati';
    const owner = await ownerIn('Asia/Tokyo', 'monday');
    await owner.client.put('/api/workspaces/current/settings', { timezone: zone });
    const created = async (path: string, body: object) => {
      const res = await owner.client.post(path, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    };
    const client = await created('/api/clients', {
      name: 'Calendar Client',
      email: 'calendar@example.com',
      hourlyRate: 100,
    });
    const project = await created('/api/projects', { name: 'Calendar', clientId: client.id });

    // One entry on each of the last eight days, 2^k hours k days ago: the sum tells which counted.
    const now = TZDate.tz(zone);
    for (let k = 0; k < 8; k += 1) {
      await created('/api/time-entries', {
        projectId: project.id,
        hours: 2 ** k / 100,
        date: format(subDays(now, k), 'yyyy-MM-dd'),
      });
    }
    const expectedSince = (weekStartsOn: 0 | 1) => {
      const start = format(startOfWeek(now, { weekStartsOn }), 'yyyy-MM-dd');
      let sum = 0;
      for (let k = 0; k < 8; k += 1) {
        if (format(subDays(now, k), 'yyyy-MM-dd') >= start) sum += 2 ** k;
      }
      return (sum / 100).toFixed(2);
    };
    const stats = async () => (await owner.client.get('/api/dashboard/stats')).json();
    expect((await stats()).hoursThisWeek).toBe(expectedSince(1));
    await owner.client.put('/api/account/preferences', {
      timezone: 'Asia/Tokyo',
      ...PREFS,
      weekStart: 'sunday',
    });
    expect((await stats()).hoursThisWeek).toBe(expectedSince(0));

    // Due today where the workspace is: not overdue yet; due the day before: overdue.
    const today = todayThere(zone);
    const yesterday = format(subDays(now, 1), 'yyyy-MM-dd');
    const sentInvoice = (dueDate: string) =>
      created('/api/invoices', { clientId: client.id, amount: 10, status: 'sent', dueDate });
    const dueToday = await sentInvoice(today);
    const dueYesterday = await sentInvoice(yesterday);
    const status = async (id: number) => {
      const res = await owner.client.get(`/api/invoices/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().status as string;
    };
    expect(await status(dueToday.id)).toBe('sent');
    expect(await status(dueYesterday.id)).toBe('overdue');
    expect((await stats()).overdueInvoices).toBe(1);
  });
});
