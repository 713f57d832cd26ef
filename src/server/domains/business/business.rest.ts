import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const businessRestRoutes = defineRestRoutes(
  {
    name: 'Business',
    description:
      "The workspace's business profile: the seller on its invoices, its invoice numbering, currency and payment terms.",
  },
  [
    {
      method: 'GET',
      path: '/api/settings/business',
      procedure: 'business.get',
      summary: 'Read the business profile',
    },
    {
      method: 'PUT',
      path: '/api/settings/business',
      procedure: 'business.update',
      summary: 'Update the business profile',
      description: 'Only the fields sent change. Issued invoices keep the copy frozen on them.',
    },
  ],
);
