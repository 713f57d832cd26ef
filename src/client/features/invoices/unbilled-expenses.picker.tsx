import { Button, Group, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import type { Expense } from '../../../shared/expenses.schema.ts';
import type { InvoiceDetail } from '../../../shared/invoices.schema.ts';
import { MAX_PAGE_SIZE } from '../../../shared/list.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { QueryState } from '../../components/query-state.tsx';
import { trpc } from '../../trpc.ts';
import { UnbilledChecklist, UnbilledPanel } from './unbilled-checklist.tsx';
import { formatDay } from '../time/time-display.ts';
import { useInvoiceMutations } from './use-invoice-mutations.ts';

/**
 * "Unbilled expenses" of a draft: the billable expenses of its client that no invoice has
 * billed yet, with a checkbox each; those in another currency are listed, disabled, with
 * the reason (an invoice bills only its own currency). Adding them saves the draft with
 * one line per expense (`expenseIds`); removing such a line later frees the expense.
 * `disabled` while the draft has unsaved changes, which the save would otherwise drop.
 */
export function UnbilledExpensesPicker({
  invoice,
  disabled,
}: {
  invoice: Pick<InvoiceDetail, 'id' | 'clientId' | 'currency'>;
  disabled: boolean;
}) {
  const mutations = useInvoiceMutations();
  const expenses = trpc.expenses.list.useQuery({
    clientId: invoice.clientId,
    billable: true,
    billed: false,
    // Drafts (imported e-invoices) are billed once confirmed.
    draft: false,
    limit: MAX_PAGE_SIZE,
  });
  const [chosen, setChosen] = useState<number[]>([]);
  const [adding, setAdding] = useState(false);
  const rows = expenses.data?.items ?? [];
  const blocked = (expense: Expense) =>
    expense.currency === invoice.currency
      ? null
      : `In ${expense.currency}; this invoice is in ${invoice.currency}`;
  const ticked = rows.filter((e) => chosen.includes(e.id) && blocked(e) === null);
  // Nothing to offer: the card stays out of the way.
  if (expenses.status === 'success' && rows.length === 0) return null;

  const add = async () => {
    setAdding(true);
    const saved = await mutations.update({ id: invoice.id, expenseIds: ticked.map((e) => e.id) });
    setAdding(false);
    if (saved) setChosen([]);
  };

  return (
    <UnbilledPanel
      id="unbilled-expenses-title"
      title={
        <Group gap="xs">
          <IconReceipt size={18} aria-hidden />
          <Text fw={600} size="sm">
            Unbilled expenses
          </Text>
        </Group>
      }
    >
      {expenses.status !== 'success' ? (
        <QueryState
          status={expenses.status}
          what="unbilled expenses"
          onRetry={() => void expenses.refetch()}
        />
      ) : (
        <>
          <UnbilledChecklist
            what="expenses"
            rows={rows}
            value={chosen}
            onChange={setChosen}
            disabled={disabled || adding}
            blocked={blocked}
            name={(expense) =>
              expense.vendor || expense.notes || expense.category?.name || 'Expense'
            }
            details={(expense) => (
              <>
                {formatDay(expense.date)}
                {expense.category ? ` · ${expense.category.name}` : ''} ·{' '}
                {formatMoney(expense.billableAmount, expense.currency)}
                {expense.billableAmount !== expense.amount
                  ? ` (${formatMoney(expense.amount, expense.currency)} + ${Number(expense.markupPercent)} %)`
                  : ''}
              </>
            )}
          />
          {disabled && (
            <Text size="xs" c="dimmed">
              Save or discard the draft’s changes first.
            </Text>
          )}
          <Group justify="flex-end">
            <Button
              size="sm"
              variant="light"
              disabled={disabled || ticked.length === 0}
              loading={adding}
              onClick={() => void add()}
            >
              {ticked.length === 0
                ? 'Add to the invoice'
                : ticked.length === 1
                  ? 'Add 1 expense to the invoice'
                  : `Add ${ticked.length} expenses to the invoice`}
            </Button>
          </Group>
        </>
      )}
    </UnbilledPanel>
  );
}
