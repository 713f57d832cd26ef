import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const organizationsRestRoutes = defineRestRoutes(
  {
    name: 'Organizations',
    description:
      "The workspace's organizations (companies its contacts work for), with CSV import and export.",
  },
  [
    {
      method: 'GET',
      path: '/api/organizations',
      procedure: 'organizations.list',
      summary: 'List organizations',
      description: 'With how many contacts each has (`peopleCount`).',
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/organizations',
      procedure: 'organizations.create',
      summary: 'Create an organization',
      status: 201,
    },
    {
      method: 'PUT',
      path: '/api/organizations/{id}',
      procedure: 'organizations.update',
      summary: 'Update an organization',
      description: 'Only the fields sent change.',
    },
    {
      method: 'DELETE',
      path: '/api/organizations/{id}',
      procedure: 'organizations.delete',
      summary: 'Delete an organization',
      description: 'Its contacts stay, without an organization.',
    },
    {
      method: 'GET',
      path: '/api/companies',
      procedure: 'organizations.options',
      summary: 'List organizations to pick from',
      description: 'Ids and names only, for pickers.',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/organizations/export',
      procedure: 'organizations.export',
      summary: 'Export organizations as CSV',
      description:
        'Every organization matching `search`, streamed; cells that could run as spreadsheet formulas are defused.',
      respond: asCsv('organizations.csv'),
    },
    {
      method: 'POST',
      path: '/api/organizations/import',
      procedure: 'organizations.import',
      summary: 'Import organizations',
      description:
        'Rows read from a CSV file by the client, at most 1,000 a call. Each row is created, skipped (a duplicate) or rejected with its reason.',
    },
  ],
);
