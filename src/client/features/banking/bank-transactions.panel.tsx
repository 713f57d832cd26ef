import {
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Text,
  UnstyledButton,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconArrowsExchange, IconListSearch, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import type {
  BankAccount,
  BankTransaction,
  BankTransactionListQuery,
} from '../../../shared/banking.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { RowActions } from '../../components/list/row-actions.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { useRecordDrawers } from '../../components/list/use-record-drawers.ts';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { BankTransactionDrawer, STATUS_COLORS, STATUS_LABELS } from './bank-transaction.drawer.tsx';
import { SignedAmount } from './signed-amount.tsx';
import { useBankMatchingMutations } from './use-bank-matching-mutations.ts';

const PAGE_SIZE = 50;

const SORTS = {
  '-date': 'Newest first',
  date: 'Oldest first',
  '-amount': 'Largest first',
  amount: 'Smallest first',
} as const;
type Sort = keyof typeof SORTS;

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

/** The line's name in lists and the drawer's Actions: its counterparty, or else its text. */
const nameOf = (t: BankTransaction) => t.counterpartyName ?? t.remittance ?? 'Unnamed counterparty';

function transactionColumns(
  phone: boolean,
  running: boolean,
  review: (t: BankTransaction) => void,
): Column<BankTransaction>[] {
  return [
    { header: 'Date', hidden: phone, nowrap: true, cell: (t) => t.bookingDate },
    {
      header: 'Counterparty',
      maw: 320,
      // A button, so that the review drawer opens from the keyboard as from a click.
      cell: (t) => (
        <UnstyledButton onClick={() => review(t)} maw="100%" display="block">
          <TextCell value={nameOf(t)} truncate fw={500} />
          <Text size="xs" c="dimmed" truncate="end">
            {phone
              ? `${t.bookingDate} · ${STATUS_LABELS[t.status]}`
              : (t.remittance ?? t.reference ?? '')}
          </Text>
        </UnstyledButton>
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
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      w: 48,
      cell: (t) => (
        <RowActions
          name={`${nameOf(t)} ${t.bookingDate}`}
          actions={[{ label: 'Review', icon: IconListSearch, onClick: () => review(t) }]}
        />
      ),
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
  const drawers = useRecordDrawers(transactions.data?.items ?? []);
  const canMatch = useCanBill();
  const matching = useBankMatchingMutations();
  const [autoMatching, setAutoMatching] = useState(false);
  const filteredAccount = accounts.find((a) => a.id === filters.accountId) ?? null;
  const autoMatch = async (accountId: number) => {
    setAutoMatching(true);
    try {
      await matching.autoMatch(accountId);
    } finally {
      setAutoMatching(false);
    }
  };

  return (
    <ListPage
      controls={controls}
      result={transactions}
      noun="transactions"
      header={{
        title: 'Transactions',
        description: 'Every line of the imported statements, signed: + came in, − went out.',
        action: (
          <Group gap="sm">
            {canMatch && filteredAccount && (
              <Button
                variant="light"
                leftSection={<IconWand size={16} />}
                loading={autoMatching}
                onClick={() => void autoMatch(filteredAccount.id)}
                aria-label={`Auto-match ${filteredAccount.name}`}
              >
                Auto-match
              </Button>
            )}
            <ExportCsvButton href={exportHref(base)} />
          </Group>
        ),
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
      columns={transactionColumns(phone, filters.accountId !== null, drawers.view)}
    >
      <BankTransactionDrawer
        transaction={drawers.shown}
        opened={drawers.viewing}
        canMatch={canMatch}
        onClose={drawers.close}
      />
    </ListPage>
  );
}
