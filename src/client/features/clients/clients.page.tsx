import { Badge, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { ListPage } from '../../components/list/list-page.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { PAGE_SIZE, useListControls } from '../../components/list/use-list-controls.ts';
import { useWorkspaceCurrency } from '../../components/money.tsx';
import { trpc } from '../../trpc.ts';
import { ClientFormDialog } from './client-form.dialog.tsx';
import { ClientLinkCell } from './client-link.cell.tsx';

const STATUS_COLORS: Record<string, string> = { lead: 'blue', active: 'teal', inactive: 'gray' };

/**
 * `/clients`: the people and companies Keel bills, by name, searched on the server and
 * paged; each opens its page with projects, invoices, unbilled time and balance.
 */
export function ClientsPage() {
  const controls = useListControls({ pageSize: PAGE_SIZE });
  const list = trpc.clients.list.useQuery(controls.input, { placeholderData: keepPreviousData });
  const workspaceCurrency = useWorkspaceCurrency();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="clients"
      maw={1100}
      create={{
        label: 'Add Client',
        first: 'Add your first client',
        onClick: () => setAdding(true),
      }}
      header={{
        description: 'Who you bill: billing details, projects, invoices and what each owes.',
      }}
      search
      empty={{
        icon: <IconUsersGroup size={26} stroke={1.5} />,
        description: 'Add the people and companies you bill, with their billing details.',
      }}
      minWidth={560}
      columns={[
        {
          header: 'Client',
          share: '45%',
          cell: (client) => <ClientLinkCell client={client} detail={client.company} />,
        },
        { header: 'Billing email', cell: (client) => <TextCell value={client.email} truncate /> },
        {
          header: 'Currency',
          cell: (client) => (
            <Text size="sm" c={client.currency ? undefined : 'dimmed'}>
              {client.currency ?? workspaceCurrency ?? ''}
            </Text>
          ),
        },
        {
          header: 'Status',
          cell: (client) => (
            <Badge variant="light" color={STATUS_COLORS[client.status] ?? 'gray'}>
              {client.status}
            </Badge>
          ),
        },
      ]}
    >
      <ClientFormDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(id) =>
          void navigate({ to: '/clients/$clientId', params: { clientId: String(id) } })
        }
      />
    </ListPage>
  );
}

export default ClientsPage;
