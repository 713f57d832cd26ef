import {} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconFileDescription } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PROPOSAL_STATUSES,
  type Proposal,
  PROPOSAL_SORT_LABELS,
} from '../../../shared/proposals.schema.ts';
import { trpc } from '../../trpc.ts';
import { ListPage } from '../../components/list/list-page.tsx';
import { PAGE_SIZE, useListControls } from '../../components/list/use-list-controls.ts';
import { ProposalCard } from './proposal-card.tsx';
import { ProposalDialog } from './proposal.dialog.tsx';
import { ProposalDecisionDialog, ProposalFollowUpsDialog } from './proposal-decision.dialogs.tsx';
import { useCanBill } from '../../components/use-can-bill.ts';
import { PROPOSAL_STATUS_LABELS } from './proposal-status.ts';
import { useProposalMutations } from './use-proposal-mutations.ts';

/**
 * `/proposals` (SPEC §2 Proposals), kept on the server rather than as local samples:
 * search, status filter, a card per proposal with its next moves, Create Proposal.
 */
export function ProposalsPage() {
  const controls = useListControls({
    pageSize: PAGE_SIZE,
    statuses: PROPOSAL_STATUSES,
    sorts: PROPOSAL_SORT_LABELS,
  });
  const list = trpc.proposals.list.useQuery(controls.input, { placeholderData: keepPreviousData });
  const mutations = useProposalMutations();
  const [dialog, setDialog] = useState<{ opened: boolean; proposal: Proposal | null }>({
    opened: false,
    proposal: null,
  });
  const canBill = useCanBill();
  const [deciding, setDeciding] = useState<{
    proposal: Proposal;
    decision: 'accept' | 'decline';
  } | null>(null);
  const [followingUp, setFollowingUp] = useState<Proposal | null>(null);
  const [deleting, setDeleting] = useState<Proposal | null>(null);
  const openNew = () => setDialog({ opened: true, proposal: null });

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="proposals"
      create={{ label: 'Create Proposal', first: 'Create your first proposal', onClick: openNew }}
      header={{
        description: 'Pitch your work to clients and track their answers.',
      }}
      search
      statusFilter={{ label: 'Proposal status', labels: PROPOSAL_STATUS_LABELS }}
      sortSelect
      empty={{
        icon: <IconFileDescription size={26} stroke={1.5} />,
        description: 'Write a proposal to pitch your next piece of work.',
      }}
      card={(proposal) => (
        <ProposalCard
          proposal={proposal}
          canBill={canBill}
          onStatusChange={(status) => mutations.changeStatus(proposal, status)}
          onDecide={(decision) => setDeciding({ proposal, decision })}
          onFollowUps={() => setFollowingUp(proposal)}
          onEdit={() => setDialog({ opened: true, proposal })}
          onDelete={() => setDeleting(proposal)}
        />
      )}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete Proposal',
        message: (proposal) =>
          `Are you sure you want to delete "${proposal.title}"? This action cannot be undone.`,
        confirm: mutations.remove,
      }}
    >
      <ProposalDialog
        opened={dialog.opened}
        proposal={dialog.proposal}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
      <ProposalDecisionDialog
        proposal={deciding?.proposal ?? null}
        decision={deciding?.decision ?? 'accept'}
        onClose={() => setDeciding(null)}
      />
      <ProposalFollowUpsDialog proposal={followingUp} onClose={() => setFollowingUp(null)} />
    </ListPage>
  );
}

export default ProposalsPage;
