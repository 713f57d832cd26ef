import { sql, type SqlBool } from 'kysely';
import {
  bankTransactionCsvRow,
  BANK_TRANSACTION_CSV_COLUMNS,
  maskIdentifier,
  type BankAccount,
  type BankAccountInput,
  type BankCurrencyTotal,
  type BankTransaction,
  type BankTransactionFilters,
  type BankTransactionListQuery,
  type CsvMapping,
  type Reconciliation,
} from '../../../shared/banking.schema.ts';
import { minorDigits } from '../../../shared/currencies.ts';
import { addAmounts, normalizeAmount, subtractAmounts } from '../../../shared/invoice-math.ts';
import type { Database } from '../../db/create-db.ts';
import { keysetBatches, type RowExport } from '../../db/export-batches.ts';
import { containsPattern, iso, pageWithTotal } from '../../db/search.ts';
import type { KeyedTransaction } from './statements/index.ts';

/** A numeric from the database (or null: nothing summed) with the currency's decimals. */
const money = (value: string | null | undefined, currency: string) =>
  normalizeAmount(value ?? '0', minorDigits(currency));

// Accounts

function selectAccount(db: Database, workspaceId: number) {
  return db
    .selectFrom('bankAccounts as a')
    .where('a.workspaceId', '=', workspaceId)
    .select((eb) => [
      'a.id',
      'a.name',
      'a.currency',
      'a.identifier',
      sql<string>`a.opening_balance::text`.as('openingBalance'),
      'a.openingDate',
      'a.archived',
      'a.csvMapping',
      'a.createdAt',
      eb
        .selectFrom('bankTransactions as t')
        .whereRef('t.workspaceId', '=', 'a.workspaceId')
        .whereRef('t.accountId', '=', 'a.id')
        .select(sql<string>`coalesce(sum(t.amount), 0)::text`.as('sum'))
        .as('transactionSum'),
      eb
        .selectFrom('bankTransactions as t')
        .whereRef('t.workspaceId', '=', 'a.workspaceId')
        .whereRef('t.accountId', '=', 'a.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('transactionCount'),
      eb
        .selectFrom('bankTransactions as t')
        .whereRef('t.workspaceId', '=', 'a.workspaceId')
        .whereRef('t.accountId', '=', 'a.id')
        .where('t.status', '=', 'unmatched')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('unmatchedCount'),
      eb
        .selectFrom('bankImports as i')
        .whereRef('i.workspaceId', '=', 'a.workspaceId')
        .whereRef('i.accountId', '=', 'a.id')
        .select(sql<string | null>`max(i.statement_closing_date)::text`.as('d'))
        .as('lastStatementDate'),
      eb
        .selectFrom('bankTransactions as t')
        .whereRef('t.workspaceId', '=', 'a.workspaceId')
        .whereRef('t.accountId', '=', 'a.id')
        .select(sql<string | null>`max(t.booking_date)::text`.as('d'))
        .as('lastBookingDate'),
    ]);
}

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccount>['execute']>>[number];

function toAccount(r: AccountRow): BankAccount {
  const digits = minorDigits(r.currency);
  const opening = normalizeAmount(r.openingBalance, digits);
  return {
    id: r.id,
    name: r.name,
    currency: r.currency,
    identifier: r.identifier,
    maskedIdentifier: maskIdentifier(r.identifier),
    openingBalance: opening,
    openingDate: r.openingDate,
    archived: r.archived,
    balance: addAmounts(opening, r.transactionSum ?? '0', digits),
    lastStatementDate: r.lastStatementDate ?? r.lastBookingDate ?? null,
    transactionCount: r.transactionCount ?? 0,
    unmatchedCount: r.unmatchedCount ?? 0,
    csvMapping: (r.csvMapping as Record<string, unknown> | null) ?? null,
    createdAt: iso(r.createdAt),
  };
}

export async function listAccounts(db: Database, workspaceId: number): Promise<BankAccount[]> {
  const rows = await selectAccount(db, workspaceId)
    .orderBy('a.archived')
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
  return rows.map(toAccount);
}

export async function findAccount(db: Database, workspaceId: number, id: number) {
  const row = await selectAccount(db, workspaceId).where('a.id', '=', id).executeTakeFirst();
  return row && toAccount(row);
}

/** The account's currency and CSV mapping, locked for the import's transaction when asked. */
export async function accountForImport(db: Database, workspaceId: number, id: number) {
  return db
    .selectFrom('bankAccounts')
    .select(['id', 'currency', 'csvMapping', 'identifier'])
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAccount(
  db: Database,
  workspaceId: number,
  userId: number,
  values: BankAccountInput,
) {
  const row = await db
    .insertInto('bankAccounts')
    .values({
      workspaceId,
      name: values.name,
      currency: values.currency,
      identifier: values.identifier ?? null,
      openingBalance: values.openingBalance,
      openingDate: values.openingDate ?? null,
      archived: values.archived ?? false,
      createdBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAccount(
  db: Database,
  workspaceId: number,
  id: number,
  values: Partial<BankAccountInput> & { csvMapping?: CsvMapping | null },
) {
  const set: Record<string, unknown> = {};
  for (const key of [
    'name',
    'currency',
    'identifier',
    'openingBalance',
    'openingDate',
    'archived',
  ] as const) {
    if (values[key] !== undefined) set[key] = values[key];
  }
  if (values.csvMapping !== undefined)
    set.csvMapping = values.csvMapping === null ? null : JSON.stringify(values.csvMapping);
  const result = await db
    .updateTable('bankAccounts')
    .set({ ...set, updatedAt: sql<Date>`now()` })
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function countTransactions(
  db: Database,
  workspaceId: number,
  accountId: number,
  status?: 'matched' | 'unmatched',
) {
  const row = await db
    .selectFrom('bankTransactions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('workspaceId', '=', workspaceId)
    .where('accountId', '=', accountId)
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The account, its imports and its transactions (the foreign keys cascade). */
export async function deleteAccount(db: Database, workspaceId: number, id: number) {
  const result = await db
    .deleteFrom('bankAccounts')
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// Imports

/** Which of `keys` the account holds already. */
export async function existingKeys(
  db: Database,
  workspaceId: number,
  accountId: number,
  keys: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < keys.length; i += 1000) {
    const slice = keys.slice(i, i + 1000);
    const rows = await db
      .selectFrom('bankTransactions')
      .select('dedupeKey')
      .where('workspaceId', '=', workspaceId)
      .where('accountId', '=', accountId)
      .where('dedupeKey', 'in', slice)
      .execute();
    for (const r of rows) found.add(r.dedupeKey);
  }
  return found;
}

export async function insertImport(
  db: Database,
  workspaceId: number,
  values: {
    accountId: number;
    fileName: string | null;
    format: string;
    rejectedCount: number;
    statementClosingBalance: string | null;
    statementClosingDate: string | null;
    importedBy: number;
  },
) {
  const row = await db
    .insertInto('bankImports')
    .values({ workspaceId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setImportCounts(
  db: Database,
  workspaceId: number,
  id: number,
  counts: { importedCount: number; duplicateCount: number },
) {
  await db
    .updateTable('bankImports')
    .set(counts)
    .where('workspaceId', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}

/** Rows per insert statement: 13 parameters each, far below PostgreSQL's 65,535. */
export const INSERT_BATCH_ROWS = 500;

/**
 * Saves the transactions the account does not hold yet (by dedupe key), batch by batch;
 * answers the keys it saved. A row another import saved meanwhile is skipped, not an error.
 */
export async function insertTransactions(
  db: Database,
  workspaceId: number,
  accountId: number,
  importId: number,
  transactions: KeyedTransaction[],
): Promise<Set<string>> {
  const saved = new Set<string>();
  for (let i = 0; i < transactions.length; i += INSERT_BATCH_ROWS) {
    const batch = transactions.slice(i, i + INSERT_BATCH_ROWS);
    const rows = await db
      .insertInto('bankTransactions')
      .values(
        batch.map((tx) => ({
          workspaceId,
          accountId,
          importId,
          bookingDate: tx.bookingDate,
          valueDate: tx.valueDate,
          amount: tx.amount,
          currency: tx.currency,
          counterpartyName: tx.counterpartyName,
          counterpartyIban: tx.counterpartyIban,
          remittance: tx.remittance,
          reference: tx.reference,
          bankTransactionId: tx.bankTransactionId,
          bankCode: tx.bankCode,
          dedupeKey: tx.dedupeKey,
        })),
      )
      .onConflict((oc) => oc.columns(['workspaceId', 'accountId', 'dedupeKey']).doNothing())
      .returning('dedupeKey')
      .execute();
    for (const r of rows) saved.add(r.dedupeKey);
  }
  return saved;
}

// Transactions

/**
 * The transactions, with the account's running balance when one account is asked for: the
 * window runs over all of that account's rows (by booking date, then id) before any other
 * filter, so a filtered list still shows the balance the account had after each row.
 */
function selectTransactions(db: Database, workspaceId: number, accountId?: number) {
  const source = db
    .selectFrom('bankTransactions as x')
    .selectAll('x')
    .select(
      (accountId === undefined
        ? sql<string | null>`null::numeric`
        : sql<
            string | null
          >`(sum(x.amount) over (order by x.booking_date, x.id rows between unbounded preceding and current row))`
      ).as('runningSum'),
    )
    .where('x.workspaceId', '=', workspaceId)
    .$if(accountId !== undefined, (q) => q.where('x.accountId', '=', accountId!))
    .as('t');
  return (
    db
      .selectFrom(source)
      .innerJoin('bankAccounts as a', (j) =>
        j.onRef('a.workspaceId', '=', 't.workspaceId').onRef('a.id', '=', 't.accountId'),
      )
      // The invoice a matched line paid, so that a reader sees which one without a second call.
      .leftJoin('invoicePayments as p', (j) =>
        j.onRef('p.workspaceId', '=', 't.workspaceId').onRef('p.id', '=', 't.invoicePaymentId'),
      )
      .leftJoin('invoices as inv', (j) =>
        j.onRef('inv.workspaceId', '=', 'p.workspaceId').onRef('inv.id', '=', 'p.invoiceId'),
      )
      .select([
        't.id',
        't.accountId',
        'a.name as accountName',
        't.importId',
        't.bookingDate',
        't.valueDate',
        sql<string>`t.amount::text`.as('amount'),
        't.currency',
        't.counterpartyName',
        't.counterpartyIban',
        't.remittance',
        't.reference',
        't.bankTransactionId',
        't.bankCode',
        't.status',
        't.invoicePaymentId',
        'p.invoiceId',
        'inv.invoiceNumber',
        't.expenseId',
        't.categoryId',
        't.ruleId',
        't.matchedAt',
        't.matchedBy',
        sql<string | null>`(a.opening_balance + t.running_sum)::text`.as('runningBalance'),
        't.createdAt',
      ])
  );
}

type TransactionRow = Awaited<ReturnType<ReturnType<typeof selectTransactions>['execute']>>[number];

function toTransaction(r: TransactionRow): BankTransaction {
  return {
    id: r.id,
    accountId: r.accountId,
    accountName: r.accountName,
    importId: r.importId,
    bookingDate: r.bookingDate,
    valueDate: r.valueDate,
    amount: money(r.amount, r.currency),
    currency: r.currency,
    counterpartyName: r.counterpartyName,
    counterpartyIban: r.counterpartyIban,
    remittance: r.remittance,
    reference: r.reference,
    bankTransactionId: r.bankTransactionId,
    bankCode: r.bankCode,
    status: r.status as BankTransaction['status'],
    invoicePaymentId: r.invoicePaymentId,
    invoice: r.invoiceId === null ? null : { id: r.invoiceId, number: r.invoiceNumber },
    expenseId: r.expenseId,
    categoryId: r.categoryId,
    ruleId: r.ruleId,
    matchedAt: r.matchedAt === null ? null : iso(r.matchedAt),
    matchedBy: r.matchedBy,
    runningBalance: r.runningBalance === null ? null : money(r.runningBalance, r.currency),
    createdAt: iso(r.createdAt),
  };
}

function filtered<Q extends ReturnType<typeof selectTransactions>>(
  q: Q,
  f: BankTransactionFilters,
): Q {
  let r = q;
  if (f.from !== undefined) r = r.where('t.bookingDate', '>=', f.from) as Q;
  if (f.to !== undefined) r = r.where('t.bookingDate', '<=', f.to) as Q;
  if (f.status !== undefined) r = r.where('t.status', '=', f.status) as Q;
  if (f.direction === 'in') r = r.where('t.amount', '>', '0') as Q;
  if (f.direction === 'out') r = r.where('t.amount', '<', '0') as Q;
  const text = f.q ?? f.search;
  if (text) {
    const pattern = containsPattern(text);
    r = r.where((eb) =>
      eb.or([
        eb('t.counterpartyName', 'ilike', pattern),
        eb('t.remittance', 'ilike', pattern),
        eb('t.reference', 'ilike', pattern),
      ]),
    ) as Q;
  }
  return r;
}

function ordered<Q extends ReturnType<typeof selectTransactions>>(q: Q, sort: string | undefined) {
  switch (sort) {
    case 'date':
      return q.orderBy('t.bookingDate', 'asc').orderBy('t.id', 'asc');
    case '-amount':
      return q.orderBy('t.amount', 'desc').orderBy('t.id', 'desc');
    case 'amount':
      return q.orderBy('t.amount', 'asc').orderBy('t.id', 'asc');
    default:
      return q.orderBy('t.bookingDate', 'desc').orderBy('t.id', 'desc');
  }
}

/**
 * A page of transactions with the size of the filtered list and its sums per currency (in
 * SQL numeric, one row per currency: different currencies are never added).
 */
export async function listTransactions(
  db: Database,
  workspaceId: number,
  query: BankTransactionListQuery,
) {
  const base = () => filtered(selectTransactions(db, workspaceId, query.accountId), query);
  const sums = base()
    .clearSelect()
    .select([
      't.currency',
      sql<string>`coalesce(sum(t.amount) filter (where t.amount > 0), 0)::text`.as('in'),
      sql<string>`coalesce(-sum(t.amount) filter (where t.amount < 0), 0)::text`.as('out'),
      sql<string>`coalesce(sum(t.amount), 0)::text`.as('net'),
      sql<number>`count(*)::int`.as('count'),
    ])
    .groupBy('t.currency')
    .orderBy('t.currency');
  const [{ rows, total }, sumRows] = await Promise.all([
    pageWithTotal(db, ordered(base(), query.sort), query),
    sums.execute(),
  ]);
  const totals: BankCurrencyTotal[] = sumRows.map((s) => ({
    currency: s.currency,
    in: money(s.in, s.currency),
    out: money(s.out, s.currency),
    net: money(s.net, s.currency),
    count: s.count,
  }));
  return {
    items: rows.map(toTransaction),
    total,
    totals,
    totalAmounts: totals.map((t) => `${t.currency} ${t.net}`).join('; '),
    totalIn: totals.map((t) => `${t.currency} ${t.in}`).join('; '),
    totalOut: totals.map((t) => `${t.currency} ${t.out}`).join('; '),
  };
}

export async function findTransaction(db: Database, workspaceId: number, id: number) {
  const row = await selectTransactions(db, workspaceId).where('t.id', '=', id).executeTakeFirst();
  return row && toTransaction(row);
}

/** The filtered transactions as CSV rows, newest first, read batch by batch. */
export function transactionsForExport(
  db: Database,
  workspaceId: number,
  filters: BankTransactionFilters,
): RowExport {
  const read = (last: TransactionRow | undefined, size: number) => {
    const q = filtered(selectTransactions(db, workspaceId, filters.accountId), filters)
      .orderBy('t.bookingDate', 'desc')
      .orderBy('t.id', 'desc');
    return (
      last
        ? q.where(sql<SqlBool>`(t.booking_date, t.id) < (${last.bookingDate}::date, ${last.id})`)
        : q
    )
      .limit(size)
      .execute();
  };
  return {
    columns: BANK_TRANSACTION_CSV_COLUMNS,
    batches: async function* () {
      for await (const rows of keysetBatches(read)) {
        yield rows.map((r) => bankTransactionCsvRow(toTransaction(r)));
      }
    },
  };
}

// Reconciliation

/**
 * One account's month: the balance before its first day, money in and out during it, the
 * balance after its last, and the closing balance of the latest statement imported for a
 * day of that month, with Keel's balance on that day minus it.
 */
export async function reconciliation(
  db: Database,
  workspaceId: number,
  account: { id: number; currency: string; openingBalance: string },
  month: string,
): Promise<Reconciliation> {
  const first = `${month}-01`;
  const figures = await db
    .selectFrom('bankTransactions')
    .where('workspaceId', '=', workspaceId)
    .where('accountId', '=', account.id)
    .select([
      sql<string>`coalesce(sum(amount) filter (where booking_date < ${first}::date), 0)::text`.as(
        'before',
      ),
      sql<string>`coalesce(sum(amount) filter (where booking_date >= ${first}::date and booking_date < (${first}::date + interval '1 month') and amount > 0), 0)::text`.as(
        'in',
      ),
      sql<string>`coalesce(-sum(amount) filter (where booking_date >= ${first}::date and booking_date < (${first}::date + interval '1 month') and amount < 0), 0)::text`.as(
        'out',
      ),
      sql<number>`(count(*) filter (where booking_date >= ${first}::date and booking_date < (${first}::date + interval '1 month')))::int`.as(
        'count',
      ),
    ])
    .executeTakeFirstOrThrow();
  const statement = await db
    .selectFrom('bankImports')
    .where('workspaceId', '=', workspaceId)
    .where('accountId', '=', account.id)
    .where('statementClosingBalance', 'is not', null)
    .where(sql<SqlBool>`statement_closing_date >= ${first}::date`)
    .where(sql<SqlBool>`statement_closing_date < (${first}::date + interval '1 month')`)
    .select([
      sql<string>`statement_closing_balance::text`.as('balance'),
      sql<string>`statement_closing_date::text`.as('date'),
    ])
    .orderBy('statementClosingDate', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  let keelOnStatementDay: string | null = null;
  if (statement) {
    const row = await db
      .selectFrom('bankTransactions')
      .where('workspaceId', '=', workspaceId)
      .where('accountId', '=', account.id)
      .where(sql<SqlBool>`booking_date <= ${statement.date}::date`)
      .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
      .executeTakeFirstOrThrow();
    keelOnStatementDay = row.sum;
  }
  const { currency } = account;
  const digits = minorDigits(currency);
  const add = (a: string, b: string) => addAmounts(a, b, digits);
  const opening = add(account.openingBalance, figures.before);
  const inSum = money(figures.in, currency);
  const outSum = money(figures.out, currency);
  const closing = subtractAmounts(add(opening, inSum), outSum, digits);
  const statementBalance = statement ? money(statement.balance, currency) : null;
  const keel = keelOnStatementDay === null ? null : add(account.openingBalance, keelOnStatementDay);
  return {
    accountId: account.id,
    currency,
    month,
    opening,
    in: inSum,
    out: outSum,
    closing,
    transactionCount: figures.count,
    statementClosingBalance: statementBalance,
    statementClosingDate: statement?.date ?? null,
    difference:
      statementBalance === null || keel === null
        ? null
        : subtractAmounts(keel, statementBalance, digits),
  };
}
