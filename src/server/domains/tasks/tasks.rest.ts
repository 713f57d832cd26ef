import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const LINKED = 'the project or the assignee (an active member) is not of this workspace';
const MANAGERS_ONLY = 'only owners, partners, administrators and project managers change statuses';

export const tasksRestRoutes = defineRestRoutes(
  {
    name: 'Tasks',
    description:
      "Tasks on the workspace's projects, with their status (a column of the board), assignee, due date, estimate and the hours logged on them; and the workspace's task statuses. Every member reads, creates and moves tasks; owners, partners, administrators and project managers edit and delete any task, others the tasks they created (and edit those assigned to them).",
  },
  [
    {
      method: 'GET',
      path: '/api/tasks',
      procedure: 'tasks.list',
      summary: 'List tasks',
      description:
        'In board order (status column, then order within it). Filters: `projectId`, `assigneeId`, `status` (a status key), `due` (overdue, today, week, none), `dueFrom`/`dueTo` (dates), `search` (title and description).',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/tasks',
      procedure: 'tasks.create',
      summary: 'Create a task',
      description: 'A task needs a title and a project; an unknown `status` key is 400.',
      status: 201,
      refusals: { 404: LINKED },
    },
    {
      method: 'POST',
      path: '/api/tasks/{id}/move',
      procedure: 'tasks.move',
      summary: 'Move a task on the board',
      description:
        'Into `status`, before the task `beforeId` of that status, or at its end without it; the column is renumbered. An unknown status, or a `beforeId` not of that status, is 400. Every member may move any task.',
    },
    {
      method: 'PUT',
      path: '/api/tasks/{id}',
      procedure: 'tasks.update',
      summary: 'Update a task',
      description: 'Only the fields sent change.',
      refusals: {
        403: 'a collaborator editing a task they neither created nor are assigned to',
        404: LINKED,
        409: 'a new project for a task with time logged on its project',
      },
    },
    {
      method: 'DELETE',
      path: '/api/tasks/{id}',
      procedure: 'tasks.delete',
      summary: 'Delete a task',
      description: 'Its time entries stay, without a task.',
      refusals: { 403: 'a collaborator deleting a task they did not create' },
    },
    {
      method: 'GET',
      path: '/api/task-statuses',
      procedure: 'taskStatuses.list',
      summary: 'List the task statuses in board order',
    },
    {
      method: 'POST',
      path: '/api/task-statuses',
      procedure: 'taskStatuses.create',
      summary: 'Add a task status',
      description: 'Its key is made from the label; `isDone` marks a status that closes its tasks.',
      status: 201,
      refusals: { 403: MANAGERS_ONLY, 409: 'a status with this name already exists' },
    },
    {
      method: 'PUT',
      path: '/api/task-statuses/{id}',
      procedure: 'taskStatuses.update',
      summary: 'Rename or recolour a task status',
      description: 'Its key stays. Whether To Do, In Progress or Done close a task cannot change.',
      refusals: { 403: MANAGERS_ONLY },
    },
    {
      method: 'DELETE',
      path: '/api/task-statuses/{id}',
      procedure: 'taskStatuses.delete',
      summary: 'Delete a task status',
      refusals: {
        403: `${MANAGERS_ONLY}; To Do, In Progress and Done cannot be deleted`,
        409: 'tasks still have this status',
      },
    },
  ],
);
