import { Anchor, Badge } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconSignature } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  CONTRACT_SORT_LABELS,
  CONTRACT_STATUSES,
  type Contract,
} from '../../../shared/contracts.schema.ts';
import { formatMoney } from '../../../shared/money.ts';
import { ClientFilter } from '../../components/client-filter.tsx';
import { showDate } from '../../components/display-preferences.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { ContractFormDialog } from './contract-form.dialog.tsx';
import { CONTRACT_STATUS_COLORS, CONTRACT_STATUS_LABELS } from './contract-status.ts';
import { ContractTemplatesCard } from './contract-templates.card.tsx';
import type { ContractsSearch } from './contracts-search.ts';

const PAGE_SIZE = 25;

export function ContractStatusBadge({ status }: { status: Contract['status'] }) {
  return (
    <Badge variant="light" color={CONTRACT_STATUS_COLORS[status]}>
      {CONTRACT_STATUS_LABELS[status]}
    </Badge>
  );
}

const COLUMNS: Column<Contract>[] = [
  {
    header: 'Title',
    share: '30%',
    cell: (c) => (
      <Anchor
        size="sm"
        fw={600}
        renderRoot={(props) => (
          <Link to="/contracts/$contractId" params={{ contractId: String(c.id) }} {...props} />
        )}
      >
        {c.title}
        {c.version > 1 ? ` (v${c.version})` : ''}
      </Anchor>
    ),
  },
  {
    header: 'Client',
    cell: (c) => (
      <Anchor
        size="sm"
        renderRoot={(props) => (
          <Link to="/clients/$clientId" params={{ clientId: String(c.clientId) }} {...props} />
        )}
      >
        {c.clientName}
      </Anchor>
    ),
  },
  { header: 'Status', nowrap: true, cell: (c) => <ContractStatusBadge status={c.status} /> },
  {
    header: 'Fee',
    numeric: true,
    nowrap: true,
    cell: (c) => (c.fee === null ? '—' : formatMoney(c.fee, c.currency)),
  },
  { header: 'Sent', nowrap: true, cell: (c) => (c.sentAt ? showDate(c.sentAt) : '—') },
  {
    header: 'Signed',
    nowrap: true,
    cell: (c) => (c.signedAt ? showDate(c.signedAt) : '—'),
  },
];

/**
 * `/contracts`: the workspace's contracts (searched by title or client, filtered by status
 * and client, kept in the URL), "New contract", and the templates they start from.
 */
export function ContractsPage() {
  const canBill = useCanBill();
  const controls = useListControls<
    Contract['status'],
    keyof typeof CONTRACT_SORT_LABELS,
    ContractsSearch
  >({
    pageSize: PAGE_SIZE,
    statuses: CONTRACT_STATUSES,
    sorts: CONTRACT_SORT_LABELS,
  });
  const client = controls.search.client;
  const list = trpc.contracts.list.useQuery(
    { ...controls.input, clientId: client },
    { placeholderData: keepPreviousData },
  );
  const [creating, setCreating] = useState(false);

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="contracts"
      create={
        canBill && {
          label: 'New Contract',
          first: 'Create your first contract',
          onClick: () => setCreating(true),
        }
      }
      header={{
        description:
          'Agreements your clients sign in their portal and you countersign, with a sealed PDF and an audit trail.',
      }}
      search
      statusFilter={{ label: 'Contract status', labels: CONTRACT_STATUS_LABELS }}
      sortSelect
      filters={
        <ClientFilter
          value={client ?? null}
          onChange={(id) => controls.update({ client: id ?? undefined })}
        />
      }
      filtering={controls.filtering || client !== undefined}
      empty={{
        icon: <IconSignature size={26} stroke={1.5} />,
        description: 'Draft a contract from a template, send it, and the client signs it online.',
      }}
      columns={COLUMNS}
      minWidth={760}
      tableLabel="Contracts"
    >
      <ContractTemplatesCard canEdit={canBill} />
      <ContractFormDialog opened={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}

export default ContractsPage;
