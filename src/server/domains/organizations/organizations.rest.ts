import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const organizationsRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/organizations',
    procedure: 'organizations.list',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/organizations', procedure: 'organizations.create', status: 201 },
  { method: 'PUT', path: '/api/organizations/{id}', procedure: 'organizations.update' },
  { method: 'DELETE', path: '/api/organizations/{id}', procedure: 'organizations.delete' },
  {
    method: 'GET',
    path: '/api/companies',
    procedure: 'organizations.options',
    respond: asArrayWithTotal,
  },
  {
    method: 'GET',
    path: '/api/organizations/export',
    procedure: 'organizations.export',
    respond: asCsv('organizations.csv'),
  },
]);
