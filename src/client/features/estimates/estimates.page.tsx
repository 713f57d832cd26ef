import { Button, SimpleGrid, Group, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconCalculator, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ESTIMATE_SORT_LABELS, ESTIMATE_STATUSES } from '../../../shared/estimates.schema.ts';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { SortSelect } from '../../components/list/sort-select.tsx';
import { StatusFilter } from '../../components/list/status-filter.tsx';
import { PAGE_SIZE, pageRows, useListControls } from '../../components/list/use-list-controls.ts';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { EstimateCard } from './estimate-card.tsx';
import { EstimateCreateDialog } from './estimate-create.dialog.tsx';
import { ESTIMATE_STATUS_LABELS } from './estimate-status.ts';

/**
 * `/estimates`: searched by number or client, filtered by status (expired included),
 * sorted; a card per estimate opens its page; New Estimate for those who may bill.
 */
export function EstimatesPage() {
  const canBill = useCanBill();
  const navigate = useNavigate();
  const controls = useListControls(ESTIMATE_STATUSES, ESTIMATE_SORT_LABELS);
  const list = trpc.estimates.list.useQuery(controls.input, { placeholderData: keepPreviousData });
  const [creating, setCreating] = useState(false);
  const { items, hasMore } = pageRows(list.data?.items);
  if (list.data && !list.isPlaceholderData && items.length === 0 && controls.page > 1) {
    controls.setPage(controls.page - 1);
  }

  return (
    <Stack gap="lg" maw={1400}>
      <ListPageHeader
        title="Estimates"
        description="Priced estimates your clients accept before the work starts, then invoice in one click."
        action={
          canBill && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              New Estimate
            </Button>
          )
        }
      />
      <Group gap="sm" align="center">
        <SearchInput
          placeholder="Search estimates..."
          value={controls.search}
          onChange={controls.setSearch}
          searching={list.isFetching && controls.search.trim() !== ''}
        />
        <StatusFilter
          label="Estimate status"
          statuses={ESTIMATE_STATUSES}
          labels={ESTIMATE_STATUS_LABELS}
          value={controls.status}
          onChange={controls.setStatus}
        />
        <SortSelect
          label="Sort estimates"
          hiddenLabel
          labels={ESTIMATE_SORT_LABELS}
          value={controls.sort}
          onChange={controls.setSort}
          w={190}
        />
      </Group>
      <ListBody
        status={list.status}
        isEmpty={items.length === 0}
        filtering={controls.filtering}
        noun="estimates"
        icon={<IconCalculator size={26} stroke={1.5} />}
        emptyHint="Price the work for a client; once they accept, turn it into an invoice."
        createLabel="Create your first estimate"
        onCreate={canBill ? () => setCreating(true) : undefined}
        onRetry={() => void list.refetch()}
      >
        <SimpleGrid
          cols={{ base: 1, sm: 2, xl: 3 }}
          spacing="md"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {items.map((estimate) => (
            <EstimateCard
              key={estimate.id}
              estimate={estimate}
              onView={() =>
                void navigate({
                  to: '/estimates/$estimateId',
                  params: { estimateId: String(estimate.id) },
                })
              }
            />
          ))}
        </SimpleGrid>
        <ListPager
          page={controls.page}
          pageSize={PAGE_SIZE}
          noun="estimates"
          shown={items.length}
          hasMore={hasMore}
          onPageChange={controls.setPage}
        />
      </ListBody>
      <EstimateCreateDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

export default EstimatesPage;
