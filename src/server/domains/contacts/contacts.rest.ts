import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const contactsRestRoutes = defineRestRoutes(
  {
    name: 'Contacts',
    description:
      "The workspace's contacts (persons) and their tags: lists, changes one by one or in bulk, and CSV import and export.",
  },
  [
    {
      method: 'GET',
      path: '/api/persons',
      procedure: 'contacts.list',
      summary: 'List contacts',
      fixed: { withTags: false },
      respond: asArrayWithTotal,
    },
    {
      method: 'POST',
      path: '/api/persons',
      procedure: 'contacts.create',
      summary: 'Create a contact',
      status: 201,
      refusals: { 404: 'the organization or the assigned member is not of this workspace' },
    },
    {
      method: 'PUT',
      path: '/api/persons/{id}',
      procedure: 'contacts.update',
      summary: 'Update a contact',
      description: 'Only the fields sent change.',
    },
    {
      method: 'DELETE',
      path: '/api/persons/{id}',
      procedure: 'contacts.delete',
      summary: 'Delete a contact',
    },
    {
      method: 'GET',
      path: '/api/contacts/with-tags',
      procedure: 'contacts.list',
      operationId: 'contacts.listWithTags',
      summary: 'List contacts with their tags',
      fixed: { withTags: true },
      respond: asArrayWithTotal,
    },
    {
      method: 'GET',
      path: '/api/contacts/export',
      procedure: 'contacts.export',
      summary: 'Export contacts as CSV',
      description:
        'Every contact matching `search`, streamed; cells that could run as spreadsheet formulas are defused.',
      respond: asCsv('contacts.csv'),
    },
    {
      method: 'POST',
      path: '/api/contacts/import',
      procedure: 'contacts.import',
      summary: 'Import contacts',
      description:
        'Rows read from a CSV file by the client, at most 1,000 a call. Each row is created, skipped (a duplicate) or rejected with its reason; organizations named are found or created.',
    },
    {
      method: 'POST',
      path: '/api/contacts/bulk',
      procedure: 'contacts.bulk',
      summary: 'Delete, tag, untag or assign many contacts',
      description:
        'Up to 1,000 ids; ids not of this workspace are left alone. `affected` tells how many changed.',
      refusals: { 404: 'the tag or the assigned member is not of this workspace' },
    },
    {
      method: 'POST',
      path: '/api/contacts/{id}/tags/{tagId}',
      procedure: 'contacts.addTag',
      summary: 'Tag a contact',
    },
    {
      method: 'DELETE',
      path: '/api/contacts/{id}/tags/{tagId}',
      procedure: 'contacts.removeTag',
      summary: 'Untag a contact',
    },
    { method: 'GET', path: '/api/tags', procedure: 'tags.list', summary: 'List tags' },
    {
      method: 'POST',
      path: '/api/tags',
      procedure: 'tags.create',
      summary: 'Create a tag',
      status: 201,
      refusals: { 409: 'a tag with this name already exists' },
    },
  ],
);
