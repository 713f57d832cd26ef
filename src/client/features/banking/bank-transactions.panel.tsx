import { Badge, Group, Select, Stack, Text, useMatches } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconArrowsExchange } from '@tabler/icons-react';
import type {
  BankAccount,
  BankTransaction,
  BankTransactionListQuery,
} from '../../../shared/banking.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { trpc } from '../../trpc.ts';
import { SignedAmount } from './signed-amount.tsx';

const PAGE_SIZE = 50;

const SORTS = {
  '-date': 'Newest first',
  date: 'Oldest first',
  '-amount': 'Largest first',
  amount: 'Smallest first',
} as const;
type Sort = keyof typeof SORTS;

const STATUS_LABELS = { unmatched: 'Unmatched', matched: 'Matched', ignored: 'Ignored' } as const;
const STATUS_COLORS = { unmatched: 'yellow', matched: 'teal', ignored: 'gray' } as const;

export interface TransactionFilters {
  accountId: number | null;
  from: string | null;
  to: string | null;
  status: BankTransaction['status'] | null;
  direction: 'in' | 'out' | null;
}

function filtersOf(filters: TransactionFilters, q: string | undefined, sort: Sort | undefined) {
  return {
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.direction ? { direction: filters.direction } : {}),
    ...(q ? { q } : {}),
    ...(sort && sort !== '-date' ? { sort } : {}),
  } satisfies Partial<BankTransactionListQuery>;
}

function exportHref(filters: ReturnType<typeof filtersOf>): string {
  const params = new URLSearchParams(
    Object.entries(filters).map(([key, value]) => [key, String(value)]),
  );
  const text = params.toString();
  return `/api/bank-transactions/export${text ? `?${text}` : ''}`;
}

function transactionColumns(phone: boolean, running: boolean): Column<BankTransaction>[] {
  return [
    { header: 'Date', hidden: phone, nowrap: true, cell: (t) => t.bookingDate },
    {
      header: 'Counterparty',
      maw: 320,
      cell: (t) => (
        <>
          <TextCell value={t.counterpartyName ?? t.remittance ?? '—'} truncate />
          <Text size="xs" c="dimmed" truncate="end">
            {phone ? `${t.bookingDate} · ${t.accountName}` : (t.remittance ?? t.reference ?? '')}
          </Text>
        </>
      ),
    },
    { header: 'Account', hidden: phone, nowrap: true, cell: (t) => t.accountName },
    {
      header: 'Status',
      hidden: phone,
      nowrap: true,
      cell: (t) => (
        <Badge variant="light" color={STATUS_COLORS[t.status]} size="sm">
          {STATUS_LABELS[t.status]}
        </Badge>
      ),
    },
    {
      header: 'Amount',
      numeric: true,
      nowrap: true,
      cell: (t) => <SignedAmount amount={t.amount} currency={t.currency} />,
    },
    {
      header: 'Balance',
      numeric: true,
      nowrap: true,
      hidden: !running || phone,
      cell: (t) => (t.runningBalance === null ? '' : formatMoney(t.runningBalance, t.currency)),
    },
  ];
}

/**
 * The transactions of one account or all: filtered by account, days, status, direction
 * and text, with the totals per currency the server summed (never added across
 * currencies), the running balance for one account, and the CSV export of the filter.
 */
export function BankTransactionsPanel({
  accounts,
  filters,
  onFilters,
}: {
  accounts: BankAccount[];
  filters: TransactionFilters;
  onFilters: (filters: TransactionFilters) => void;
}) {
  const controls = useLocalListControls<never, Sort>({ pageSize: PAGE_SIZE, sorts: SORTS });
  const phone = useMatches({ base: true, sm: false });
  const base = filtersOf(filters, controls.query, controls.sort);
  const query = {
    ...base,
    limit: PAGE_SIZE,
    ...(controls.page > 1 ? { offset: (controls.page - 1) * PAGE_SIZE } : {}),
  };
  const transactions = trpc.banking.listTransactions.useQuery(query, {
    placeholderData: keepPreviousData,
  });
  const set = (patch: Partial<TransactionFilters>) => {
    onFilters({ ...filters, ...patch });
    controls.setPage(1);
  };
  const filtering =
    controls.filtering ||
    Object.values(filters).some((value) => value !== null && value !== undefined);
  const totals = transactions.data?.totals ?? [];

  return (
    <ListPage
      controls={controls}
      result={transactions}
      noun="transactions"
      header={{
        title: 'Transactions',
        description: 'Every line of the imported statements, signed: + came in, − went out.',
        action: <ExportCsvButton href={exportHref(base)} />,
      }}
      search={{ placeholder: 'Search transactions...', label: 'Search transactions' }}
      sortSelect
      filters={
        <>
          <Select
            label="Account"
            placeholder="All accounts"
            clearable
            w={190}
            data={accounts.map((a) => ({ value: String(a.id), label: a.name }))}
            value={filters.accountId ? String(filters.accountId) : null}
            onChange={(value) => set({ accountId: value ? Number(value) : null })}
          />
          <DayInput
            label="From"
            w={150}
            value={filters.from}
            onChange={(value) => set({ from: value })}
          />
          <DayInput
            label="To"
            w={150}
            value={filters.to}
            onChange={(value) => set({ to: value })}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            w={150}
            data={Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            value={filters.status}
            onChange={(value) => set({ status: (value as TransactionFilters['status']) ?? null })}
          />
          <Select
            label="Direction"
            placeholder="In and out"
            clearable
            w={150}
            data={[
              { value: 'in', label: 'Money in' },
              { value: 'out', label: 'Money out' },
            ]}
            value={filters.direction}
            onChange={(value) =>
              set({ direction: (value as TransactionFilters['direction']) ?? null })
            }
          />
        </>
      }
      filtering={filtering}
      below={
        totals.length > 0 && (
          <Stack gap={4} aria-label="Totals of the filter" role="group">
            {totals.map((total) => (
              <Group key={total.currency} gap="md" wrap="wrap">
                <Text size="sm" fw={600}>
                  {`${total.currency}: ${total.count} ${total.count === 1 ? 'transaction' : 'transactions'}`}
                </Text>
                <Text size="sm">In {formatMoney(total.in, total.currency)}</Text>
                <Text size="sm">
                  Out {formatMoney(total.out.replace(/^-/, ''), total.currency)}
                </Text>
                <Text size="sm">
                  Net <SignedAmount amount={total.net} currency={total.currency} />
                </Text>
              </Group>
            ))}
          </Stack>
        )
      }
      empty={{
        icon: <IconArrowsExchange size={26} stroke={1.5} />,
        description: 'Import a statement into a bank account to see its transactions here.',
      }}
      minWidth={phone ? 300 : 820}
      tableLabel="Bank transactions"
      columns={transactionColumns(phone, filters.accountId !== null)}
    />
  );
}
