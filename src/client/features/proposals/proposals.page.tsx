import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconFileDescription, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  PROPOSAL_STATUSES,
  type Proposal,
  PROPOSAL_SORT_LABELS,
} from '../../../shared/proposals.schema.ts';
import { trpc } from '../../trpc.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { SortSelect } from '../../components/list/sort-select.tsx';
import { StatusFilter } from '../../components/list/status-filter.tsx';
import { PAGE_SIZE, pageRows, useListControls } from '../../components/list/use-list-controls.ts';
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
  const controls = useListControls(PROPOSAL_STATUSES, PROPOSAL_SORT_LABELS);
  const list = trpc.proposals.list.useQuery(controls.input, {
    placeholderData: keepPreviousData,
  });
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
  const [deletingShown, setDeletingShown] = useState<Proposal | null>(null);

  const { items, hasMore } = pageRows(list.data?.items);
  if (list.data && !list.isPlaceholderData && items.length === 0 && controls.page > 1) {
    controls.setPage(controls.page - 1);
  }
  const openNew = () => setDialog({ opened: true, proposal: null });

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Proposals"
        description="Pitch your work to clients and track their answers."
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={openNew}>
            Create Proposal
          </Button>
        }
      />
      <Group gap="sm" align="center">
        <SearchInput
          placeholder="Search proposals..."
          value={controls.search}
          onChange={controls.setSearch}
          searching={list.isFetching && controls.search.trim() !== ''}
        />
        <StatusFilter
          label="Proposal status"
          statuses={PROPOSAL_STATUSES}
          labels={PROPOSAL_STATUS_LABELS}
          value={controls.status}
          onChange={controls.setStatus}
        />
        <SortSelect
          label="Sort proposals"
          hiddenLabel
          labels={PROPOSAL_SORT_LABELS}
          value={controls.sort}
          onChange={controls.setSort}
          w={190}
        />
      </Group>

      <ListBody
        status={list.status}
        isEmpty={items.length === 0}
        filtering={controls.filtering}
        noun="proposals"
        icon={<IconFileDescription size={26} stroke={1.5} />}
        emptyHint="Write a proposal to pitch your next piece of work."
        createLabel="Create your first proposal"
        onCreate={openNew}
        onRetry={() => void list.refetch()}
      >
        <SimpleGrid
          cols={{ base: 1, sm: 2, xl: 3 }}
          spacing="md"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {items.map((proposal) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              canBill={canBill}
              onStatusChange={(status) => mutations.changeStatus(proposal, status)}
              onDecide={(decision) => setDeciding({ proposal, decision })}
              onFollowUps={() => setFollowingUp(proposal)}
              onEdit={() => setDialog({ opened: true, proposal })}
              onDelete={() => {
                setDeleting(proposal);
                setDeletingShown(proposal);
              }}
            />
          ))}
        </SimpleGrid>
        <ListPager
          page={controls.page}
          pageSize={PAGE_SIZE}
          noun="proposals"
          shown={items.length}
          hasMore={hasMore}
          onPageChange={controls.setPage}
        />
      </ListBody>

      <ProposalDialog
        opened={dialog.opened}
        proposal={dialog.proposal}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Proposal"
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? mutations.remove(deleting) : Promise.resolve(false))}
      >
        Are you sure you want to delete &quot;{deletingShown?.title}&quot;? This action cannot be
        undone.
      </ConfirmDeleteDialog>
      <ProposalDecisionDialog
        proposal={deciding?.proposal ?? null}
        decision={deciding?.decision ?? 'accept'}
        onClose={() => setDeciding(null)}
      />
      <ProposalFollowUpsDialog proposal={followingUp} onClose={() => setFollowingUp(null)} />
    </Stack>
  );
}

export default ProposalsPage;
