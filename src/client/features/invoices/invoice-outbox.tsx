import { Badge, Card, Divider, Group, Stack, Text, Title, type MantineColor } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { SYSTEM_ACTOR_NAME } from '../../../shared/activity.ts';
import {
  reminderLabel,
  type InvoiceEmail,
  type UpcomingReminder,
} from '../../../shared/invoice-email.schema.ts';
import type { Invoice } from '../../../shared/invoices.schema.ts';
import { showDateTime, showDay } from '../../components/display-preferences.tsx';
import { trpc } from '../../trpc.ts';

const STATUS: Record<InvoiceEmail['status'], { label: string; color: MantineColor }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  logged: { label: 'Written to server log', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
};

const KIND_LABEL: Record<InvoiceEmail['kind'], string> = {
  invoice: 'Invoice',
  reminder: 'Reminder',
  estimate: 'Estimate',
  credit_note: 'Credit note',
};

/** 'after-7' → offset 7, for the label of a reminder in the outbox. */
function offsetOf(key: string): number {
  if (key === 'due') return 0;
  const [side, days] = key.split('-');
  return (side === 'before' ? -1 : 1) * Number(days);
}

function EmailRow({ email }: { email: InvoiceEmail }) {
  const status = STATUS[email.status];
  const when = email.sentAt ?? email.queuedAt;
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {email.subject}
        </Text>
        <Badge variant="light" color={status.color} style={{ flexShrink: 0 }}>
          {status.label}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {email.kind === 'reminder' && email.reminderKey
          ? `Reminder (${reminderLabel(offsetOf(email.reminderKey)).toLowerCase()})`
          : KIND_LABEL[email.kind]}{' '}
        to {email.to} · {email.sentAt ? '' : 'queued '}
        {showDateTime(when)}
        {email.actor === 'system'
          ? ` · by ${SYSTEM_ACTOR_NAME}`
          : email.createdBy
            ? ` · by ${email.createdBy.name}`
            : ''}
        {email.attempts > 1 ? ` · ${email.attempts} attempts` : ''}
      </Text>
      {email.status === 'failed' && email.error && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {email.error}
        </Text>
      )}
    </Stack>
  );
}

function Reminders({ reminders }: { reminders: UpcomingReminder[] }) {
  return (
    <Stack gap={6}>
      <Group gap={6}>
        <IconBellRinging size={16} aria-hidden />
        <Text size="sm" fw={500}>
          Upcoming reminders
        </Text>
      </Group>
      {reminders.map((reminder) => (
        <Group key={reminder.key} justify="space-between" gap="xs">
          <Text size="sm">{showDay(reminder.date)}</Text>
          <Text size="xs" c="dimmed">
            {reminder.label}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * How often a document's outbox is read again: while an email waits for delivery (seconds
 * away), or failed with retries left (the queue tries up to 6 times); else not.
 */
export const outboxRefetch = {
  refetchInterval: (query: { state: { data?: InvoiceEmail[] } }) => {
    const rows = query.state.data ?? [];
    if (rows.some((e) => e.status === 'queued' || e.status === 'sending')) return 3000;
    if (rows.some((e) => e.status === 'failed' && e.attempts < 6)) return 15_000;
    return false;
  },
};

/** The invoice's emails and its reminders still to come (DocumentOutbox). */
export function InvoiceOutbox({ invoice }: { invoice: Invoice }) {
  const emails = trpc.invoiceEmails.list.useQuery({ id: invoice.id }, outboxRefetch);
  const reminders = trpc.invoiceEmails.reminders.useQuery(
    { id: invoice.id },
    { enabled: invoice.status !== 'draft' && invoice.status !== 'void' },
  );
  return (
    <DocumentOutbox emails={emails.data ?? []} upcoming={reminders.data ?? []} noun="invoice" />
  );
}

/**
 * A document's emails (its outbox: the document's email and, for an invoice, reminders;
 * queued, sent, written to the log, or failed with the error) and the reminder dates still
 * to come. Nothing while there are none.
 */
export function DocumentOutbox({
  emails: list,
  upcoming = [],
  noun,
}: {
  emails: InvoiceEmail[];
  upcoming?: UpcomingReminder[];
  noun: 'invoice' | 'estimate';
}) {
  if (list.length === 0 && upcoming.length === 0) return null;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="md" mb="sm">
        Emails
      </Title>
      <Stack gap="sm">
        {list.length === 0 ? (
          <Text size="sm" c="dimmed">
            This {noun} has not been emailed yet.
          </Text>
        ) : (
          list.map((email, index) => (
            <Stack key={email.id} gap="sm">
              {index > 0 && <Divider />}
              <EmailRow email={email} />
            </Stack>
          ))
        )}
        {upcoming.length > 0 && (
          <>
            <Divider />
            <Reminders reminders={upcoming} />
          </>
        )}
      </Stack>
    </Card>
  );
}
