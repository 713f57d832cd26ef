import { Badge, Group, Text, useMatches, VisuallyHidden } from '@mantine/core';
import { IconBuildingBank, IconFileImport, IconListDetails, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import type { BankAccount } from '../../../shared/banking.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ListPage, wholeList, type Column } from '../../components/list/list-page.tsx';
import {
  deleteAction,
  editAction,
  RowActions,
  type RowAction,
} from '../../components/list/row-actions.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { useLocalListControls } from '../../components/list/use-list-controls.ts';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { BankAccountDialog } from './bank-account.dialog.tsx';
import { ImportStatementDialog } from './import-statement.dialog.tsx';
import { useBankAccountMutations } from './use-bank-account-mutations.ts';
import { useBankMatchingMutations } from './use-bank-matching-mutations.ts';

function accountColumns(
  canManage: boolean,
  canMatch: boolean,
  phone: boolean,
  actions: {
    autoMatch: (account: BankAccount) => void;
    edit: (account: BankAccount) => void;
    importInto: (account: BankAccount) => void;
    show: (account: BankAccount) => void;
    remove: (account: BankAccount) => void;
  },
): Column<BankAccount>[] {
  return [
    {
      header: 'Account',
      maw: 320,
      cell: (account) => (
        <>
          <Group gap="xs" wrap="nowrap">
            <TextCell value={account.name} truncate />
            {account.archived && (
              <Badge variant="light" color="gray" size="sm">
                Archived
              </Badge>
            )}
          </Group>
          {account.maskedIdentifier && (
            <Text size="xs" c="dimmed" ff="monospace">
              {account.maskedIdentifier}
            </Text>
          )}
        </>
      ),
    },
    { header: 'Currency', hidden: phone, nowrap: true, cell: (account) => account.currency },
    {
      header: 'Balance',
      numeric: true,
      nowrap: true,
      cell: (account) => formatMoney(account.balance, account.currency),
    },
    {
      header: 'Last statement',
      hidden: phone,
      nowrap: true,
      cell: (account) =>
        account.lastStatementDate ?? (
          <Text size="sm" c="dimmed">
            None yet
          </Text>
        ),
    },
    {
      header: 'Unmatched',
      hidden: phone,
      numeric: true,
      nowrap: true,
      cell: (account) => String(account.unmatchedCount),
    },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      w: 48,
      cell: (account) => {
        const items: RowAction[] = [
          { label: 'Transactions', icon: IconListDetails, onClick: () => actions.show(account) },
        ];
        if (canMatch)
          items.push({
            label: 'Auto-match',
            icon: IconWand,
            onClick: () => actions.autoMatch(account),
          });
        if (canManage)
          items.push(
            {
              label: 'Import statement',
              icon: IconFileImport,
              onClick: () => actions.importInto(account),
            },
            editAction(() => actions.edit(account)),
            deleteAction(() => actions.remove(account)),
          );
        return <RowActions name={account.name} actions={items} />;
      },
    },
  ];
}

/** The bank accounts: balance, last statement, unmatched lines; managers add and import. */
export function BankAccountsPanel({
  canManage,
  onShowTransactions,
}: {
  canManage: boolean;
  onShowTransactions: (account: BankAccount) => void;
}) {
  const controls = useLocalListControls({ pageSize: 100 });
  const phone = useMatches({ base: true, sm: false });
  const mutations = useBankAccountMutations();
  // Matching is for those who record payments, a wider circle than those who manage accounts.
  const canMatch = useCanBill();
  const matching = useBankMatchingMutations();
  const accounts = trpc.banking.listAccounts.useQuery();
  const [editing, setEditing] = useState<BankAccount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BankAccount | null>(null);
  const [importing, setImporting] = useState<BankAccount | null>(null);
  const query = controls.query?.toLowerCase();

  return (
    <ListPage
      controls={controls}
      result={wholeList(
        accounts,
        (a) =>
          !query ||
          a.name.toLowerCase().includes(query) ||
          (a.identifier ?? '').toLowerCase().includes(query),
      )}
      noun="bank accounts"
      what="bank accounts"
      paged={false}
      create={
        canManage && {
          label: 'Add bank account',
          first: 'Add your first bank account',
          onClick: () => setEditing('new'),
        }
      }
      header={{
        title: 'Bank accounts',
        description: 'Import statements, see every balance and what is still to be matched.',
      }}
      search={{ placeholder: 'Search bank accounts...' }}
      empty={{
        icon: <IconBuildingBank size={26} stroke={1.5} />,
        description:
          'Add the account your clients pay into, then import its statement (CSV, OFX, CAMT.053 or MT940).',
      }}
      minWidth={phone ? 300 : 720}
      tableLabel="Bank accounts"
      columns={accountColumns(canManage, canMatch, phone, {
        autoMatch: (account) => void matching.autoMatch(account.id),
        edit: setEditing,
        importInto: setImporting,
        show: onShowTransactions,
        remove: setDeleting,
      })}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete bank account',
        message: (account) =>
          `Delete ${account.name} and its imported transactions? An account with matched transactions cannot be deleted.`,
        confirm: mutations.remove,
      }}
    >
      <BankAccountDialog
        opened={editing !== null}
        account={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ImportStatementDialog account={importing} onClose={() => setImporting(null)} />
    </ListPage>
  );
}
