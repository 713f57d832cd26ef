import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { ListPage } from '../../components/list/list-page.tsx';
import { PAGE_SIZE, useListControls } from '../../components/list/use-list-controls.ts';
import { showDateTime } from '../../components/display-preferences.tsx';
import { trpc } from '../../trpc.ts';
import { ClientLinkCell } from '../clients/client-link.cell.tsx';
import { PortalLinkBadge, PortalLinkButtons } from './portal-link.actions.tsx';

/**
 * `/portal`: every client with its portal link: whether one works, when it was last
 * opened, and Create portal link / New link / Revoke. The portal itself is the link's page,
 * `/portal/<token>`, which the client opens without an account.
 */
export function ClientPortalPage() {
  const controls = useListControls({ pageSize: PAGE_SIZE });
  const list = trpc.portal.clients.useQuery(
    { search: controls.query, ...controls.paging },
    { placeholderData: keepPreviousData },
  );

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="clients"
      maw={1100}
      header={{
        title: 'Client Portal',
        description:
          'A secret link per client opens their invoices, estimates and proposals, with no account. Make a link, send it, and revoke it when it should stop working.',
      }}
      search
      empty={{
        icon: <IconDeviceDesktop size={26} stroke={1.5} />,
        description: 'Add clients on the Clients page; each can then get a portal link here.',
      }}
      minWidth={780}
      columns={[
        {
          header: 'Client',
          share: '32%',
          cell: (client) => (
            <ClientLinkCell client={client} detail={client.company ?? client.email} />
          ),
        },
        {
          header: 'Portal link',
          nowrap: true,
          cell: (client) => (
            <Stack gap={2} align="flex-start">
              <PortalLinkBadge state={client.portal} />
              {client.portal.createdAt && (
                <Text size="xs" c="dimmed">
                  Made {showDateTime(client.portal.createdAt)}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          header: 'Last opened',
          nowrap: true,
          cell: (client) => (
            <Text size="sm" c={client.portal.lastUsedAt ? undefined : 'dimmed'}>
              {client.portal.lastUsedAt
                ? showDateTime(client.portal.lastUsedAt)
                : client.portal.live
                  ? 'Not yet'
                  : '—'}
            </Text>
          ),
        },
        {
          header: <VisuallyHidden>Actions</VisuallyHidden>,
          cell: (client) => (
            <Group justify="flex-end">
              <PortalLinkButtons
                clientId={client.id}
                clientName={client.name}
                state={client.portal}
                size="xs"
              />
            </Group>
          ),
        },
      ]}
    />
  );
}

export default ClientPortalPage;
