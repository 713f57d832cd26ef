import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconFileInvoice, IconPlus, IconRepeat } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  INVOICE_STATUSES,
  type Invoice,
  INVOICE_SORT_LABELS,
} from '../../../shared/invoices.schema.ts';
import { trpc } from '../../trpc.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { SortSelect } from '../../components/list/sort-select.tsx';
import { StatusFilter } from '../../components/list/status-filter.tsx';
import { PAGE_SIZE, pageRows, useListControls } from '../../components/list/use-list-controls.ts';
import { InvoiceCard } from './invoice-card.tsx';
import { InvoiceCreateDialog } from './invoice-create.dialog.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { INVOICE_STATUS_LABELS } from './invoice-status.ts';
import { useInvoiceMutations } from './use-invoice-mutations.ts';

/**
 * `/invoices` (SPEC §2 Invoices): searched by number, client or project on the server,
 * filtered by status (overdue included), a card per invoice with its next moves, the
 * Create Invoice dialog; each card opens its invoice's page.
 */
export function InvoicesPage() {
  const canBill = useCanBill();
  const navigate = useNavigate();
  const controls = useListControls(INVOICE_STATUSES, INVOICE_SORT_LABELS);
  const list = trpc.invoices.list.useQuery(controls.input, {
    placeholderData: keepPreviousData,
  });
  const mutations = useInvoiceMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Invoice | null>(null);
  const [deletingShown, setDeletingShown] = useState<Invoice | null>(null);

  const { items, hasMore } = pageRows(list.data?.items);
  // After a deletion or a move out of the filtered status the page may have emptied.
  if (list.data && !list.isPlaceholderData && items.length === 0 && controls.page > 1) {
    controls.setPage(controls.page - 1);
  }

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Invoices"
        description="Bill your clients and follow each invoice until it is paid."
        action={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRepeat size={18} />}
              renderRoot={(props) => <Link to="/recurring-invoices" {...props} />}
            >
              Recurring
            </Button>
            {canBill && (
              <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
                Create Invoice
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="sm" align="center">
        <SearchInput
          placeholder="Search invoices..."
          value={controls.search}
          onChange={controls.setSearch}
          searching={list.isFetching && controls.search.trim() !== ''}
        />
        <StatusFilter
          label="Invoice status"
          statuses={INVOICE_STATUSES}
          labels={INVOICE_STATUS_LABELS}
          value={controls.status}
          onChange={controls.setStatus}
        />
        <SortSelect
          label="Sort invoices"
          hiddenLabel
          labels={INVOICE_SORT_LABELS}
          value={controls.sort}
          onChange={controls.setSort}
          w={190}
        />
      </Group>

      <ListBody
        status={list.status}
        isEmpty={items.length === 0}
        filtering={controls.filtering}
        noun="invoices"
        icon={<IconFileInvoice size={26} stroke={1.5} />}
        emptyHint="Create an invoice for a client, or bill a project's unbilled time."
        createLabel="Create your first invoice"
        onCreate={canBill ? () => setCreating(true) : undefined}
        onRetry={() => void list.refetch()}
      >
        <SimpleGrid
          cols={{ base: 1, sm: 2, xl: 3 }}
          spacing="md"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {items.map((invoice) => (
            <InvoiceCard
              key={invoice.id}
              invoice={invoice}
              canBill={canBill}
              onStatusChange={(status) => mutations.changeStatus(invoice, status)}
              onView={() =>
                void navigate({
                  to: '/invoices/$invoiceId',
                  params: { invoiceId: String(invoice.id) },
                })
              }
              onDelete={() => {
                setDeleting(invoice);
                setDeletingShown(invoice);
              }}
            />
          ))}
        </SimpleGrid>
        <ListPager
          page={controls.page}
          pageSize={PAGE_SIZE}
          noun="invoices"
          shown={items.length}
          hasMore={hasMore}
          onPageChange={controls.setPage}
        />
      </ListBody>

      <InvoiceCreateDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Invoice"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting) : Promise.resolve(false))}
      >
        Delete the draft{deletingShown?.invoiceNumber ? ` "${deletingShown.invoiceNumber}"` : ''}{' '}
        for {deletingShown?.client.name}?
        {deletingShown && deletingShown.timeEntryCount > 0
          ? ' Its time becomes unbilled again.'
          : ''}{' '}
        This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  );
}

export default InvoicesPage;
