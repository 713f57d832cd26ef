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
  {
    method: 'GET',
    path: '/api/bank-transactions/{id}/suggestions',
    procedure: 'banking.suggestions',
    summary: 'Suggest matches for a bank transaction',
    description:
      'Money in: the open invoices in the transaction’s currency with a balance left; money out: the expenses in its currency no transaction is linked to. Best first, each with a `score` (0 to 100) and the `reasons`. Empty for a matched or ignored transaction. Nothing in another currency is ever suggested.',
    refusals: { 403: READERS },
  },
  {
    method: 'POST',
    path: '/api/bank-transactions/{id}/match',
    procedure: 'banking.match',
    summary: 'Match a bank transaction',
    description:
      '`{invoiceId, amount?}`: the money pays the invoice. A payment recorded by hand on it for the same amount, dated within 5 days of the booking and linked to no transaction, is linked (never recorded twice); otherwise a payment is recorded as a manual one is (dated on the booking day, method bank transfer, `reference` `bank-transaction:{id}`), and the invoice’s status and notifications follow. `amount` defaults to the transaction’s amount, or the balance when it brought more. `{expenseId}`: money out paid that expense, which is linked.',
    refusals: {
      403: READERS,
      404: 'the transaction, invoice or expense is not in the workspace',
      409: 'another currency, the transaction is matched or ignored already, the amount is more than the invoice’s balance, or the expense is linked to another transaction',
    },
  },
  {
    method: 'POST',
    path: '/api/bank-transactions/{id}/unmatch',
    procedure: 'banking.unmatch',
    summary: 'Unmatch a bank transaction',
    description:
      'Undoes exactly what the match did: deletes the payment the match recorded (the invoice’s balance and status are as before), or unlinks the manual payment or the expense it linked (they stay). An ignored transaction becomes unmatched again: this is also how to unignore.',
    refusals: { 403: READERS, 409: 'the transaction is not matched or ignored' },
  },
  {
    method: 'POST',
    path: '/api/bank-transactions/{id}/ignore',
    procedure: 'banking.ignore',
    summary: 'Ignore a bank transaction',
    description:
      'Transfers between own accounts, private money: the transaction needs no match. `POST …/unmatch` takes it back.',
    refusals: { 403: READERS, 409: 'the transaction is matched or ignored already' },
  },
  {
    method: 'POST',
    path: '/api/bank-transactions/{id}/expense',
    procedure: 'banking.createExpense',
    summary: 'Turn a bank transaction into an expense',
    description:
      'Money out becomes a new expense (its amount, currency and booking day; `vendor` defaults to the counterparty, `description` to the remittance text, `categoryId` to the one a rule set) linked to the transaction. The receipt can be attached to the expense later.',
    status: 201,
    refusals: {
      403: READERS,
      409: 'the transaction is matched or ignored already',
    },
  },
  {
    method: 'POST',
    path: '/api/bank-accounts/{id}/auto-match',
    procedure: 'banking.autoMatch',
    summary: 'Auto-match an account’s transactions',
    description:
      'Confirms only the certain suggestions of the account’s unmatched incoming transactions: the invoice’s number in the reference or remittance text and exactly its balance, in the same currency, and no other invoice named. One after another, each reading the balances the ones before left. Answers how many it `matched` and how many of the account’s transactions are `left` unmatched.',
    refusals: { 403: READERS },
  },
  {
    method: 'GET',
    path: '/api/bank-rules',
    procedure: 'banking.listRules',
    summary: 'List bank rules',
    description:
      'In the order they are tried: `position`, then id. The first enabled rule whose conditions all hold applies.',
    refusals: { 403: READERS },
  },
  {
    method: 'POST',
    path: '/api/bank-rules',
    procedure: 'banking.createRule',
    summary: 'Add a bank rule',
    description:
      '"When the `field` (counterparty, reference, remittance or any) contains the text, and the amount (without its sign) is within `amountMin`–`amountMax`, and the money goes `direction`": `{"type": "ignore"}` marks the line ignored, `{"type": "categorise", "categoryId"}` puts money out in that expense category. Without `position` it goes last. Applied to every statement imported afterwards, and on demand.',
    status: 201,
    refusals: { 403: MANAGERS, 404: 'the category is not in the workspace' },
  },
  // A static segment wins over {id} in the router, so "reorder" is never read as an id.
  {
    method: 'PUT',
    path: '/api/bank-rules/reorder',
    procedure: 'banking.reorderRules',
    summary: 'Reorder the bank rules',
    description:
      '`{"ids": [...]}`: every rule of the workspace exactly once, in the order they are to be tried (else 400, and nothing moves). Answers the rules in their new order, positions 0, 1, 2…',
    refusals: { 403: MANAGERS },
  },
  {
    method: 'PUT',
    path: '/api/bank-rules/{id}',
    procedure: 'banking.updateRule',
    summary: 'Replace a bank rule',
    description: 'The whole rule again; without `position` it keeps its place.',
    refusals: { 403: MANAGERS },
  },
  {
    method: 'DELETE',
    path: '/api/bank-rules/{id}',
    procedure: 'banking.deleteRule',
    summary: 'Delete a bank rule',
    description: 'The transactions it applied to keep what it did.',
    refusals: { 403: MANAGERS },
  },
  {
    method: 'POST',
    path: '/api/bank-rules/apply',
    procedure: 'banking.applyRules',
    summary: 'Apply the bank rules now',
    description:
      'To the unmatched transactions no rule has applied to yet, in order; answers how many a rule changed (`applied`).',
    refusals: { 403: MANAGERS },
  },
]);
