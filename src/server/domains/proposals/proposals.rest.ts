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
      refusals: { 404: 'the client or deal is not of this workspace' },
    },
    {
      method: 'PUT',
      path: '/api/proposals/{id}',
      procedure: 'proposals.update',
      summary: 'Update a proposal or change its status',
      description:
        "Only the fields sent change. `status` moves it to `sent` or `viewed`; the client's decision is recorded with `/accept` or `/decline`. An accepted or rejected proposal is read-only.",
      refusals: {
        404: 'the client or deal is not of this workspace',
        409: 'the proposal was accepted or rejected, or cannot move to this status from its own',
      },
    },
    {
      method: 'DELETE',
      path: '/api/proposals/{id}',
      procedure: 'proposals.delete',
      summary: 'Delete a proposal',
      refusals: { 409: 'the proposal was accepted or rejected: it is read-only' },
    },
    {
      method: 'POST',
      path: '/api/proposals/{id}/accept',
      procedure: 'proposals.accept',
      summary: "Record the client's acceptance, with follow-ups",
      description:
        'Stores an acceptance record (the name typed, time, IP, a SHA-256 of the proposal) and marks it accepted; then, as chosen, moves its deal to won, creates a project for its client, and drafts a deposit invoice of `depositPercent` of its amount. Answers the record and the ids created.',
      refusals: {
        409: 'the proposal is a draft, or already accepted or rejected',
      },
    },
    {
      method: 'POST',
      path: '/api/proposals/{id}/decline',
      procedure: 'proposals.decline',
      summary: "Record the client's refusal",
      refusals: { 409: 'the proposal is a draft, or already accepted or rejected' },
    },
    {
      method: 'POST',
      path: '/api/proposals/{id}/follow-ups',
      procedure: 'proposals.followUps',
      summary: 'Apply the follow-ups of an acceptance made in the portal',
      description:
        'Once: moves its deal to won, creates the project, drafts the deposit invoice, as chosen. Answers the ids created.',
      refusals: { 409: 'the proposal is not accepted, or its follow-ups were applied' },
    },
  ],
);
