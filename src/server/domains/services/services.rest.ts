import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const MANAGERS =
  'a collaborator (those who issue invoices and estimates change the catalogue: project managers, administrators, partners, owners)';
const NAME_TAKEN = 'an active service of the workspace has this name (whatever its case)';

export const servicesRestRoutes = defineRestRoutes(
  {
    name: 'Services',
    description:
      'The catalogue of what the business sells: a name (unique among active services), a description, a unit (`hour`, `day`, `item`, `month`, `project` or another short word), a unit price in the service’s currency, a tax rate and a category. A line of an invoice, an estimate or a recurring invoice may name one in `serviceId`: the line copies its description, unit, price and tax rate then, and later edits of the service never change it. A service some line names cannot be deleted; archive it (`archived: true`) instead.',
  },
  [
    {
      method: 'GET',
      path: '/api/services',
      procedure: 'services.list',
      summary: 'List services',
      description:
        'Active services by name unless `archived` or `sort` say otherwise; `search` looks in the name, description and category; `category` and `currency` filter exactly. Each service tells on how many documents it is used (`usedOn`).',
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/services/export',
      procedure: 'services.export',
      summary: 'Export services as CSV',
      description:
        'Every service matching the filters of `GET /api/services`, by name, streamed; cells that could run as spreadsheet formulas are defused.',
      respond: asCsv('services.csv'),
    },
    {
      method: 'GET',
      path: '/api/services/categories',
      procedure: 'services.categories',
      summary: 'List service categories',
      description: 'The categories the workspace’s services (archived ones too) use, by name.',
    },
    {
      method: 'POST',
      path: '/api/services',
      procedure: 'services.create',
      summary: 'Add a service',
      description:
        'The currency defaults to the workspace’s; the unit price has at most as many decimals as the currency; the unit defaults to `item`, the tax rate to 0.',
      status: 201,
      refusals: { 403: MANAGERS, 409: NAME_TAKEN },
    },
    {
      method: 'GET',
      path: '/api/services/{id}',
      procedure: 'services.get',
      summary: 'Read a service',
    },
    {
      method: 'PUT',
      path: '/api/services/{id}',
      procedure: 'services.update',
      summary: 'Update a service',
      description:
        'Only the fields sent change; lines already copied from it keep their values. `archived: true` archives it (it can no longer be put on a line), `false` brings it back.',
      refusals: { 403: MANAGERS, 409: NAME_TAKEN },
    },
    {
      method: 'DELETE',
      path: '/api/services/{id}',
      procedure: 'services.delete',
      summary: 'Delete a service',
      description: 'Only a service no document line names; archive the others.',
      refusals: {
        403: MANAGERS,
        409: 'a line of an invoice, estimate or recurring invoice names the service (archive it instead)',
      },
    },
  ],
);
