import { defineRestRoutes } from '../../plugins/rest-adapter.ts';

const ROLE =
  'a project manager, administrator, partner or owner only (those who set the rates time is billed at)';
const TARGETS = 'the member or project is not of this workspace';
const REPRICE_TARGETS = 'the member or project filtered on is not of this workspace';

export const ratesRestRoutes = defineRestRoutes(
  {
    name: 'Rates',
    description:
      'Rate cards: billable and cost rates of a member (every project), a project (everyone) or a member on a project, each in force from its date. Time is priced when logged: the card in force on its day, the most specific level first, else the project’s hourly rate and a cost of 0; the rates are stored on the entry. Changing a card re-prices nothing until a re-price is asked for. Collaborators may not read or write them.',
  },
  [
    {
      method: 'GET',
      path: '/api/rates',
      procedure: 'rates.list',
      summary: 'List rate cards',
      description:
        'Newest in force first, with the member and project named; filters `userId`, `projectId`.',
      refusals: { 403: ROLE },
    },
    {
      method: 'POST',
      path: '/api/rates',
      procedure: 'rates.create',
      summary: 'Add a rate card',
      description:
        'Name a member (`userId`), a project (`projectId`) or both; entries already logged keep their rates.',
      status: 201,
      refusals: {
        403: ROLE,
        404: TARGETS,
        409: 'the same member and project already have a card from that day',
      },
    },
    {
      method: 'PUT',
      path: '/api/rates/{id}',
      procedure: 'rates.update',
      summary: 'Update a rate card',
      description: 'Only the fields sent change; entries already logged keep their rates.',
      refusals: {
        403: ROLE,
        404: TARGETS,
        409: 'the same member and project already have a card from that day',
      },
    },
    {
      method: 'DELETE',
      path: '/api/rates/{id}',
      procedure: 'rates.delete',
      summary: 'Delete a rate card',
      refusals: { 403: ROLE },
    },
    {
      method: 'POST',
      path: '/api/rates/reprice/preview',
      procedure: 'rates.repricePreview',
      summary: 'Preview re-pricing unbilled time',
      description:
        'The unbilled entries on or after `from` (of `userId` and/or `projectId`) whose stored rates differ from the rates in force on their day: their count, billable and cost amounts before and after, and the first 20. Entries on an invoice or in an approved timesheet week are left out. Changes nothing.',
      refusals: { 403: ROLE, 404: REPRICE_TARGETS },
    },
    {
      method: 'POST',
      path: '/api/rates/reprice',
      procedure: 'rates.reprice',
      summary: 'Re-price unbilled time',
      description:
        'Stores the rates in force on their day on the entries the preview lists, in one transaction with the projects’ totals, and records it in the activity log. Answers how many entries changed.',
      refusals: { 403: ROLE, 404: REPRICE_TARGETS },
    },
  ],
);
