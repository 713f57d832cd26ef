import {} from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconCalculator } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ESTIMATE_SORT_LABELS, ESTIMATE_STATUSES } from '../../../shared/estimates.schema.ts';
import { ListPage } from '../../components/list/list-page.tsx';
import { PAGE_SIZE, useListControls } from '../../components/list/use-list-controls.ts';
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
  const controls = useListControls({
    pageSize: PAGE_SIZE,
    statuses: ESTIMATE_STATUSES,
    sorts: ESTIMATE_SORT_LABELS,
  });
  const list = trpc.estimates.list.useQuery(controls.input, { placeholderData: keepPreviousData });
  const [creating, setCreating] = useState(false);

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="estimates"
      create={
        canBill && {
          label: 'New Estimate',
          first: 'Create your first estimate',
          onClick: () => setCreating(true),
        }
      }
      header={{
        description:
          'Priced estimates your clients accept before the work starts, then invoice in one click.',
      }}
      search
      statusFilter={{ label: 'Estimate status', labels: ESTIMATE_STATUS_LABELS }}
      sortSelect
      empty={{
        icon: <IconCalculator size={26} stroke={1.5} />,
        description: 'Price the work for a client; once they accept, turn it into an invoice.',
      }}
      card={(estimate) => (
        <EstimateCard
          estimate={estimate}
          onView={() =>
            void navigate({
              to: '/estimates/$estimateId',
              params: { estimateId: String(estimate.id) },
            })
          }
        />
      )}
    >
      <EstimateCreateDialog opened={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}

export default EstimatesPage;
