import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconCategory, IconPaperclip, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import type { Expense, ExpenseListQuery } from '../../../shared/expenses.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import { DayInput } from '../../components/form/date-field.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { FilterFold } from '../../components/list/filter-fold.tsx';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import {
  deleteAction,
  editAction,
  RowActions,
  viewAction,
} from '../../components/list/row-actions.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { formatDay } from '../time/time-display.ts';
import { CategoriesDialog } from './categories.dialog.tsx';
import { CategorySelect, ExpenseDialog } from './expense.dialog.tsx';
import { useExpenseMutations } from './use-expense-mutations.ts';

const PAGE_SIZE = 25;

/** Who may change anyone's expenses and the categories (the server's rule). */
const EXPENSE_MANAGERS: readonly WorkspaceRole[] = [
  'owner',
  'partner',
  'administrator',
  'project_manager',
];

type Billing = 'all' | 'billable' | 'unbilled' | 'billed' | 'not-billable';

interface Filters {
  from: string | null;
  to: string | null;
  categoryId: number | null;
  projectId: number | null;
  clientId: number | null;
  billing: Billing;
}

const NO_FILTERS: Filters = {
  from: null,
  to: null,
  categoryId: null,
  projectId: null,
  clientId: null,
  billing: 'all',
};

const BILLING: Record<Billing, Partial<ExpenseListQuery>> = {
  all: {},
  billable: { billable: true },
  unbilled: { billable: true, billed: false },
  billed: { billed: true },
  'not-billable': { billable: false },
};

function queryOf(filters: Filters, search: string | undefined, page: number): ExpenseListQuery {
  return {
    limit: PAGE_SIZE,
    ...(page > 1 ? { offset: (page - 1) * PAGE_SIZE } : {}),
    ...(search ? { search } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.categoryId !== null ? { categoryId: filters.categoryId } : {}),
    ...(filters.projectId !== null ? { projectId: filters.projectId } : {}),
    ...(filters.clientId !== null ? { clientId: filters.clientId } : {}),
    ...BILLING[filters.billing],
  };
}

/** The export of what the list shows: the same filters, every page. */
function exportHref(filters: Filters, search: string | undefined): string {
  const { limit: _limit, ...query } = queryOf(filters, search, 1);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const text = params.toString();
  return `/api/expenses/export${text ? `?${text}` : ''}`;
}

function ClientFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const clients = trpc.clients.list.useQuery({ limit: 500 });
  return (
    <Select
      label="Client"
      placeholder="All clients"
      searchable
      clearable
      nothingFoundMessage="No clients found"
      data={(clients.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}

const describe = (expense: Expense) =>
  `${expense.vendor || expense.category?.name || 'expense'} of ${formatDay(expense.date)}`;

/**
 * `/expenses`: what the business spent, newest first, filtered by dates, category,
 * project, client and billing and searched in vendors and notes, with the sum of the whole
 * filter in each currency. Each expense shows its receipt and, once billed, its invoice.
 */
export function ExpensesPage() {
  const list = useListSearch();
  const me = useMe();
  const workspace = useCurrentWorkspace();
  const mutations = useExpenseMutations();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const editingExpense = editing === 'new' ? null : editing;
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const [managing, setManaging] = useState(false);
  const expenses = trpc.expenses.list.useQuery(queryOf(filters, list.query, list.page), {
    placeholderData: keepPreviousData,
  });
  const role = workspace.data?.role;
  const manager = role !== undefined && EXPENSE_MANAGERS.includes(role);
  const canChange = (expense: Expense) =>
    expense.invoiceLineId === null && (manager || expense.createdBy === me.data?.id);
  const filter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    list.setPage(1);
  };
  const filtering =
    list.query !== undefined ||
    Object.entries(filters).some(([key, value]) => value !== NO_FILTERS[key as keyof Filters]);
  const rows = expenses.data?.items ?? [];

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Expenses"
        description="What the business spends, with receipts. Billable expenses are billed to their client once, on an invoice."
        action={
          <Group gap="sm">
            <ExportCsvButton href={exportHref(filters, list.query)} />
            {manager && (
              <Button
                variant="default"
                leftSection={<IconCategory size={18} />}
                onClick={() => setManaging(true)}
              >
                Manage categories
              </Button>
            )}
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Add Expense
            </Button>
          </Group>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SearchInput
          placeholder="Search vendors and notes..."
          value={list.text}
          onChange={list.setText}
          searching={list.typing || (expenses.isFetching && expenses.isPlaceholderData)}
        />
        {expenses.data && expenses.data.totals.length > 0 && (
          <Group gap="md" role="status" aria-label="Totals for the filter" wrap="wrap" ml="auto">
            {expenses.data.totals.map((total) => (
              <Text size="sm" key={total.currency}>
                <Text span c="dimmed" size="sm">
                  Total {total.currency}{' '}
                </Text>
                <Text span fw={700} size="sm" data-testid={`total-${total.currency}`}>
                  {formatMoney(total.amount, total.currency)}
                </Text>
              </Text>
            ))}
          </Group>
        )}
      </Group>
      <FilterFold id="expense-filters" active={filtering} cols={{ base: 1, xs: 2, md: 3, lg: 6 }}>
        <DayInput
          label="From"
          placeholder="Any day"
          value={filters.from}
          onChange={(from) => filter({ from })}
        />
        <DayInput
          label="To"
          placeholder="Any day"
          value={filters.to}
          onChange={(to) => filter({ to })}
        />
        <CategorySelect
          placeholder="All categories"
          value={filters.categoryId}
          onChange={(categoryId) => filter({ categoryId })}
        />
        <ProjectPicker
          label="Project"
          placeholder="All projects"
          clearable
          value={filters.projectId}
          onChange={(projectId) => filter({ projectId })}
        />
        <ClientFilter value={filters.clientId} onChange={(clientId) => filter({ clientId })} />
        <Select
          label="Billing"
          allowDeselect={false}
          data={[
            { value: 'all', label: 'All expenses' },
            { value: 'billable', label: 'Billable' },
            { value: 'unbilled', label: 'Billable, not yet billed' },
            { value: 'billed', label: 'Billed' },
            { value: 'not-billable', label: 'Not billable' },
          ]}
          value={filters.billing}
          onChange={(v) => filter({ billing: (v ?? 'all') as Billing })}
        />
      </FilterFold>
      <ListBody
        status={expenses.status}
        isEmpty={rows.length === 0}
        filtering={filtering}
        noun="expenses"
        icon={<IconReceipt size={26} stroke={1.5} />}
        emptyHint="Record what the business spends, with its receipt; billable expenses go on the client's next invoice."
        createLabel="Add your first expense"
        onCreate={() => setEditing('new')}
        onRetry={() => void expenses.refetch()}
      >
        <Card withBorder radius="lg" p={0}>
          <Table.ScrollContainer minWidth={820}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label="Expenses"
              style={{ opacity: expenses.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Vendor</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Project / Client</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Billing</Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Receipt</VisuallyHidden>
                  </Table.Th>
                  <Table.Th w={48}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((expense) => (
                  <ExpenseRow
                    key={expense.id}
                    expense={expense}
                    onEdit={() => setEditing(expense)}
                    onDelete={canChange(expense) ? () => setDeleting(expense) : undefined}
                    canEdit={canChange(expense)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        {expenses.data && (
          <ListPager
            page={list.page}
            pageSize={PAGE_SIZE}
            noun="expenses"
            total={expenses.data.total}
            onPageChange={list.setPage}
          />
        )}
      </ListBody>
      <ExpenseDialog
        opened={editing !== null}
        expense={editingExpense}
        readOnly={editingExpense !== null && !canChange(editingExpense)}
        onClose={() => setEditing(null)}
      />
      <CategoriesDialog opened={managing} onClose={() => setManaging(false)} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete expense"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting) : Promise.resolve(false))}
      >
        {deleting && `Delete the ${describe(deleting)}? Its receipt is deleted with it.`}
      </ConfirmDeleteDialog>
    </Stack>
  );
}

function ExpenseRow({
  expense,
  canEdit,
  onEdit,
  onDelete,
}: {
  expense: Expense;
  canEdit: boolean;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const marked = expense.billable && expense.billableAmount !== expense.amount;
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(expense.date)}</Table.Td>
      <Table.Td maw={260}>
        <Text size="sm" truncate="end">
          {expense.vendor ?? '—'}
        </Text>
        {expense.notes && (
          <Text size="xs" c="dimmed" truncate="end">
            {expense.notes}
          </Text>
        )}
      </Table.Td>
      <Table.Td c={expense.category ? undefined : 'dimmed'}>
        {expense.category?.name ?? 'Uncategorised'}
      </Table.Td>
      <Table.Td maw={240}>
        <Text size="sm" truncate="end">
          {expense.project?.name ?? expense.client?.name ?? '—'}
        </Text>
        {expense.project && expense.client && (
          <Text size="xs" c="dimmed" truncate="end">
            {expense.client.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(expense.amount, expense.currency)}
        {marked && (
          <Text size="xs" c="dimmed">
            bills {formatMoney(expense.billableAmount, expense.currency)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {expense.invoice ? (
          <Link
            to="/invoices/$invoiceId"
            params={{ invoiceId: String(expense.invoice.id) }}
            style={{ textDecoration: 'none' }}
          >
            <Badge variant="light" color="teal" style={{ cursor: 'pointer' }}>
              Billed · {expense.invoice.number ?? 'Draft'}
            </Badge>
          </Link>
        ) : expense.billable ? (
          <Badge variant="light" color="blue">
            Billable
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Not billable
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {expense.receipt && (
          <Tooltip label="Open the receipt">
            <ActionIcon
              component="a"
              href={expense.receipt.url}
              target="_blank"
              rel="noopener"
              variant="subtle"
              color="gray"
              aria-label={`Receipt of the ${describe(expense)}`}
            >
              <IconPaperclip size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
      <Table.Td>
        <RowActions
          name={describe(expense)}
          actions={
            canEdit
              ? [editAction(onEdit), ...(onDelete ? [deleteAction(onDelete)] : [])]
              : [viewAction(onEdit)]
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}

export default ExpensesPage;
