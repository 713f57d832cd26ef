import { asCsv, defineRestRoutes } from '../../plugins/rest-adapter.ts';

const PERIOD =
  '`from` and `to` are inclusive calendar days (default: the last twelve months, from the first day of the month eleven months ago to today in the workspace’s time zone); `from` after `to`, or a period of ten years or more, is 400.';
const COSTS =
  'an owner, partner, administrator or project manager only (those who may see cost rates)';
const CSV =
  'The same rows as a CSV download (UTF-8 with a byte-order mark; cells that could run as spreadsheet formulas are defused), same parameters.';

export const reportsRestRoutes = defineRestRoutes(
  {
    name: 'Reports',
    description:
      'Income, profitability and utilisation over a period, each also as CSV. Money is exact decimal strings with the currency’s digits, one row per currency: amounts of different currencies are never added.',
  },
  [
    {
      method: 'GET',
      path: '/api/reports/income',
      procedure: 'reports.income',
      summary: 'Read income by month, client, project or bank account',
      description: `Payments received (by payment date), joined to their invoice for its currency, client and project, summed per group and currency; \`totals\` per currency. \`amount\` is cash as received, tax included (gross); \`net\` is its part before tax (revenue) and \`tax\` the tax collected with it: each payment carries its invoice's net ÷ total, rounded on the running sum of the invoice's payments so that an invoice paid in full adds up to its net exactly. The CSV has the same three as Amount, Net and Tax. \`groupBy=month\` answers every calendar month the period touches for every currency paid in it (the workspace's when none), zeros included; \`groupBy=project\` puts invoices without a project in a \`No project\` row. \`groupBy=bankAccount\` answers, per bank account (\`bankAccountId\`, its name as \`label\`) and currency, the payments matched to that account's transactions, a \`Not matched to a bank line\` row (\`bank-account-none\`) for payments recorded on no bank line, and a \`Credit notes\` row (\`credit-notes\`) for credit notes dated in the period, so the totals are those of every grouping; only those who read the bank accounts may ask for it (else 403). ${PERIOD}`,
      refusals: { 403: 'groupBy=bankAccount by a member who does not read the bank accounts' },
    },
    {
      method: 'GET',
      path: '/api/reports/income/export',
      procedure: 'reports.incomeExport',
      summary: 'Export income as CSV',
      description: CSV,
      refusals: { 403: 'groupBy=bankAccount by a member who does not read the bank accounts' },
      respond: asCsv('income.csv'),
    },
    {
      method: 'GET',
      path: '/api/reports/profitability',
      procedure: 'reports.profitability',
      summary: 'Read profitability by project or client',
      description: `Per project (or client) and currency: \`invoiced\` (net of tax: totals before tax, after discounts, of issued, non-void invoices by issue date), \`taxCollected\` (the tax on those invoices, apart: never part of revenue or margin), \`paid\` (the part before tax of payments by payment date), \`hours\` and \`timeCost\` (time entries dated in the period: Σ hours × the entry's stored cost rate, rounded per entry; in the workspace currency, so null on rows of other currencies), \`expenses\` (by expense date, in their own currency; an expense without a client reaches one through its project), \`margin\` = invoiced (net) − time cost − expenses and \`marginPercent\` of invoiced (null when nothing was invoiced). Time and expenses reach a client through their project. ${PERIOD}`,
      refusals: { 403: COSTS },
    },
    {
      method: 'GET',
      path: '/api/reports/profitability/export',
      procedure: 'reports.profitabilityExport',
      summary: 'Export profitability as CSV',
      description: CSV,
      respond: asCsv('profitability.csv'),
      refusals: { 403: COSTS },
    },
    {
      method: 'GET',
      path: '/api/reports/utilisation',
      procedure: 'reports.utilisation',
      summary: 'Read utilisation per member',
      description: `Per active member: \`capacityHours\` (the weekly capacity × Monday-to-Friday days in the period ÷ 5), \`loggedHours\`, \`billableHours\` (entries whose billable rate is above 0: time has no billable flag) and \`utilisationPercent\` = billable ÷ capacity × 100 with one decimal (null when the capacity is 0). Owners, partners, administrators and project managers see every member; others only themselves. ${PERIOD}`,
    },
    {
      method: 'GET',
      path: '/api/reports/utilisation/export',
      procedure: 'reports.utilisationExport',
      summary: 'Export utilisation as CSV',
      description: CSV,
      respond: asCsv('utilisation.csv'),
    },
  ],
);
