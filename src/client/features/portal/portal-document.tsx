import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PortalDecision } from '../../../shared/portal.schema.ts';
import { usePortalDates } from './portal-clock.tsx';

/*
 * What the portal's lists of invoices, estimates and proposals share: the section, the row,
 * its heading, its PDF button, and for documents the client answers, the buttons and the
 * line that records the answer.
 */

export type Answer = 'accepted' | 'declined';

/** A status as the client reads it. */
export interface StatusLook {
  label: string;
  color: string;
}

/** The statuses of a document that awaits the client's answer, estimate or proposal alike. */
const ANSWER_STATUS: Record<string, StatusLook> = {
  sent: { label: 'Awaiting your answer', color: 'blue' },
  viewed: { label: 'Awaiting your answer', color: 'blue' },
  accepted: { label: 'Accepted', color: 'teal' },
};

export const ESTIMATE_STATUS: Record<string, StatusLook> = {
  ...ANSWER_STATUS,
  declined: { label: 'Declined', color: 'red' },
  converted: { label: 'Accepted', color: 'teal' },
  expired: { label: 'Expired', color: 'gray' },
};

export const PROPOSAL_STATUS: Record<string, StatusLook> = {
  ...ANSWER_STATUS,
  rejected: { label: 'Declined', color: 'red' },
};

/** A contract's status as the client reads it. */
export const CONTRACT_STATUS: Record<string, StatusLook> = {
  sent: { label: 'Awaiting your signature', color: 'blue' },
  viewed: { label: 'Awaiting your signature', color: 'blue' },
  signed: { label: 'Signed', color: 'teal' },
  completed: { label: 'Signed by both parties', color: 'teal' },
  declined: { label: 'Declined', color: 'red' },
  expired: { label: 'Expired', color: 'gray' },
  void: { label: 'Void', color: 'gray' },
};

export function statusLook(looks: Record<string, StatusLook>, status: string): StatusLook {
  return looks[status] ?? { label: status, color: 'gray' };
}

/**
 * A titled list of one kind of document. With none, it says `empty`, or when that is null
 * the list is left out.
 */
export function DocumentList({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string | null;
  children: ReactNode[];
}) {
  if (children.length === 0 && empty === null) return null;
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs">{children}</Stack>
      )}
    </Stack>
  );
}

export function DocumentRow({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}

export function StatusBadge({ status }: { status: StatusLook }) {
  return (
    <Badge size="sm" variant="light" color={status.color}>
      {status.label}
    </Badge>
  );
}

/**
 * A numbered document's number and status, the day it was issued and one more date, then
 * whatever follows (the recorded answer).
 */
export function NumberedHeading({
  number,
  status,
  issueDate,
  also,
  children,
}: {
  number: string | null;
  status: StatusLook;
  issueDate: string | null;
  /** "Due …", "Valid until …": shown after the issue date when it has a date. */
  also: { label: string; date: string | null };
  children?: ReactNode;
}) {
  const { day } = usePortalDates();
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs">
        <Text fw={600} ff="monospace" size="sm">
          {number}
        </Text>
        <StatusBadge status={status} />
      </Group>
      <Text size="xs" c="dimmed">
        {issueDate && `Issued ${day(issueDate)}`}
        {also.date && ` · ${also.label} ${day(also.date)}`}
      </Text>
      {children}
    </Stack>
  );
}

/** The amount of a document the client answers, then its buttons, at the row's end. */
export function AmountAndActions({ amount, children }: { amount: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto' }}>
      <Text fw={600} size="sm">
        {amount}
      </Text>
      {children}
    </Group>
  );
}

export function PdfButton({ href, label }: { href: string; label: string }) {
  return (
    <Button
      component="a"
      href={href}
      size="xs"
      variant="default"
      leftSection={<IconDownload size={14} />}
      aria-label={label}
    >
      PDF
    </Button>
  );
}

/**
 * A document's e-invoice downloads (issue 41), where the business issues e-invoices: UBL and
 * CII, the files the client's accounting imports. `base` is the document's portal path.
 */
export function EinvoiceButtons({ base, name }: { base: string; name: string }) {
  return (
    <>
      {(['ubl', 'cii'] as const).map((format) => (
        <Button
          key={format}
          component="a"
          href={`${base}/einvoice?format=${format}`}
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          aria-label={`Download ${name} as a ${format.toUpperCase()} e-invoice`}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </>
  );
}

export function DecisionLine({ decision }: { decision: PortalDecision }) {
  const { dateTime } = usePortalDates();
  return (
    <Text size="xs" c="dimmed">
      {decision.decision === 'accepted' ? 'Accepted' : 'Declined'} by {decision.name} on{' '}
      {dateTime(decision.decidedAt)}
      {decision.reason ? ` · “${decision.reason}”` : ''}
    </Text>
  );
}

export function DecideButtons({
  what,
  onDecide,
}: {
  what: string;
  onDecide: (answer: Answer) => void;
}) {
  return (
    <>
      <Button
        size="xs"
        color="teal"
        leftSection={<IconCheck size={14} />}
        onClick={() => onDecide('accepted')}
        aria-label={`Accept ${what}`}
      >
        Accept
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconX size={14} />}
        onClick={() => onDecide('declined')}
        aria-label={`Decline ${what}`}
      >
        Decline
      </Button>
    </>
  );
}
