import { Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import type { PortalProposal } from '../../../shared/portal.schema.ts';
import { trpc } from '../../trpc.ts';
import { usePortalDates } from './portal-clock.tsx';
import type { AnswerableSectionProps, Deciding } from './portal-decision.dialog.tsx';
import {
  AmountAndActions,
  DecideButtons,
  DecisionLine,
  DocumentList,
  DocumentRow,
  PROPOSAL_STATUS,
  StatusBadge,
  statusLook,
} from './portal-document.tsx';

/** The client's proposals, shown whole (they have no page or PDF of their own). */
export function PortalProposalsSection({
  token,
  documents,
  onDecide,
}: AnswerableSectionProps<PortalProposal>) {
  return (
    <DocumentList title="Proposals" empty={null}>
      {documents.map((proposal) => (
        <ProposalRow
          key={proposal.id}
          token={token}
          proposal={proposal}
          onDecide={(decision) =>
            onDecide({ kind: 'proposal', id: proposal.id, title: proposal.title, decision })
          }
        />
      ))}
    </DocumentList>
  );
}

function ProposalRow({
  token,
  proposal,
  onDecide,
}: {
  token: string;
  proposal: PortalProposal;
  onDecide: (decision: Deciding['decision']) => void;
}) {
  // On screen, a sent proposal has been read: the business sees it as viewed. Reading the
  // portal itself writes nothing, so the page says so, once per proposal it shows.
  const { mutate: markViewed } = trpc.portal.viewProposal.useMutation();
  const sent = proposal.status === 'sent';
  const { day } = usePortalDates();
  useEffect(() => {
    if (sent) markViewed({ token, id: proposal.id });
  }, [sent, markViewed, token, proposal.id]);

  return (
    <DocumentRow>
      <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            {proposal.title}
          </Text>
          <StatusBadge status={statusLook(PROPOSAL_STATUS, proposal.status)} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {proposal.description}
        </Text>
        {proposal.dueDate && (
          <Text size="xs" c="dimmed">
            Answer by {day(proposal.dueDate)}
          </Text>
        )}
        {proposal.decision && <DecisionLine decision={proposal.decision} />}
      </Stack>
      <AmountAndActions amount={formatMoney(proposal.amount, proposal.currency)}>
        {proposal.decidable && (
          <DecideButtons what={`proposal ${proposal.title}`} onDecide={onDecide} />
        )}
      </AmountAndActions>
    </DocumentRow>
  );
}
