import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const proposalsRestRoutes = defineRestRoutes(
  {
    name: 'Proposals',
    description:
      'Proposals sent to prospects and clients, and their status (draft, sent, viewed, accepted or rejected).',
  },
  [
    {
      method: 'GET',
      path: '/api/proposals',
      procedure: 'proposals.list',
      summary: 'List proposals',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/proposals',
      procedure: 'proposals.create',
      summary: 'Create a proposal',
      status: 201,
    },
    {
      method: 'PUT',
      path: '/api/proposals/{id}',
      procedure: 'proposals.update',
      summary: 'Update a proposal or change its status',
      description: 'Only the fields sent change.',
      refusals: { 409: 'the proposal cannot move to this status from its own' },
    },
    {
      method: 'DELETE',
      path: '/api/proposals/{id}',
      procedure: 'proposals.delete',
      summary: 'Delete a proposal',
    },
  ],
);
