import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  IconCalendarDue,
  IconCircleCheck,
  IconCircleX,
  IconEye,
  IconListCheck,
  IconSend,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  isDecidedProposal,
  PROPOSAL_TRANSITIONS,
  type Proposal,
  type ProposalStatus,
} from '../../../shared/proposals.schema.ts';
import { InvoiceLink } from '../invoices/invoice-link.tsx';
import { formatDay } from '../time/time-display.ts';
import { PROPOSAL_STATUS_COLORS, PROPOSAL_STATUS_LABELS } from './proposal-status.ts';
import { RowActions, deleteAction, editAction } from '../../components/list/row-actions.tsx';
import { useMoney } from '../../components/money.tsx';
import type { ProposalMove } from './use-proposal-mutations.ts';

const ACTION_ICONS: Partial<Record<ProposalStatus, typeof IconSend>> = {
  sent: IconSend,
  viewed: IconEye,
  accepted: IconCircleCheck,
  rejected: IconCircleX,
};

/**
 * One proposal of the grid with the moves of SPEC §4 as buttons. Accepting and rejecting
 * record the client's decision, which only those who bill may do (the server's rule), so
 * the others do not see those buttons; a decided proposal is read-only for everyone, so it
 * has no Edit or Delete.
 */
export function ProposalCard({
  proposal,
  canBill = false,
  onStatusChange,
  onDecide,
  onFollowUps,
  onEdit,
  onDelete,
}: {
  proposal: Proposal;
  /** Those who bill record the client's decision with its record and follow-ups. */
  canBill?: boolean;
  onStatusChange: (status: ProposalMove) => Promise<boolean>;
  onDecide?: (decision: 'accept' | 'decline') => void;
  onFollowUps?: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const formatMoney = useMoney();
  const [pending, setPending] = useState<ProposalStatus | null>(null);
  const decides = canBill && onDecide !== undefined;
  const transitions = PROPOSAL_TRANSITIONS[proposal.status].filter(
    (transition) => decides || !isDecidedProposal(transition.to),
  );
  const move = async (to: ProposalStatus) => {
    if (to === 'sent' || to === 'viewed') {
      setPending(to);
      await onStatusChange(to);
      setPending(null);
    } else if (isDecidedProposal(to)) onDecide?.(to === 'accepted' ? 'accept' : 'decline');
  };

  return (
    <Card withBorder radius="lg" p="lg" component="article" aria-label={proposal.title}>
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={4} miw={0}>
            <Text fw={600} size="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {proposal.title}
            </Text>
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconUser size={14} stroke={1.7} style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed" truncate="end">
                {proposal.clientName}
              </Text>
            </Group>
          </Stack>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light" color={PROPOSAL_STATUS_COLORS[proposal.status]}>
              {PROPOSAL_STATUS_LABELS[proposal.status]}
            </Badge>
            {!isDecidedProposal(proposal.status) && (
              <RowActions
                name={proposal.title}
                variant="card"
                actions={[editAction(onEdit), deleteAction(onDelete)]}
              />
            )}
          </Group>
        </Group>

        <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {proposal.description}
        </Text>

        <Group justify="space-between" align="flex-end" gap="xs" mt="auto">
          <Text fz={24} fw={700} lh={1.1}>
            {formatMoney(proposal.amount)}
          </Text>
          {proposal.dueDate && (
            <Group gap={6} wrap="nowrap" c="dimmed">
              <IconCalendarDue size={15} stroke={1.7} />
              <Text size="sm" c="dimmed">
                Due {formatDay(proposal.dueDate)}
              </Text>
            </Group>
          )}
        </Group>

        {transitions.length > 0 && (
          <Group gap="xs">
            {transitions.map((transition) => {
              const Icon = ACTION_ICONS[transition.to] ?? IconSend;
              return (
                <Button
                  key={transition.to}
                  size="xs"
                  variant={
                    transition.to === 'rejected' || transition.to === 'viewed' ? 'light' : 'filled'
                  }
                  color={
                    transition.to === 'accepted'
                      ? 'teal'
                      : transition.to === 'rejected'
                        ? 'red'
                        : undefined
                  }
                  leftSection={<Icon size={14} />}
                  loading={pending === transition.to}
                  disabled={pending !== null && pending !== transition.to}
                  onClick={() => void move(transition.to)}
                >
                  {transition.action}
                </Button>
              );
            })}
          </Group>
        )}
        {proposal.depositInvoiceId !== null && (
          <InvoiceLink size="sm" invoiceId={proposal.depositInvoiceId}>
            Deposit invoice
          </InvoiceLink>
        )}
        {canBill &&
          onFollowUps &&
          proposal.status === 'accepted' &&
          !proposal.followUpsAppliedAt && (
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconListCheck size={14} />}
                onClick={onFollowUps}
              >
                Accepted — apply follow-ups
              </Button>
            </Group>
          )}
      </Stack>
    </Card>
  );
}
