import { Button } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconFileInvoice, IconRepeat } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  INVOICE_STATUSES,
  type Invoice,
  INVOICE_SORT_LABELS,
} from '../../../shared/invoices.schema.ts';
import { trpc } from '../../trpc.ts';
import { ListPage } from '../../components/list/list-page.tsx';
import { PAGE_SIZE, useListControls } from '../../components/list/use-list-controls.ts';
import { InvoiceCard } from './invoice-card.tsx';
import { InvoiceCreateDialog } from './invoice-create.dialog.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { INVOICE_STATUS_LABELS } from './invoice-status.ts';
import { useInvoiceMutations } from './use-invoice-mutations.ts';

/** The delete question: a draft, by number when it has one, and what happens to its time. */
const deleteMessage = (invoice: Invoice) =>
  `Delete the draft${invoice.invoiceNumber ? ` "${invoice.invoiceNumber}"` : ''} for ${invoice.client.name}?${
    invoice.timeEntryCount > 0 ? ' Its time becomes unbilled again.' : ''
  } This action cannot be undone.`;

/**
 * `/invoices` (SPEC §2 Invoices): searched by number, client or project on the server,
 * filtered by status (overdue included), a card per invoice with its next moves, the
 * Create Invoice dialog; each card opens its invoice's page.
 */
export function InvoicesPage() {
  const canBill = useCanBill();
  const navigate = useNavigate();
  const controls = useListControls({
    pageSize: PAGE_SIZE,
    statuses: INVOICE_STATUSES,
    sorts: INVOICE_SORT_LABELS,
  });
  const list = trpc.invoices.list.useQuery(controls.input, { placeholderData: keepPreviousData });
  const mutations = useInvoiceMutations();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Invoice | null>(null);

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="invoices"
      create={
        canBill && {
          label: 'Create Invoice',
          first: 'Create your first invoice',
          onClick: () => setCreating(true),
        }
      }
      header={{
        description: 'Bill your clients and follow each invoice until it is paid.',
        action: (
          <Button
            variant="default"
            leftSection={<IconRepeat size={18} />}
            renderRoot={(props) => <Link to="/recurring-invoices" {...props} />}
          >
            Recurring
          </Button>
        ),
      }}
      search
      statusFilter={{ label: 'Invoice status', labels: INVOICE_STATUS_LABELS }}
      sortSelect
      empty={{
        icon: <IconFileInvoice size={26} stroke={1.5} />,
        description: "Create an invoice for a client, or bill a project's unbilled time.",
      }}
      card={(invoice) => (
        <InvoiceCard
          invoice={invoice}
          canBill={canBill}
          onStatusChange={(status) => mutations.changeStatus(invoice, status)}
          onView={() =>
            void navigate({
              to: '/invoices/$invoiceId',
              params: { invoiceId: String(invoice.id) },
            })
          }
          onDelete={() => setDeleting(invoice)}
        />
      )}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete Invoice',
        message: deleteMessage,
        confirm: mutations.remove,
      }}
    >
      <InvoiceCreateDialog opened={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}

export default InvoicesPage;
