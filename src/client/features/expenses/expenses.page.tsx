import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  IconCategory,
  IconFileImport,
  IconPaperclip,
  IconPlus,
  IconReceipt,
} from '@tabler/icons-react';
import { useState } from 'react';
import type { Expense, ExpenseListQuery } from '../../../shared/expenses.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { WorkspaceRole } from '../../../shared/roles.ts';
import { ClientFilter } from '../../components/client-filter.tsx';
import { DateRangeFilter } from '../../components/list/date-range-filter.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { FilterFold } from '../../components/list/filter-fold.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { ListTotals } from '../../components/list/list-totals.tsx';
import {
  deleteAction,
  editAction,
  RowActions,
  viewAction,
} from '../../components/list/row-actions.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { trpc } from '../../trpc.ts';
import { useCurrentWorkspace, useMe } from '../auth/session.ts';
import { ProjectPicker } from '../projects/project-picker.tsx';
import { formatDay } from '../time/time-display.ts';
import { CategoriesDialog } from './categories.dialog.tsx';
import { CategorySelect, ExpenseDialog } from './expense.dialog.tsx';
import { ImportEinvoiceDialog } from './import-einvoice.dialog.tsx';
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
type Status = 'all' | 'drafts' | 'confirmed';

interface Filters {
  from: string | null;
  to: string | null;
  categoryId: number | null;
  projectId: number | null;
  clientId: number | null;
  billing: Billing;
  status: Status;
}

const NO_FILTERS: Filters = {
  from: null,
  to: null,
  categoryId: null,
  projectId: null,
  clientId: null,
  billing: 'all',
  status: 'all',
};

const STATUS: Record<Status, Partial<ExpenseListQuery>> = {
  all: {},
  drafts: { draft: true },
  confirmed: { draft: false },
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
    ...STATUS[filters.status],
  };
}

/** The export of what the list shows: the same filters, every page. */
function exportHref(filters: Filters, search: string | undefined): string {
  const { limit: _limit, ...query } = queryOf(filters, search, 1);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const text = params.toString();
  return `/api/expenses/export${text ? `?${text}` : ''}`;
}

const describe = (expense: Expense) =>
  `${expense.vendor || expense.category?.name || 'expense'} of ${formatDay(expense.date)}`;

