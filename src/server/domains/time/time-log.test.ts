import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoWorkspaces, joinAs, type ApiClient } from '../../../../tests/support/test-app.ts';

/*
 * The full time log (issue 22): every filter and the totals of the filtered log, checked
 * against sums computed here from the rows this test inserted; tasks named by entries and
 * the timer.
 */

const { t, owner, other } = useTwoWorkspaces('Log Studio', 'Other Studio');
let memberId: number;
let workspaceId: number;

interface Inserted {
  id: number;
  projectId: number;
  clientId: number | null;
  taskId: number | null;
  userId: number;
  date: string;
  /** Hundredths of an hour and cents of the rate: exact integers. */
  hoursCents: number;
  rateCents: number;
  billed: boolean;
  description: string;
}
const rows: Inserted[] = [];
const ids = {
  clients: [] as number[],
  projects: [] as { id: number; clientId: number | null }[],
  tasks: [] as { id: number; projectId: number }[],
  invoiceId: 0,
};

async function created<T>(client: ApiClient, url: string, body: object): Promise<T> {
  const res = await client.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as T;
}

beforeAll(async () => {
  workspaceId = owner.workspace.id;
  const member = await joinAs(t, workspaceId, 'collaborator');
  memberId = member.user.id;

  for (const name of ['Acme', 'Globex']) {
    ids.clients.push(
      (
        await created<{ id: number }>(owner.client, '/api/clients', {
          name,
          email: `${name.toLowerCase()}@example.com`,
        })
      ).id,
    );
  }
  const projectClients = [ids.clients[0]!, ids.clients[0]!, ids.clients[1]!, null];
  for (const [i, clientId] of projectClients.entries()) {
    const project = await created<{ id: number }>(owner.client, '/api/projects', {
      name: `Project ${i}`,
      ...(clientId ? { clientId } : {}),
      hourlyRate: 100 + i * 7.5,
    });
    ids.projects.push({ id: project.id, clientId });
  }
  for (const [i, project] of ids.projects.slice(0, 3).entries()) {
    const task = await t.db
      .insertInto('tasks')
      .values({ workspaceId, projectId: project.id, title: `Task ${i}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.tasks.push({ id: task.id, projectId: project.id });
  }
  ids.invoiceId = (
    await created<{ id: number }>(owner.client, '/api/invoices', {
      clientId: ids.clients[0],
      lines: [{ description: 'Design', quantity: '1', unitPrice: '10' }],
    })
  ).id;

  // 150 entries over three months, by two members, with and without tasks, some billed.
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor(seed / 65_536) % n;
  };
  for (let i = 0; i < 150; i++) {
    const project = ids.projects[next(ids.projects.length)]!;
    const tasks = ids.tasks.filter((task) => task.projectId === project.id);
    const task = tasks.length > 0 && next(2) === 0 ? tasks[0]! : null;
    const month = 9 + next(3);
    const date = `2026-${String(month).padStart(2, '0')}-${String(1 + next(28)).padStart(2, '0')}`;
    const userId = next(3) === 0 ? memberId : owner.user.id;
    const hoursCents = 25 + next(800);
    const rateCents = 5_000 + next(15_000) + (next(3) === 0 ? 33 : 0);
    const billed = next(4) === 0;
    const description = next(5) === 0 ? `Wireframes ${i}` : `Work ${i}`;
    const row = await t.db
      .insertInto('timeEntries')
      .values({
        workspaceId,
        projectId: project.id,
        taskId: task?.id ?? null,
        userId,
        date,
        hours: (hoursCents / 100).toFixed(2),
        rate: (rateCents / 100).toFixed(2),
        invoiceId: billed ? ids.invoiceId : null,
        description,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    rows.push({
      id: row.id,
      projectId: project.id,
      clientId: project.clientId,
      taskId: task?.id ?? null,
      userId,
      date,
      hoursCents,
      rateCents,
      billed,
      description,
    });
  }
  // Another workspace's time never counts.
  const foreign = await created<{ id: number }>(other.client, '/api/projects', {
    name: 'Foreign',
    hourlyRate: 50,
  });
  await created(other.client, '/api/time-entries', {
    projectId: foreign.id,
    hours: 5,
    date: '2026-10-10',
  });
}, 120_000);

/** Two decimals of an integer number of hundredths. */
const cents = (n: number) => (n / 100).toFixed(2);
/** hours × rate, rounded to cents per entry (half up), from the integers. */
const amountCents = (r: Inserted) => Math.round((r.hoursCents * r.rateCents) / 100);

function expected(match: (r: Inserted) => boolean) {
  const chosen = rows.filter(match);
  return {
    ids: chosen.map((r) => r.id).sort((a, b) => a - b),
    total: chosen.length,
    hours: cents(chosen.reduce((sum, r) => sum + r.hoursCents, 0)),
    amount: cents(chosen.reduce((sum, r) => sum + amountCents(r), 0)),
  };
}

async function log(query: Record<string, string | number | boolean>) {
  const params = new URLSearchParams(
    Object.entries({ limit: 500, ...query }).map(([k, v]) => [k, String(v)]),
  );
  const res = await owner.client.get(`/api/time-entries?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json() as { id: number; date: string }[];
  return {
    items,
    ids: items.map((e) => e.id).sort((a, b) => a - b),
    total: Number(res.headers['x-total-count']),
    hours: String(res.headers['x-total-hours']),
    amount: String(res.headers['x-total-amount']),
  };
}

describe('the time log', () => {
  const cases: [
    string,
    () => Record<string, string | number | boolean>,
    (r: Inserted) => boolean,
  ][] = [
    ['no filter', () => ({}), () => true],
    [
      'a month',
      () => ({ from: '2026-10-01', to: '2026-10-31' }),
      (r) => r.date.startsWith('2026-10'),
    ],
    ['from only', () => ({ from: '2026-11-15' }), (r) => r.date >= '2026-11-15'],
    ['to only, inclusive', () => ({ to: '2026-09-14' }), (r) => r.date <= '2026-09-14'],
    [
      'a project',
      () => ({ projectId: ids.projects[1]!.id }),
      (r) => r.projectId === ids.projects[1]!.id,
    ],
    ['a client', () => ({ clientId: ids.clients[0]! }), (r) => r.clientId === ids.clients[0]],
    ['a task', () => ({ taskId: ids.tasks[0]!.id }), (r) => r.taskId === ids.tasks[0]!.id],
    ['a member', () => ({ userId: memberId }), (r) => r.userId === memberId],
    ['billed', () => ({ billed: true }), (r) => r.billed],
    ['not billed', () => ({ billed: false }), (r) => !r.billed],
    ['unbilled (the older spelling)', () => ({ unbilled: true }), (r) => !r.billed],
    ['a search', () => ({ search: 'wireframes' }), (r) => r.description.startsWith('Wireframes')],
    [
      'everything at once',
      () => ({
        from: '2026-09-10',
        to: '2026-11-20',
        clientId: ids.clients[0]!,
        userId: owner.user.id,
        billed: false,
      }),
      (r) =>
        r.date >= '2026-09-10' &&
        r.date <= '2026-11-20' &&
        r.clientId === ids.clients[0] &&
        r.userId === owner.user.id &&
        !r.billed,
    ],
  ];

  it.each(cases)('%s: the entries, their count, hours and amount', async (_name, query, match) => {
    const want = expected(match);
    expect(want.total).toBeGreaterThan(0);
    const got = await log(query());
    expect(got.ids).toEqual(want.ids);
    expect(got.total).toBe(want.total);
    expect(got.hours).toBe(want.hours);
    expect(got.amount).toBe(want.amount);
  });

  it('pages keep the totals of the whole filter, newest work first', async () => {
    const want = expected((r) => r.date.startsWith('2026-10'));
    const first = await log({ from: '2026-10-01', to: '2026-10-31', limit: 10 });
    const second = await log({ from: '2026-10-01', to: '2026-10-31', limit: 10, offset: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(want.total);
    expect(second.total).toBe(want.total);
    expect(first.hours).toBe(want.hours);
    expect(second.amount).toBe(want.amount);
    const dates = [...first.items, ...second.items].map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set([...first.ids, ...second.ids]).size).toBe(20);
  });

  it('tRPC answers the totals beside the page; an empty filter sums to zero', async () => {
    const want = expected((r) => r.taskId === ids.tasks[1]!.id);
    const res = await owner.client.trpc('time.list', 'query', {
      taskId: ids.tasks[1]!.id,
      limit: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().result.data;
    expect(page.total).toBe(want.total);
    expect(page.totalHours).toBe(want.hours);
    expect(page.totalAmount).toBe(want.amount);
    expect(page.items[0].task).toEqual({ id: ids.tasks[1]!.id, title: 'Task 1' });
    expect(page.items[0].client).toEqual({ id: ids.clients[0], name: 'Acme' });
    const none = await log({ from: '2030-01-01' });
    expect(none).toMatchObject({ total: 0, hours: '0.00', amount: '0.00', items: [] });
  });

  it('refuses a malformed date', async () => {
    expect((await owner.client.get('/api/time-entries?from=2026-13-01')).statusCode).toBe(400);
  });
});

describe('tasks on time entries', () => {
  it('logs and edits time on a task of the project, and refuses other tasks (404)', async () => {
    const [task0, task1] = ids.tasks;
    const entry = await created<{ id: number; taskId: number; task: { title: string } }>(
      owner.client,
      '/api/time-entries',
      {
        projectId: task0!.projectId,
        taskId: task0!.id,
        hours: 1,
        date: '2026-11-02',
        description: 'Call',
      },
    );
    expect(entry.taskId).toBe(task0!.id);
    expect(entry.task.title).toBe('Task 0');

    // Another project's task, on create and on update.
    const wrong = await owner.client.post('/api/time-entries', {
      projectId: task0!.projectId,
      taskId: task1!.id,
      hours: 1,
      date: '2026-11-02',
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe('Task not found on this project');
    expect(
      (await owner.client.put(`/api/time-entries/${entry.id}`, { taskId: task1!.id })).statusCode,
    ).toBe(404);

    // Another workspace's task.
    const foreignProject = await created<{ id: number }>(other.client, '/api/projects', {
      name: 'Theirs',
    });
    const foreignTask = await t.db
      .insertInto('tasks')
      .values({ workspaceId: other.workspace.id, projectId: foreignProject.id, title: 'Theirs' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      (
        await owner.client.post('/api/time-entries', {
          projectId: task0!.projectId,
          taskId: foreignTask.id,
          hours: 1,
          date: '2026-11-02',
        })
      ).statusCode,
    ).toBe(404);

    // Moved to the task's project with its task; then off the task.
    const moved = await owner.client.put(`/api/time-entries/${entry.id}`, {
      projectId: task1!.projectId,
      taskId: task1!.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ projectId: task1!.projectId, taskId: task1!.id });
    // Moved to a project without naming a task, the entry leaves the old project's task.
    const away = await owner.client.put(`/api/time-entries/${entry.id}`, {
      projectId: ids.projects[3]!.id,
    });
    expect(away.json()).toMatchObject({ taskId: null, task: null });
    await owner.client.delete(`/api/time-entries/${entry.id}`);
  });
});

describe('the timer with a task and a description', () => {
  it('carries them while running, takes changes, and writes them into the entry', async () => {
    const [task0, task1] = ids.tasks;
    const refused = await owner.client.post('/api/timer/start', {
      projectId: task0!.projectId,
      taskId: task1!.id,
    });
    expect(refused.statusCode).toBe(404);
    expect((await owner.client.get('/api/timer')).json()).toBeNull();

    const started = await owner.client.post('/api/timer/start', {
      projectId: task0!.projectId,
      taskId: task0!.id,
      description: 'Research',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      projectId: task0!.projectId,
      taskId: task0!.id,
      task: { id: task0!.id, title: 'Task 0' },
      description: 'Research',
    });

    // Changed while running: the description alone, then the task to another project's (404).
    const renamed = await owner.client.put('/api/timer', { description: 'Deep research' });
    expect(renamed.json()).toMatchObject({ description: 'Deep research', taskId: task0!.id });
    expect((await owner.client.put('/api/timer', { taskId: task1!.id })).statusCode).toBe(404);
    // Paused time is banked so the stop logs something.
    await t.db
      .updateTable('timers')
      .set({ elapsedSeconds: 5400 })
      .where('workspaceId', '=', workspaceId)
      .where('userId', '=', owner.user.id)
      .execute();

    const stopped = await owner.client.post('/api/timer/stop', { date: '2026-11-03' });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json()).toMatchObject({
      projectId: task0!.projectId,
      taskId: task0!.id,
      description: 'Deep research',
      isTimer: true,
      date: '2026-11-03',
    });
    expect(Number(stopped.json().hours)).toBeGreaterThanOrEqual(1.5);
    expect((await owner.client.get('/api/timer')).json()).toBeNull();
    expect((await owner.client.put('/api/timer', { description: 'x' })).statusCode).toBe(404);

    // Without a description the entry is a 'Timer session', with no task.
    await owner.client.post('/api/timer/start', { projectId: task0!.projectId });
    await t.db
      .updateTable('timers')
      .set({ elapsedSeconds: 60 })
      .where('workspaceId', '=', workspaceId)
      .execute();
    const plain = (await owner.client.post('/api/timer/stop', { date: '2026-11-03' })).json();
    expect(plain).toMatchObject({ description: 'Timer session', taskId: null });
    await owner.client.delete(`/api/time-entries/${stopped.json().id}`);
    await owner.client.delete(`/api/time-entries/${plain.id}`);
  });
});
