import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRepeat,
  IconArrowLeft,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  FREQUENCY_LABELS,
  RECURRING_STATUSES,
  type RecurringInvoice,
  type RecurringStatus,
} from '../../../shared/recurring-invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { RowActions, deleteAction, viewAction } from '../../components/list/row-actions.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { ALL, StatusFilter } from '../../components/list/status-filter.tsx';
import { PAGE_SIZE } from '../../components/list/use-list-controls.ts';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import {
  RECURRING_STATUS_COLORS,
  RECURRING_STATUS_LABELS,
  templateName,
} from './recurring-status.ts';
import { useRecurringMutations } from './use-recurring-mutations.ts';

/** When the template's next invoice comes, or why none does. */
export function nextInvoiceText(template: Pick<RecurringInvoice, 'status' | 'nextIssueDate'>) {
  if (template.status === 'ended' || template.nextIssueDate === null) return 'Ended';
  if (template.status === 'paused') return 'Paused';
  return showDay(template.nextIssueDate);
}

/**
 * `/recurring-invoices`: the templates Keel makes invoices from, the next invoice first:
 * client, frequency, next date, amount and status, searched by client and filtered by
 * status; each opens its page. Those who issue invoices pause, resume and delete them here.
 */
export function RecurringInvoicesPage() {
  const canBill = useCanBill();
  const navigate = useNavigate();
  const url = useListSearch();
  const { page, setPage } = url;
  const status: RecurringStatus | typeof ALL =
    RECURRING_STATUSES.find((known) => known === url.search.status) ?? ALL;
  const list = trpc.recurringInvoices.list.useQuery(
    {
      search: url.query,
      status: status === ALL ? undefined : status,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    },
    { placeholderData: keepPreviousData },
  );
  const mutations = useRecurringMutations();
  const [deleting, setDeleting] = useState<RecurringInvoice | null>(null);
  const [deletingShown, setDeletingShown] = useState<RecurringInvoice | null>(null);
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageGone = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pageGone) setPage(pages);
  }, [pageGone, pages, setPage]);

  const create = () => void navigate({ to: '/recurring-invoices/new' });
  const open = (template: RecurringInvoice) =>
    void navigate({
      to: '/recurring-invoices/$recurringId',
      params: { recurringId: String(template.id) },
    });

  return (
    <Stack gap="md" maw={1100}>
      <Anchor renderRoot={(props) => <Link to="/invoices" {...props} />} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Invoices
        </Group>
      </Anchor>
      <ListPageHeader
        title="Recurring Invoices"
        description="Invoices Keel makes for you every week, month, quarter or year."
        action={
          canBill && (
            <Button leftSection={<IconPlus size={16} />} onClick={create}>
              New Recurring Invoice
            </Button>
          )
        }
      />
      <Group gap="sm">
        <SearchInput
          placeholder="Search by client..."
          value={url.text}
          onChange={url.setText}
          searching={url.typing || (list.isFetching && url.query !== undefined)}
        />
        <StatusFilter
          label="Recurring invoice status"
          statuses={RECURRING_STATUSES}
          labels={RECURRING_STATUS_LABELS}
          value={status}
          onChange={(next) => url.update({ status: next === ALL ? undefined : next })}
        />
      </Group>
      <ListBody
        status={list.status}
        isEmpty={items.length === 0}
        filtering={url.query !== undefined || status !== ALL}
        noun="recurring invoices"
        icon={<IconRepeat size={26} stroke={1.5} />}
        emptyHint="Bill a retainer, a subscription or hosting on a schedule: Keel makes each invoice, as a draft or sent to the client."
        createLabel="Create your first recurring invoice"
        onCreate={canBill ? create : undefined}
        onRetry={() => void list.refetch()}
      >
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640} type="scrollarea">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Frequency</Table.Th>
                  <Table.Th>Next invoice</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  {canBill && <Table.Th w={48} aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((template) => (
                  <Table.Tr key={template.id}>
                    <Table.Td style={{ maxWidth: 0, width: '35%' }}>
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            to="/recurring-invoices/$recurringId"
                            params={{ recurringId: String(template.id) }}
                            {...props}
                          />
                        )}
                        fw={600}
                        size="sm"
                        display="block"
                        truncate="end"
                      >
                        {templateName(template)}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate="end">
                        {template.autoSend ? 'Sent automatically' : 'Drafts to review'}
                        {template.invoiceCount > 0
                          ? ` · ${template.invoiceCount} invoice${template.invoiceCount === 1 ? '' : 's'} so far`
                          : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{FREQUENCY_LABELS[template.frequency]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        c={template.status === 'active' ? undefined : 'dimmed'}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {nextInvoiceText(template)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(template.total, template.currency)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={RECURRING_STATUS_COLORS[template.status]}>
                        {RECURRING_STATUS_LABELS[template.status]}
                      </Badge>
                    </Table.Td>
                    {canBill && (
                      <Table.Td>
                        <RowActions
                          name={templateName(template)}
                          actions={[
                            viewAction(() => open(template)),
                            ...(template.status === 'active'
                              ? [
                                  {
                                    label: 'Pause',
                                    icon: IconPlayerPause,
                                    onClick: () => void mutations.pause(template.id),
                                  },
                                ]
                              : template.status === 'paused'
                                ? [
                                    {
                                      label: 'Resume',
                                      icon: IconPlayerPlay,
                                      onClick: () => void mutations.resume(template.id),
                                    },
                                  ]
                                : []),
                            {
                              ...deleteAction(() => {
                                setDeleting(template);
                                setDeletingShown(template);
                              }),
                              group: true,
                            },
                          ]}
                        />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          noun="recurring invoices"
          onPageChange={setPage}
        />
      </ListBody>
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Recurring Invoice"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting.id) : Promise.resolve(false))}
      >
        Delete the recurring invoice for {deletingShown ? templateName(deletingShown) : ''}? No more
        invoices will be made from it; the invoices it made are kept.
      </ConfirmDeleteDialog>
    </Stack>
  );
}
