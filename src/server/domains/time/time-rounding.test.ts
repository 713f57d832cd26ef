import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../shared/datetime.ts';
import { useTestApp, useOwner, workspaceZone } from '../../../../tests/support/test-app.ts';

/*
 * Time rounding (issue 38, item 9): a stopped timer logs its duration rounded as the
 * workspace says, the entry keeps the seconds it ran, invoices bill the rounded hours, and
 * typed entries are kept as typed.
 */

const t = useTestApp();
const owner = useOwner(t, 'Rounding Studio');
let projectId: number;
let clientId: number;
let today: string;

beforeAll(async () => {
  today = todayIn(await workspaceZone(owner.client));
  const client = await owner.client.post('/api/clients', {
    name: 'Lyon Client',
    email: 'billing@lyon.example',
  });
  clientId = client.json().id;
  const project = await owner.client.post('/api/projects', {
    name: 'Site',
    clientId,
    hourlyRate: 100,
  });
  expect(project.statusCode, project.body).toBe(201);
  projectId = project.json().id;
});

async function setRounding(timeRoundingMinutes: number, timeRoundingMode: 'up' | 'nearest') {
  const res = await owner.client.put('/api/settings/business', {
    timeRoundingMinutes,
    timeRoundingMode,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ timeRoundingMinutes, timeRoundingMode });
}

/** A timer that ran exactly `seconds` (paused, so the clock adds nothing), then stopped. */
async function timedEntry(seconds: number) {
  expect((await owner.client.post('/api/timer/start', { projectId })).statusCode).toBe(200);
  await t.db
    .updateTable('timers')
    .set({ elapsedSeconds: seconds, startedAt: null })
    .where('workspaceId', '=', owner.workspace.id)
    .where('userId', '=', owner.user.id)
    .execute();
  const stopped = await owner.client.post('/api/timer/stop', { date: today });
  expect(stopped.statusCode, stopped.body).toBe(200);
  return stopped.json() as { id: number; hours: string; roundedFromSeconds: number | null };
}

describe('time rounding', () => {
  it('starts as none and takes only the offered steps and directions', async () => {
    expect((await owner.client.get('/api/settings/business')).json()).toMatchObject({
      timeRoundingMinutes: 0,
      timeRoundingMode: 'up',
    });
    for (const body of [
      { timeRoundingMinutes: 7 },
      { timeRoundingMinutes: -15 },
      { timeRoundingMode: 'down' },
    ]) {
      expect((await owner.client.put('/api/settings/business', body)).statusCode).toBe(400);
    }
  });

  it('logs an unrounded run as before with 0 (no rounding)', async () => {
    await setRounding(0, 'up');
    expect(await timedEntry(22)).toMatchObject({ hours: '0.01', roundedFromSeconds: null });
  });

  it('rounds up to the next step, leaving exact multiples', async () => {
    await setRounding(15, 'up');
    expect(await timedEntry(22)).toMatchObject({ hours: '0.25', roundedFromSeconds: 22 });
    expect(await timedEntry(15 * 60 + 1)).toMatchObject({
      hours: '0.50',
      roundedFromSeconds: 901,
    });
    // An exact multiple is what it was: nothing to show as rounded.
    expect(await timedEntry(30 * 60)).toMatchObject({ hours: '0.50', roundedFromSeconds: null });
    await setRounding(6, 'up');
    expect(await timedEntry(61)).toMatchObject({ hours: '0.10', roundedFromSeconds: 61 });
  });

  it('rounds to the nearest step, halves up, and may round a short run to 0', async () => {
    await setRounding(15, 'nearest');
    // 7:29 is nearer 0 than 15: logged at 0, with the run kept to show it.
    expect(await timedEntry(7 * 60 + 29)).toMatchObject({
      hours: '0.00',
      roundedFromSeconds: 449,
    });
    expect(await timedEntry(7 * 60 + 30)).toMatchObject({
      hours: '0.25',
      roundedFromSeconds: 450,
    });
    expect(await timedEntry(22 * 60 + 29)).toMatchObject({
      hours: '0.25',
      roundedFromSeconds: 1349,
    });
    expect(await timedEntry(45 * 60)).toMatchObject({ hours: '0.75', roundedFromSeconds: null });
  });

  it('leaves typed time as typed, and forgets the run when the hours are retyped', async () => {
    await setRounding(30, 'up');
    const typed = await owner.client.post('/api/time-entries', {
      projectId,
      hours: 0.1,
      date: today,
    });
    expect(typed.json()).toMatchObject({ hours: '0.10', roundedFromSeconds: null });

    const rounded = await timedEntry(100);
    expect(rounded).toMatchObject({ hours: '0.50', roundedFromSeconds: 100 });
    const described = await owner.client.put(`/api/time-entries/${rounded.id}`, {
      description: 'Call',
    });
    expect(described.json()).toMatchObject({ hours: '0.50', roundedFromSeconds: 100 });
    const retyped = await owner.client.put(`/api/time-entries/${rounded.id}`, { hours: 0.75 });
    expect(retyped.json()).toMatchObject({ hours: '0.75', roundedFromSeconds: null });
  });

  it('bills the rounded duration on an invoice', async () => {
    await setRounding(15, 'up');
    const entry = await timedEntry(22);
    const invoice = await owner.client.post('/api/invoices', {
      clientId,
      projectId,
      timeEntryIds: [entry.id],
    });
    expect(invoice.statusCode, invoice.body).toBe(201);
    // 0.25 h at 100.00: 25.00, not the 1.00 of an unrounded 0.01 h.
    expect(invoice.json()).toMatchObject({ subtotal: '25.00', timeEntryCount: 1 });
  });
});
