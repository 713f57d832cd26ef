import {
  asArrayWithTotals,
  asCsv,
  defineRestRoutes,
  type RestTag,
} from '../../plugins/rest-adapter.ts';

const MANAGERS = 'an owner or administrator only';
const READERS = 'an owner, partner, administrator or project manager only';

export const BANKING_TAG: RestTag = {
  name: 'Banking',
  description:
    'Bank accounts and the transactions of their statement files (CSV, OFX/QFX, CAMT.053, MT940). Amounts are exact decimal strings with the currency’s decimals, negative for money out; money in different currencies is never summed. An account’s `balance` is its opening balance plus every transaction. Owners, partners, administrators and project managers read; owners and administrators manage accounts and import statements.',
};

export const bankingRestRoutes = defineRestRoutes(BANKING_TAG, [
  {
    method: 'GET',
    path: '/api/bank-accounts',
    procedure: 'banking.listAccounts',
    summary: 'List bank accounts',
    description:
      'Open accounts first, then by name; each with its `balance`, `lastStatementDate` (the latest closing day a statement stated, else the latest booking day), `unmatchedCount`, the full `identifier` and `maskedIdentifier` (`DE89 •••• •••• 3000`).',
    refusals: { 403: READERS },
  },
  {
    method: 'POST',
    path: '/api/bank-accounts',
    procedure: 'banking.createAccount',
    summary: 'Add a bank account',
    description:
      'Name, currency, IBAN or account number (an IBAN is kept without spaces, upper-case), opening balance (signed, at most as many decimals as the currency) and its date.',
    status: 201,
    refusals: { 403: MANAGERS },
  },
  {
    method: 'GET',
    path: '/api/bank-accounts/{id}',
    procedure: 'banking.getAccount',
    summary: 'Read a bank account',
    refusals: { 403: READERS },
  },
  {
    method: 'PUT',
    path: '/api/bank-accounts/{id}',
    procedure: 'banking.updateAccount',
    summary: 'Update a bank account',
    description:
      'Only the fields sent change. `csvMapping` sets (or, null, forgets) the CSV mapping the next CSV import uses. The currency of an account with transactions stays (409).',
    refusals: { 403: MANAGERS, 409: 'the account holds transactions in its currency' },
  },
  {
    method: 'DELETE',
    path: '/api/bank-accounts/{id}',
    procedure: 'banking.deleteAccount',
    summary: 'Delete a bank account',
    description: 'Its imports and transactions go with it.',
    refusals: {
      403: MANAGERS,
      409: 'the account has matched transactions (unmatch them first)',
    },
  },
  {
    method: 'GET',
    path: '/api/bank-accounts/{id}/reconciliation',
    procedure: 'banking.reconciliation',
    summary: 'Reconcile a bank account’s month',
    description:
      '`month=YYYY-MM`: the balance before its first day (`opening`), money `in` and `out` (positive) booked in it, the `closing` balance, and the closing balance of the latest statement imported for a day of that month with `difference` = Keel’s balance on that day minus the statement’s (null without such a statement).',
    refusals: { 403: READERS },
  },
  {
    method: 'GET',
    path: '/api/bank-transactions',
    procedure: 'banking.listTransactions',
    summary: 'List bank transactions',
    description:
      'Newest first unless `sort` says otherwise. Filters combine: `accountId`, `from` and `to` (booking days, inclusive), `status`, `direction` (`in`: amount > 0, `out`: amount < 0), `q` (counterparty, remittance text, reference). Filtered on one account, each row has `runningBalance`: the account’s balance after it (opening balance plus every transaction up to it by booking day, then id, whatever the other filters). The whole filtered list’s sums per currency travel in `X-Total-Amounts` (net), `X-Total-In` and `X-Total-Out`.',
    refusals: { 403: READERS },
    respond: asArrayWithTotals({
      'X-Total-Amounts': {
        field: 'totalAmounts',
        description:
          'The net sum (in minus out) of the whole filtered list per currency, in code order: `EUR 120.00; USD -35.50` (empty when nothing matches).',
      },
      'X-Total-In': {
        field: 'totalIn',
        description: 'Money in of the whole filtered list per currency: `EUR 1200.00; USD 35.50`.',
      },
      'X-Total-Out': {
        field: 'totalOut',
        description:
          'Money out of the whole filtered list per currency, as positive amounts: `EUR 80.00`.',
      },
    }),
  },
  {
    method: 'GET',
    path: '/api/bank-transactions/export',
    procedure: 'banking.exportTransactions',
    summary: 'Export bank transactions as CSV',
    description:
      'Every transaction matching the filters of `GET /api/bank-transactions`, newest first, streamed; cells that could run as spreadsheet formulas are defused.',
    respond: asCsv('bank-transactions.csv'),
    refusals: { 403: READERS },
  },
  {
    method: 'GET',
    path: '/api/bank-transactions/{id}',
    procedure: 'banking.getTransaction',
    summary: 'Read a bank transaction',
    refusals: { 403: READERS },
  },
]);
