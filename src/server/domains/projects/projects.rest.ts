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
