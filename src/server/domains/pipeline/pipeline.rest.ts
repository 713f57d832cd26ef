import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const LINKED = 'the contact, organization or assigned member is not of this workspace';

export const pipelineRestRoutes = defineRestRoutes(
  {
    name: 'Pipeline',
    description:
      "The workspace's sales pipeline: its stages, in board order, and its opportunities (leads).",
  },
  [
    {
      method: 'GET',
      path: '/api/leads',
      procedure: 'leads.list',
      summary: 'List opportunities',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/leads',
      procedure: 'leads.create',
      summary: 'Create an opportunity',
      description: 'A deal needs a person (`personId`); an unknown `stage` key is 400.',
      status: 201,
      refusals: { 404: LINKED },
    },
    {
      method: 'PUT',
      path: '/api/leads/{id}',
      procedure: 'leads.update',
      summary: 'Update an opportunity, or move it to another stage',
      description: 'Only the fields sent change.',
      refusals: { 404: LINKED },
    },
    {
      method: 'DELETE',
      path: '/api/leads/{id}',
      procedure: 'leads.delete',
      summary: 'Delete an opportunity',
    },
    {
      method: 'GET',
      path: '/api/stages',
      procedure: 'stages.list',
      summary: 'List the pipeline stages in board order',
    },
    {
      method: 'POST',
      path: '/api/stages',
      procedure: 'stages.create',
      summary: 'Add a stage',
      status: 201,
      refusals: { 409: 'a stage with this name already exists' },
    },
    // A static segment wins over {id} in the router, so "reorder" is never read as an id.
    {
      method: 'PUT',
      path: '/api/stages/reorder',
      procedure: 'stages.reorder',
      summary: 'Reorder the stages',
      description: 'Every stage id of the pipeline exactly once, in the new order (else 400).',
    },
    {
      method: 'PUT',
      path: '/api/stages/{id}',
      procedure: 'stages.update',
      summary: 'Rename or recolour a stage',
      refusals: {
        403: 'system stages cannot be edited',
        409: 'a stage with this name already exists',
      },
    },
    {
      method: 'DELETE',
      path: '/api/stages/{id}',
      procedure: 'stages.delete',
      summary: 'Delete a stage',
      refusals: {
        403: 'system stages cannot be deleted',
        409: 'the stage still holds opportunities',
      },
    },
  ],
);
