import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const clientsRestRoutes = defineRestRoutes(
  {
    name: 'Clients',
    description: 'The clients the workspace bills: their billing details, projects and invoices.',
  },
  [
    {
      method: 'GET',
      path: '/api/clients',
      procedure: 'clients.list',
      summary: 'List clients',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/clients/{id}',
      procedure: 'clients.get',
      summary: 'Read a client',
      description: 'With its projects and invoice totals.',
    },
    {
      method: 'POST',
      path: '/api/clients',
      procedure: 'clients.create',
      summary: 'Create a client',
      status: 201,
      refusals: { 404: 'the organization is not of this workspace' },
    },
    {
      method: 'PUT',
      path: '/api/clients/{id}',
      procedure: 'clients.update',
      summary: 'Update a client',
      description: 'Only the fields sent change.',
    },
    {
      method: 'DELETE',
      path: '/api/clients/{id}',
      procedure: 'clients.delete',
      summary: 'Delete a client',
      refusals: { 409: 'the client has projects or invoices' },
    },
  ],
);
