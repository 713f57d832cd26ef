import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const projectsRestRoutes = defineRestRoutes(
  {
    name: 'Projects',
    description: "The workspace's projects: budget, hourly rate and the hours logged on them.",
  },
  [
    {
      method: 'GET',
      path: '/api/projects',
      procedure: 'projects.list',
      summary: 'List projects',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/projects/{id}',
      procedure: 'projects.get',
      summary: 'Read a project with its budget burn and team',
      description:
        'The project with its client and assignee; `burn`: hours and money logged on it (each entry at the rate stored on it), billed and unbilled, and the share of the budget used (hours for a time budget, money for a fixed one) with its level (`warning` from 75 %, `destructive` from 100 %; `secondary` when paused, `default` when completed); `team`: members who logged time on it, are assigned its tasks or the project, with their hours and billable amount.',
      refusals: { 404: 'no project has this id in the workspace' },
    },
    {
      method: 'POST',
      path: '/api/projects',
      procedure: 'projects.create',
      summary: 'Create a project',
      status: 201,
      refusals: { 404: 'the client or the assigned member is not of this workspace' },
    },
    {
      method: 'PUT',
      path: '/api/projects/{id}',
      procedure: 'projects.update',
      summary: 'Update a project',
      description: 'Only the fields sent change; only those who manage invoices change the rate.',
      refusals: {
        403: 'a new hourly rate from someone who does not manage invoices',
        404: 'the client or the assigned member is not of this workspace',
      },
    },
    {
      method: 'DELETE',
      path: '/api/projects/{id}',
      procedure: 'projects.delete',
      summary: 'Delete a project',
      refusals: { 409: 'the project has invoiced time' },
    },
  ],
);
