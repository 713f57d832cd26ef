import { compareAmounts } from '../../../shared/invoice-math.ts';
import { ActionIcon, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  IconCalendarDue,
  IconCircleCheck,
  IconClockHour4,
  IconEye,
  IconFileText,
  IconFolder,
  IconSend,
} from '@tabler/icons-react';
import { useState } from 'react';
import { INVOICE_TRANSITIONS, type Invoice } from '../../../shared/invoices.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { formatDay } from '../time/time-display.ts';
import { DocumentNumber } from './document-number.tsx';
import { InvoiceStatusBadge } from './invoice-link.tsx';
import { invoiceName } from './invoice-status.ts';
import { RowActions, deleteAction } from '../../components/list/row-actions.tsx';

const ACTION_ICONS = { sent: IconSend, viewed: IconEye, paid: IconCircleCheck } as const;

function Detail({
  icon: Icon,
  children,
  color,
}: {
  icon: typeof IconFolder;
  children: string;
  color?: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" c={color ?? 'dimmed'}>
      <Icon size={15} stroke={1.7} style={{ flexShrink: 0 }} />
      <Text size="sm" c={color ?? 'dimmed'} truncate="end">
        {children}
      </Text>
    </Group>
  );
}

/**
 * One invoice of the grid: number, client, amount and dates, with the buttons of SPEC §4
 * ('Send Invoice', 'Mark Viewed', 'Mark Paid') for those who may bill.
 */
export function InvoiceCard({
  invoice,
  canBill,
  onStatusChange,
  onView,
  onDelete,
}: {
  invoice: Invoice;
  canBill: boolean;
  onStatusChange: (status: 'sent' | 'viewed' | 'paid') => Promise<boolean>;
  onView: () => void;
  onDelete: () => void;
}) {
  const [pending, setPending] = useState<string | null>(null);
  const transitions = canBill ? INVOICE_TRANSITIONS[invoice.status] : [];
  const overdue = invoice.status === 'overdue';
  const name = invoiceName(invoice);
  const partlyPaid = invoice.status !== 'paid' && compareAmounts(invoice.paidTotal, '0') > 0;

  const move = async (to: 'sent' | 'viewed' | 'paid') => {
    setPending(to);
    await onStatusChange(to);
    setPending(null);
  };

  return (
    <Card withBorder radius="lg" p="lg" component="article" aria-label={name}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <DocumentNumber number={invoice.invoiceNumber} />
            <Text size="sm" c="dimmed" truncate="end">
              {invoice.client.name}
            </Text>
          </Stack>
          <InvoiceStatusBadge
            status={invoice.status}
            emailedAt={invoice.emailedAt}
            style={{ flexShrink: 0 }}
          />
        </Group>

        <Text fz={28} fw={700} lh={1.1}>
          {formatMoney(invoice.amount, invoice.currency)}
        </Text>
        {partlyPaid && (
          <Text size="sm" c="orange.8" fw={500} mt={-8}>
            {`${formatMoney(invoice.balance, invoice.currency)} still due`}
          </Text>
        )}

        <Stack gap={6}>
          {invoice.project && <Detail icon={IconFolder}>{invoice.project.name}</Detail>}
          {invoice.dueDate && (
            <Detail icon={IconCalendarDue} color={overdue ? 'red' : undefined}>
              {`Due ${formatDay(invoice.dueDate)}`}
            </Detail>
          )}
          {invoice.paidDate && (
            <Detail icon={IconCircleCheck} color="teal">
              {`Paid ${formatDay(invoice.paidDate)}`}
            </Detail>
          )}
          {invoice.timeEntryCount > 0 && (
            <Detail icon={IconClockHour4}>
              {`${invoice.timeEntryCount} time ${invoice.timeEntryCount === 1 ? 'entry' : 'entries'} billed`}
            </Detail>
          )}
        </Stack>

        <Group gap="xs" mt="auto" justify="space-between" wrap="nowrap">
          <Group gap="xs">
            {transitions.map((transition) => {
              const to = transition.to as 'sent' | 'viewed' | 'paid';
              const Icon = ACTION_ICONS[to];
              return (
                <Button
                  key={to}
                  size="xs"
                  variant={to === 'paid' || to === 'sent' ? 'filled' : 'light'}
                  color={to === 'paid' ? 'teal' : undefined}
                  leftSection={<Icon size={14} />}
                  loading={pending === to}
                  disabled={pending !== null && pending !== to}
                  onClick={() => void move(to)}
                >
                  {transition.action}
                </Button>
              );
            })}
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label={`View ${name}`} onClick={onView}>
              <IconFileText size={18} />
            </ActionIcon>
            {canBill && invoice.status === 'draft' && (
              <RowActions
                name={name}
                variant="card"
                actions={[deleteAction(onDelete, 'Delete draft')]}
              />
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
