import { asArrayWithTotal, asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const contactsRestRoutes = defineRestRoutes([
  { method: 'GET', path: '/api/persons', procedure: 'contacts.list', respond: asArrayWithTotal },
  { method: 'POST', path: '/api/persons', procedure: 'contacts.create', status: 201 },
  { method: 'PUT', path: '/api/persons/{id}', procedure: 'contacts.update' },
  { method: 'DELETE', path: '/api/persons/{id}', procedure: 'contacts.delete' },
  {
    method: 'GET',
    path: '/api/contacts/with-tags',
    procedure: 'contacts.list',
    input: (req) => ({ ...(req.query as object), withTags: true }),
    respond: asArrayWithTotal,
  },
  {
    method: 'GET',
    path: '/api/contacts/export',
    procedure: 'contacts.export',
    respond: asCsv('contacts.csv'),
  },
  { method: 'POST', path: '/api/contacts/import', procedure: 'contacts.import' },
  { method: 'POST', path: '/api/contacts/bulk', procedure: 'contacts.bulk' },
  { method: 'POST', path: '/api/contacts/{id}/tags/{tagId}', procedure: 'contacts.addTag' },
  { method: 'DELETE', path: '/api/contacts/{id}/tags/{tagId}', procedure: 'contacts.removeTag' },
  { method: 'GET', path: '/api/tags', procedure: 'tags.list' },
  { method: 'POST', path: '/api/tags', procedure: 'tags.create', status: 201 },
]);
