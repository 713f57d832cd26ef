import { describe, expect, it } from 'vitest';
import { TASK_FIELDS, TaskInputSchema, type Task } from '../../../shared/tasks.schema.ts';
import { TaskFormSchema, taskFormDefaults } from './task-form.schema.ts';

/* Issue 37 item 11: the task form's rules and defaults come from TASK_FIELDS. */

const NAMES = Object.keys(TASK_FIELDS) as (keyof typeof TASK_FIELDS)[];

const saved: Task = {
  id: 9,
  projectId: 4,
  project: { id: 4, name: 'Website' },
  title: 'Design the home page',
  description: 'Three options',
  status: 'in_progress',
  assigneeId: 2,
  assignee: { id: 2, fullName: 'Jane Doe' },
  dueDate: '2026-12-01',
  estimateHours: '8.00',
  loggedHours: '1.50',
  sortOrder: 0,
  createdBy: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('the task form', () => {
  it('every described field is a rule of the API', () => {
    for (const name of NAMES) expect(Object.keys(TaskInputSchema.shape), name).toContain(name);
  });

  it("a saved task's defaults submit its values unchanged", () => {
    const submitted = TaskFormSchema.parse(taskFormDefaults(saved));
    expect(submitted).toEqual({
      title: 'Design the home page',
      projectId: 4,
      description: 'Three options',
      status: 'in_progress',
      assigneeId: 2,
      dueDate: '2026-12-01',
      estimateHours: '8',
    });
  });

  it("a new task starts in the preset's column and project, empty dates and estimate as null", () => {
    const defaults = taskFormDefaults(null, { projectId: 4, status: 'done' });
    expect(defaults).toEqual({
      title: '',
      projectId: 4,
      description: '',
      status: 'done',
      assigneeId: null,
      dueDate: '',
      estimateHours: '',
    });
    expect(TaskFormSchema.parse({ ...defaults, title: ' Call ' })).toEqual({
      title: 'Call',
      projectId: 4,
      description: null,
      status: 'done',
      assigneeId: null,
      dueDate: null,
      estimateHours: null,
    });
    expect(taskFormDefaults(null).status).toBe('todo');
  });

  it('asks for what is missing with the API messages', () => {
    const result = TaskFormSchema.safeParse(taskFormDefaults(null));
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['title', 'Title is required'],
      ['projectId', 'Project is required'],
    ]);
  });
});