/** The columns of the expenses table; `canChange` says who may edit or delete a row. */
function expenseColumns(
  canChange: (expense: Expense) => boolean,
  onEdit: (expense: Expense) => void,
  onDelete: (expense: Expense) => void,
): Column<Expense>[] {
  return [
    { header: 'Date', nowrap: true, cell: (expense) => formatDay(expense.date) },
    {
      header: 'Vendor',
      maw: 260,
      cell: (expense) => (
        <>
          <TextCell value={expense.vendor} truncate />
          {expense.notes && (
            <Text size="xs" c="dimmed" truncate="end">
              {expense.notes}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Category',
      cell: (expense) => (
        <Text size="sm" c={expense.category ? undefined : 'dimmed'}>
          {expense.category?.name ?? 'Uncategorised'}
        </Text>
      ),
    },
    {
      header: 'Project / Client',
      maw: 240,
      cell: (expense) => (
        <>
          <TextCell value={expense.project?.name ?? expense.client?.name} truncate />
          {expense.project && expense.client && (
            <Text size="xs" c="dimmed" truncate="end">
              {expense.client.name}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Amount',
      numeric: true,
      nowrap: true,
      cell: (expense) => (
        <>
          {formatMoney(expense.amount, expense.currency)}
          {expense.billable && expense.billableAmount !== expense.amount && (
            <Text size="xs" c="dimmed">
              bills {formatMoney(expense.billableAmount, expense.currency)}
            </Text>
          )}
        </>
      ),
    },
    { header: 'Billing', cell: (expense) => <BillingBadge expense={expense} /> },
    {
      header: <VisuallyHidden>Receipt</VisuallyHidden>,
      w: 48,
      cell: (expense) =>
        expense.receipt && (
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
        ),
    },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      w: 48,
      cell: (expense) => (
        <RowActions
          name={describe(expense)}
          actions={
            canChange(expense)
              ? [editAction(() => onEdit(expense)), deleteAction(() => onDelete(expense))]
              : [viewAction(() => onEdit(expense))]
          }
        />
      ),
    },
  ];
}

/** Billed (a link to its invoice), billable, or not; a draft says so first. */
function BillingBadge({ expense }: { expense: Expense }) {
  if (expense.draft) {
    return (
      <Tooltip label="Imported from an e-invoice: review and confirm it to count it">
        <Badge variant="light" color="yellow">
          Draft
        </Badge>
      </Tooltip>
    );
  }
  if (expense.invoice) {
    return (
      <Link
        to="/invoices/$invoiceId"
        params={{ invoiceId: String(expense.invoice.id) }}
        style={{ textDecoration: 'none' }}
      >
        <Badge variant="light" color="teal" style={{ cursor: 'pointer' }}>
          Billed · {expense.invoice.number ?? 'Draft'}
        </Badge>
      </Link>
    );
  }
  return expense.billable ? (
    <Badge variant="light" color="blue">
      Billable
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      Not billable
    </Text>
  );
}

/**
 * `/expenses`: what the business spent, newest first, filtered by dates, category,
 * project, client and billing and searched in vendors and notes, with the sum of the whole
 * filter in each currency. Each expense shows its receipt and, once billed, its invoice.
 */
export function ExpensesPage() {
  const controls = useListControls({ pageSize: PAGE_SIZE });
  const me = useMe();
  const workspace = useCurrentWorkspace();
  const mutations = useExpenseMutations();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [editing, setEditing] = useState<Expense | 'new' | null>(null);
  const editingExpense = editing === 'new' ? null : editing;
  const [deleting, setDeleting] = useState<Expense | null>(null);
  const [managing, setManaging] = useState(false);
  const [importing, setImporting] = useState(false);
  const expenses = trpc.expenses.list.useQuery(queryOf(filters, controls.query, controls.page), {
    placeholderData: keepPreviousData,
  });
  const role = workspace.data?.role;
  const manager = role !== undefined && EXPENSE_MANAGERS.includes(role);
  const canChange = (expense: Expense) =>
    expense.invoiceLineId === null && (manager || expense.createdBy === me.data?.id);
  const filter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    controls.setPage(1);
  };
  const filtering =
    controls.query !== undefined ||
    Object.entries(filters).some(([key, value]) => value !== NO_FILTERS[key as keyof Filters]);

  return (
    <ListPage
      controls={controls}
      result={expenses}
      noun="expenses"
      header={{
        description:
          'What the business spends, with receipts. Billable expenses are billed to their client once, on an invoice.',
        action: (
          <Group gap="sm">
            <ExportCsvButton href={exportHref(filters, controls.query)} />
            {manager && (
              <Button
                variant="default"
                leftSection={<IconCategory size={18} />}
                onClick={() => setManaging(true)}
              >
                Manage categories
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconFileImport size={18} />}
              onClick={() => setImporting(true)}
            >
              Import e-invoice
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
              Add Expense
            </Button>
          </Group>
        ),
      }}
      search={{ placeholder: 'Search vendors and notes...' }}
      actions={
        expenses.data &&
        expenses.data.totals.length > 0 && (
          <ListTotals
            totals={expenses.data.totals.map((total) => ({
              label: `Total ${total.currency}`,
              value: formatMoney(total.amount, total.currency),
              testId: `total-${total.currency}`,
            }))}
          />
        )
      }
      below={
        <FilterFold id="expense-filters" active={filtering} cols={{ base: 1, xs: 2, md: 4, lg: 7 }}>
          <DateRangeFilter from={filters.from} to={filters.to} onChange={filter} />
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
          <Select
            label="Status"
            allowDeselect={false}
            data={[
              { value: 'all', label: 'All expenses' },
              { value: 'drafts', label: 'Drafts to review' },
              { value: 'confirmed', label: 'Confirmed' },
            ]}
            value={filters.status}
            onChange={(v) => filter({ status: (v ?? 'all') as Status })}
          />
        </FilterFold>
      }
      filtering={filtering}
      empty={{
        icon: <IconReceipt size={26} stroke={1.5} />,
        description:
          "Record what the business spends, with its receipt; billable expenses go on the client's next invoice.",
        create: { label: 'Add your first expense', onClick: () => setEditing('new') },
      }}
      minWidth={820}
      tableLabel="Expenses"
      columns={expenseColumns(canChange, setEditing, setDeleting)}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete expense',
        message: (expense) => `Delete the ${describe(expense)}? Its receipt is deleted with it.`,
        confirm: mutations.remove,
      }}
    >
      <ExpenseDialog
        opened={editing !== null}
        expense={editingExpense}
        readOnly={editingExpense !== null && !canChange(editingExpense)}
        onClose={() => setEditing(null)}
      />
      <CategoriesDialog opened={managing} onClose={() => setManaging(false)} />
      <ImportEinvoiceDialog
        opened={importing}
        onClose={() => setImporting(false)}
        onImported={(expense) => {
          setImporting(false);
          setEditing(expense);
        }}
      />
    </ListPage>
  );
}

export default ExpensesPage;
