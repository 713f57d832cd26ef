import { Anchor, Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import {
  FREQUENCY_LABELS,
  RECURRING_STATUSES,
  type RecurringInvoice,
} from '../../../shared/recurring-invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { showDay } from '../../components/display-preferences.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { BackLink } from '../../components/record-page.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { RowActions, deleteAction, viewAction } from '../../components/list/row-actions.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { PAGE_SIZE, useListControls } from '../../components/list/use-list-controls.ts';
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
  const controls = useListControls({ pageSize: PAGE_SIZE, statuses: RECURRING_STATUSES });
  const list = trpc.recurringInvoices.list.useQuery(controls.input, {
    placeholderData: keepPreviousData,
  });
  const mutations = useRecurringMutations();
  const [deleting, setDeleting] = useState<RecurringInvoice | null>(null);

  const create = () => void navigate({ to: '/recurring-invoices/new' });
  const open = (template: RecurringInvoice) =>
    void navigate({
      to: '/recurring-invoices/$recurringId',
      params: { recurringId: String(template.id) },
    });

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="recurring invoices"
      maw={1100}
      header={
        <>
          <BackLink to="/invoices" label="Invoices" />
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
        </>
      }
      search={{ placeholder: 'Search by client...' }}
      statusFilter={{ label: 'Recurring invoice status', labels: RECURRING_STATUS_LABELS }}
      empty={{
        icon: <IconRepeat size={26} stroke={1.5} />,
        description:
          'Bill a retainer, a subscription or hosting on a schedule: Keel makes each invoice, as a draft or sent to the client.',
        create: canBill
          ? { label: 'Create your first recurring invoice', onClick: create }
          : undefined,
      }}
      minWidth={640}
      columns={[
        {
          header: 'Client',
          share: '35%',
          cell: (template) => (
            <>
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
            </>
          ),
        },
        {
          header: 'Frequency',
          cell: (template) => <TextCell value={FREQUENCY_LABELS[template.frequency]} />,
        },
        {
          header: 'Next invoice',
          nowrap: true,
          cell: (template) => (
            <Text size="sm" c={template.status === 'active' ? undefined : 'dimmed'}>
              {nextInvoiceText(template)}
            </Text>
          ),
        },
        {
          header: 'Amount',
          numeric: true,
          nowrap: true,
          cell: (template) => (
            <Text size="sm" fw={500}>
              {formatMoney(template.total, template.currency)}
            </Text>
          ),
        },
        {
          header: 'Status',
          cell: (template) => (
            <Badge variant="light" color={RECURRING_STATUS_COLORS[template.status]}>
              {RECURRING_STATUS_LABELS[template.status]}
            </Badge>
          ),
        },
        {
          header: <VisuallyHidden>Actions</VisuallyHidden>,
          w: 48,
          hidden: !canBill,
          cell: (template) => (
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
                { ...deleteAction(() => setDeleting(template)), group: true },
              ]}
            />
          ),
        },
      ]}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete Recurring Invoice',
        message: (template) =>
          `Delete the recurring invoice for ${templateName(template)}? No more invoices will be made from it; the invoices it made are kept.`,
        confirm: (template) => mutations.remove(template.id),
      }}
    />
  );
}
