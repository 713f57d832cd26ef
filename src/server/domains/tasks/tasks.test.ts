import { beforeAll, describe, expect, it } from 'vitest';
import {
  useTwoWorkspaces,
  joinAs,
  workspaceZone,
  snapshot,
} from '../../../../tests/support/test-app.ts';
import { todayIn } from '../../../shared/datetime.ts';
import { findTask } from './tasks.repository.ts';

const { t, owner, other } = useTwoWorkspaces('Task Makers', 'Task Rivals');
let project: { id: number; name: string };
let second: { id: number };
let theirProject: { id: number };

interface TaskBody {
  id: number;
  title: string;
  status: string;
  sortOrder: number;
  projectId: number;
  loggedHours: string;
  estimateHours: string | null;
  dueDate: string | null;
  assignee: { id: number; fullName: string } | null;
  project: { id: number; name: string };
}

async function createTask(body: Record<string, unknown>, client = owner.client) {
  const res = await client.post('/api/tasks', { projectId: project.id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TaskBody;
}

async function column(status: string, projectId = project.id) {
  const res = await owner.client.get(`/api/tasks?status=${status}&projectId=${projectId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TaskBody[]).map((task) => task.title);
}

/** The owner's workspace's zone, where the server's "today" is. */
let zone: string;

/** A calendar date `days` from today in the workspace's zone. */
function dayFromToday(days: number) {
  const date = new Date(`${todayIn(zone)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  zone = await workspaceZone(owner.client);
  project = (await owner.client.post('/api/projects', { name: 'Website' })).json();
  second = (await owner.client.post('/api/projects', { name: 'App' })).json();
  theirProject = (await other.client.post('/api/projects', { name: 'Theirs' })).json();
});

describe('task statuses', () => {
  it('a new workspace has To Do, In Progress and Done', async () => {
    const res = await owner.client.get('/api/task-statuses');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: expect.any(Number),
        key: 'todo',
        label: 'To Do',
        color: 'gray',
        sortOrder: 0,
        isDone: false,
        isSystem: true,
      },
      {
        id: expect.any(Number),
        key: 'in_progress',
        label: 'In Progress',
        color: 'blue',
        sortOrder: 1,
        isDone: false,
        isSystem: true,
      },
      {
        id: expect.any(Number),
        key: 'done',
        label: 'Done',
        color: 'green',
        sortOrder: 2,
        isDone: true,
        isSystem: true,
      },
    ]);
  });

  it('adds, renames and deletes a custom status; system statuses and statuses in use stay', async () => {
    const created = await owner.client.post('/api/task-statuses', {
      label: 'In Review',
      color: 'violet',
    });
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json();
    expect(review).toMatchObject({
      key: 'in_review',
      label: 'In Review',
      sortOrder: 3,
      isSystem: false,
      isDone: false,
    });
    const dup = await owner.client.post('/api/task-statuses', { label: 'in review' });
    expect(dup.statusCode).toBe(409);

    const renamed = await owner.client.put(`/api/task-statuses/${review.id}`, { label: 'Review' });
    expect(renamed.json()).toMatchObject({ key: 'in_review', label: 'Review', color: 'violet' });

    const statuses = (await owner.client.get('/api/task-statuses')).json();
    const done = statuses.find((s: { key: string }) => s.key === 'done');
    const refused = await owner.client.delete(`/api/task-statuses/${done.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Done is a system status and cannot be deleted');
    expect(
      (await owner.client.put(`/api/task-statuses/${done.id}`, { isDone: false })).statusCode,
    ).toBe(403);

    const task = await createTask({ title: 'Needs review', status: 'in_review' });
    const inUse = await owner.client.delete(`/api/task-statuses/${review.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error).toBe('1 task has this status. Move it to another status first.');

    await owner.client.delete(`/api/tasks/${task.id}`);
    const deleted = await owner.client.delete(`/api/task-statuses/${review.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await owner.client.get('/api/task-statuses')).json()).toHaveLength(3);
  });

  it('only managers change statuses', async () => {
    const collaborator = await joinAs(t, owner.workspace.id, 'collaborator');
    const before = await snapshot(t.db);
    const res = await collaborator.client.post('/api/task-statuses', { label: 'Blocked' });
    expect(res.statusCode).toBe(403);
    expect(await snapshot(t.db)).toBe(before);
    expect((await collaborator.client.get('/api/task-statuses')).statusCode).toBe(200);
  });
});

describe('tasks', () => {
  it('creates a task with defaults, its project and no time logged', async () => {
    const task = await createTask({
      title: '  Wireframes ',
      estimateHours: '8',
      dueDate: '2026-12-01',
    });
    expect(task).toMatchObject({
      title: 'Wireframes',
      status: 'todo',
      projectId: project.id,
      project: { id: project.id, name: 'Website' },
      estimateHours: '8.00',
      loggedHours: '0',
      dueDate: '2026-12-01',
      assignee: null,
    });
  });

  it('validates the fields', async () => {
    const blank = await owner.client.post('/api/tasks', { projectId: project.id, title: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toContain('Title is required');
    const noProject = await owner.client.post('/api/tasks', { title: 'Orphan' });
    expect(noProject.statusCode).toBe(400);
    expect(noProject.json().error).toContain('Project is required');
    const badStatus = await owner.client.post('/api/tasks', {
      projectId: project.id,
      title: 'X',
      status: 'nope',
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error).toBe('Unknown status "nope"');
    const badEstimate = await owner.client.post('/api/tasks', {
      projectId: project.id,
      title: 'X',
      estimateHours: '-1',
    });
    expect(badEstimate.statusCode).toBe(400);
  });

  it('refuses projects and assignees of another workspace with 404, and hides tasks across workspaces', async () => {
    const before = await snapshot(t.db);
    const foreignProject = await owner.client.post('/api/tasks', {
      projectId: theirProject.id,
      title: 'Sneaky',
    });
    expect(foreignProject.statusCode).toBe(404);
    const foreignAssignee = await owner.client.post('/api/tasks', {
      projectId: project.id,
      title: 'Sneaky',
      assigneeId: other.user.id,
    });
    expect(foreignAssignee.statusCode).toBe(404);
    expect(await snapshot(t.db)).toBe(before);

    const mine = await createTask({ title: 'Private' });
    expect((await other.client.put(`/api/tasks/${mine.id}`, { title: 'Taken' })).statusCode).toBe(
      404,
    );
    expect((await other.client.delete(`/api/tasks/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await other.client.post(`/api/tasks/${mine.id}/move`, { status: 'done' })).statusCode,
    ).toBe(404);
    const theirs = await other.client.get('/api/tasks');
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers['x-total-count']).toBe('0');
    expect(await findTask(t.db, other.workspace.id, mine.id)).toBeUndefined();
    expect(await findTask(t.db, owner.workspace.id, mine.id)).toMatchObject({
      id: mine.id,
      projectId: project.id,
      title: 'Private',
    });
  });

  it('filters by project, assignee, status, due and search, and pages with a total', async () => {
    const member = await joinAs(t, owner.workspace.id, 'project_manager');
    const a = await createTask({
      projectId: second.id,
      title: 'Filter overdue',
      dueDate: dayFromToday(-2),
      assigneeId: member.user.id,
    });
    const b = await createTask({
      projectId: second.id,
      title: 'Filter today',
      dueDate: dayFromToday(0),
    });
    const c = await createTask({
      projectId: second.id,
      title: 'Filter in five days',
      dueDate: dayFromToday(5),
      status: 'in_progress',
    });
    const d = await createTask({
      projectId: second.id,
      title: 'Filter next month',
      dueDate: dayFromToday(30),
    });
    const e = await createTask({
      projectId: second.id,
      title: 'Filter late but done',
      dueDate: dayFromToday(-5),
      status: 'done',
    });
    const f = await createTask({ projectId: second.id, title: 'Filter someday' });
    const ids = async (query: string) =>
      (
        (await owner.client.get(`/api/tasks?projectId=${second.id}&${query}`)).json() as TaskBody[]
      ).map((x) => x.id);

    expect(await ids('')).toEqual([a.id, b.id, d.id, f.id, c.id, e.id]);
    expect(await ids('due=overdue')).toEqual([a.id]);
    expect(await ids('due=today')).toEqual([b.id]);
    expect(await ids('due=week')).toEqual([b.id, c.id]);
    expect(await ids('due=none')).toEqual([f.id]);
    expect(await ids(`dueFrom=${dayFromToday(0)}&dueTo=${dayFromToday(30)}`)).toEqual([
      b.id,
      d.id,
      c.id,
    ]);
    expect(await ids('status=in_progress')).toEqual([c.id]);
    expect(await ids(`assigneeId=${member.user.id}`)).toEqual([a.id]);
    expect(await ids('search=FILTER%20TODAY')).toEqual([b.id]);
    const page = await owner.client.get(`/api/tasks?projectId=${second.id}&limit=2&offset=1`);
    expect(page.headers['x-total-count']).toBe('6');
    expect((page.json() as TaskBody[]).map((x) => x.id)).toEqual([b.id, d.id]);
    const assigned = (await owner.client.get(`/api/tasks?assigneeId=${member.user.id}`)).json();
    expect(assigned[0].assignee).toEqual({ id: member.user.id, fullName: member.user.fullName });
    expect((await owner.client.get('/api/tasks?due=soon')).statusCode).toBe(400);
  });

  it("answers the sum of its entries' hours as loggedHours", async () => {
    const task = await createTask({ title: 'Logged', estimateHours: '10' });
    const entry = (hours: string, taskId: number | null) => ({
      workspaceId: owner.workspace.id,
      userId: owner.user.id,
      projectId: project.id,
      taskId,
      date: '2026-11-20',
      hours,
      rate: '100',
    });
    await t.db
      .insertInto('timeEntries')
      .values([
        entry('1.25', task.id),
        entry('2.50', task.id),
        entry('0.10', task.id),
        entry('7', null),
      ])
      .execute();
    const found = (await owner.client.get(`/api/tasks?search=Logged`)).json()[0];
    expect(found).toMatchObject({ id: task.id, loggedHours: '3.85', estimateHours: '10.00' });
    expect((await findTask(t.db, owner.workspace.id, task.id))!.loggedHours).toBe('3.85');
    // A task with logged time stays on its project.
    const moved = await owner.client.put(`/api/tasks/${task.id}`, { projectId: second.id });
    expect(moved.statusCode).toBe(409);
  });

  it('moves tasks within and across columns, renumbering the column', async () => {
    const board = await owner.client.post('/api/projects', { name: 'Board' });
    const boardId = board.json().id as number;
    const make = (title: string, status = 'todo') =>
      createTask({ projectId: boardId, title, status });
    const one = await make('One');
    const two = await make('Two');
    const three = await make('Three');
    expect(await column('todo', boardId)).toEqual(['One', 'Two', 'Three']);

    const move = (id: number, status: string, beforeId?: number) =>
      owner.client.post(`/api/tasks/${id}/move`, { status, beforeId });
    expect((await move(three.id, 'todo', one.id)).statusCode).toBe(200);
    expect(await column('todo', boardId)).toEqual(['Three', 'One', 'Two']);

    const moved = await move(one.id, 'done');
    expect(moved.json()).toMatchObject({ status: 'done' });
    expect(await column('done', boardId)).toEqual(['One']);
    expect(await column('todo', boardId)).toEqual(['Three', 'Two']);
    await move(two.id, 'done', one.id);
    expect(await column('done', boardId)).toEqual(['Two', 'One']);
    // The workspace's whole Done column (every project's) is numbered 0, 1, 2… again.
    const orders = (await owner.client.get('/api/tasks?status=done')).json() as TaskBody[];
    expect(orders.map((x) => x.sortOrder)).toEqual(orders.map((_x, i) => i));

    expect((await move(three.id, 'done', three.id)).statusCode).toBe(400);
    expect((await move(three.id, 'done', 999_999)).statusCode).toBe(400);
    expect((await move(three.id, 'nowhere')).statusCode).toBe(400);
    // An update to another status puts it at the end of that column.
    await owner.client.put(`/api/tasks/${three.id}`, { status: 'done' });
    expect(await column('done', boardId)).toEqual(['Two', 'One', 'Three']);
  });

  it('lets collaborators create and move any task, but edit and delete only their own', async () => {
    const collaborator = await joinAs(t, owner.workspace.id, 'collaborator');
    const ownersTask = await createTask({ title: 'Owner made' });
    const theirs = await createTask({ title: 'Collaborator made' }, collaborator.client);
    const assigned = await createTask({ title: 'Assigned', assigneeId: collaborator.user.id });

    expect(
      (await collaborator.client.put(`/api/tasks/${ownersTask.id}`, { title: 'Mine now' }))
        .statusCode,
    ).toBe(403);
    expect((await collaborator.client.delete(`/api/tasks/${ownersTask.id}`)).statusCode).toBe(403);
    expect(
      (
        await collaborator.client.post(`/api/tasks/${ownersTask.id}/move`, {
          status: 'in_progress',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await collaborator.client.put(`/api/tasks/${assigned.id}`, { title: 'Assigned, edited' }))
        .statusCode,
    ).toBe(200);
    expect((await collaborator.client.delete(`/api/tasks/${assigned.id}`)).statusCode).toBe(403);
    expect(
      (await collaborator.client.put(`/api/tasks/${theirs.id}`, { estimateHours: '2.5' })).json(),
    ).toMatchObject({ estimateHours: '2.50' });
    expect((await collaborator.client.delete(`/api/tasks/${theirs.id}`)).statusCode).toBe(200);
    // Managers edit and delete any task.
    expect((await owner.client.delete(`/api/tasks/${assigned.id}`)).statusCode).toBe(200);
  });

  it('updates only the fields sent and deletes a task, keeping its time entries', async () => {
    const task = await createTask({ title: 'Partial', description: 'Keep me', estimateHours: '3' });
    const updated = await owner.client.put(`/api/tasks/${task.id}`, { dueDate: '2026-12-24' });
    expect(updated.json()).toMatchObject({
      title: 'Partial',
      estimateHours: '3.00',
      dueDate: '2026-12-24',
    });
    const cleared = await owner.client.put(`/api/tasks/${task.id}`, {
      estimateHours: null,
      assigneeId: null,
    });
    expect(cleared.json()).toMatchObject({ estimateHours: null, assignee: null });
    const entry = await t.db
      .insertInto('timeEntries')
      .values({
        workspaceId: owner.workspace.id,
        userId: owner.user.id,
        projectId: project.id,
        taskId: task.id,
        date: '2026-11-21',
        hours: '1',
        rate: '100',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await owner.client.delete(`/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await owner.client.put(`/api/tasks/${task.id}`, { title: 'Gone' })).statusCode).toBe(
      404,
    );
    const kept = await t.db
      .selectFrom('timeEntries')
      .select('taskId')
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(kept.taskId).toBeNull();
  });
});
