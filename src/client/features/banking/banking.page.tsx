import { Stack, Tabs } from '@mantine/core';
import { IconArrowsExchange, IconBuildingBank, IconFilter, IconScale } from '@tabler/icons-react';
import { format, subMonths } from 'date-fns';
import { useState } from 'react';
import { useCanManageWorkspace } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { BankAccountsPanel } from './bank-accounts.panel.tsx';
import { BankRulesPanel } from './bank-rules.panel.tsx';
import { BankTransactionsPanel, type TransactionFilters } from './bank-transactions.panel.tsx';
import { ReconciliationPanel } from './reconciliation.panel.tsx';

type Tab = 'accounts' | 'transactions' | 'reconciliation' | 'rules';

const NO_FILTERS: TransactionFilters = {
  accountId: null,
  from: null,
  to: null,
  status: null,
  direction: null,
};

/**
 * `/banking`: the bank accounts (owners and administrators add them and import their
 * statements; those who bill read), the transactions of one account or all, and one
 * account's month reconciled against its statement.
 */
export function BankingPage() {
  const canManage = useCanManageWorkspace();
  const accounts = trpc.banking.listAccounts.useQuery();
  const [tab, setTab] = useState<Tab>('accounts');
  const [filters, setFilters] = useState<TransactionFilters>(NO_FILTERS);
  const [reconciled, setReconciled] = useState<{
    accountId: number | null;
    month: string | null;
  }>({ accountId: null, month: null });
  const list = accounts.data ?? [];
  const reconciledAccount = reconciled.accountId ?? list[0]?.id ?? null;
  // Until one is chosen: the month of the account's last statement, else the last month.
  const lastStatement = list.find((a) => a.id === reconciledAccount)?.lastStatementDate;
  const month =
    reconciled.month ?? lastStatement?.slice(0, 7) ?? format(subMonths(new Date(), 1), 'yyyy-MM');

  return (
    <Stack gap="md">
      <Tabs
        value={tab}
        onChange={(value) => setTab((value ?? 'accounts') as Tab)}
        keepMounted={false}
      >
        <Tabs.List aria-label="Banking">
          <Tabs.Tab value="accounts" leftSection={<IconBuildingBank size={16} />}>
            Accounts
          </Tabs.Tab>
          <Tabs.Tab value="transactions" leftSection={<IconArrowsExchange size={16} />}>
            Transactions
          </Tabs.Tab>
          <Tabs.Tab value="reconciliation" leftSection={<IconScale size={16} />}>
            Reconciliation
          </Tabs.Tab>
          <Tabs.Tab value="rules" leftSection={<IconFilter size={16} />}>
            Rules
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="accounts" pt="md">
          <BankAccountsPanel
            canManage={canManage}
            onShowTransactions={(account) => {
              setFilters({ ...NO_FILTERS, accountId: account.id });
              setTab('transactions');
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="transactions" pt="md">
          <BankTransactionsPanel accounts={list} filters={filters} onFilters={setFilters} />
        </Tabs.Panel>
        <Tabs.Panel value="reconciliation" pt="md">
          <ReconciliationPanel
            accounts={list}
            accountId={reconciledAccount}
            month={month}
            onChange={(accountId, month) => setReconciled({ accountId, month })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="rules" pt="md">
          <BankRulesPanel canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

export default BankingPage;
