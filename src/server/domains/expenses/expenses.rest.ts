import {
  asArrayWithTotals,
  asCsv,
  defineRestRoutes,
  type RestTag,
} from '../../plugins/rest-adapter.ts';

const OWN = "another member's expense, without a role that manages expenses";
const BILLED =
  'the expense is billed on an invoice (remove its line from the draft, or void the invoice, first)';
const MANAGERS = 'an owner, partner, administrator or project manager only';
const NAME_TAKEN = 'the workspace has a category of this name';

export const EXPENSES_TAG: RestTag = {
  name: 'Expenses',
  description:
    'What the business spent: date, amount in its currency, category, vendor, project and client, notes, and a receipt (an image or a PDF). A billable expense is billed once, as one invoice line of amount × (1 + markup / 100), when an invoice names it in `expenseIds`.',
};

export const expensesRestRoutes = defineRestRoutes(EXPENSES_TAG, [
  {
    method: 'GET',
    path: '/api/expenses',
    procedure: 'expenses.list',
    summary: 'List expenses',
    description:
      'Most recent first. Filters combine; `from` and `to` are inclusive; `search` looks in the vendor and the notes. The whole filtered list’s sum per currency travels in `X-Total-Amounts` (different currencies are never added).',
    respond: asArrayWithTotals({
      'X-Total-Amounts': {
        field: 'totalAmounts',
        description:
          'The sum of the whole filtered list in each currency, in code order: `EUR 120.00; USD 35.50` (empty when nothing matches).',
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/expenses/export',
    procedure: 'expenses.export',
    summary: 'Export expenses as CSV',
    description:
      'Every expense matching the filters of `GET /api/expenses`, newest first, streamed; cells that could run as spreadsheet formulas are defused.',
    respond: asCsv('expenses.csv'),
  },
  {
    method: 'POST',
    path: '/api/expenses',
    procedure: 'expenses.create',
    summary: 'Record an expense',
    description:
      'The currency defaults to the workspace’s; the amount has at most as many decimals as the currency. With a project and no client, the expense takes the project’s client. A markup counts only on a billable expense. Upload the receipt afterwards with `POST /api/expenses/{id}/receipt`.',
    status: 201,
    refusals: { 404: 'the category, project or client is not of this workspace' },
  },
  {
    method: 'GET',
    path: '/api/expenses/{id}',
    procedure: 'expenses.get',
    summary: 'Read an expense',
  },
  {
    method: 'PUT',
    path: '/api/expenses/{id}',
    procedure: 'expenses.update',
    summary: 'Update an expense',
    description: 'Only the fields sent change.',
    refusals: {
      403: OWN,
      404: 'the expense, category, project or client is not of this workspace',
      409: BILLED,
    },
  },
  {
    method: 'DELETE',
    path: '/api/expenses/{id}',
    procedure: 'expenses.delete',
    summary: 'Delete an expense',
    description: 'Its receipt goes with it.',
    refusals: { 403: OWN, 409: BILLED },
  },
  {
    method: 'POST',
    path: '/api/expenses/{id}/confirm',
    procedure: 'expenses.confirm',
    summary: 'Confirm a draft expense',
    description:
      'A draft (an e-invoice imported with `POST /api/expenses/import-einvoice`) becomes an expense like any other: it counts in the list’s totals, the reports and the dashboard, and can be billed. Confirming a confirmed expense changes nothing.',
    refusals: { 403: OWN },
  },
  {
    method: 'DELETE',
    path: '/api/expenses/{id}/receipt',
    procedure: 'expenses.removeReceipt',
    summary: 'Remove an expense’s receipt',
    description: 'The file is deleted; answers the expense.',
    refusals: { 403: OWN },
  },
  {
    method: 'GET',
    path: '/api/expense-categories',
    procedure: 'expenseCategories.list',
    summary: 'List expense categories',
    description:
      'By name, with how many expenses each holds. A workspace starts with Equipment, Meals, Office, Software, Subcontractors, Travel and Other.',
  },
  {
    method: 'POST',
    path: '/api/expense-categories',
    procedure: 'expenseCategories.create',
    summary: 'Add an expense category',
    status: 201,
    refusals: { 403: MANAGERS, 409: NAME_TAKEN },
  },
  {
    method: 'PUT',
    path: '/api/expense-categories/{id}',
    procedure: 'expenseCategories.update',
    summary: 'Rename an expense category',
    refusals: { 403: MANAGERS, 409: NAME_TAKEN },
  },
  {
    method: 'DELETE',
    path: '/api/expense-categories/{id}',
    procedure: 'expenseCategories.delete',
    summary: 'Delete an expense category',
    description: 'Its expenses stay, uncategorised.',
    refusals: { 403: MANAGERS },
  },
]);
