import { Anchor, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { PAGE_SIZE } from '../../components/list/use-list-controls.ts';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { showDateTime } from '../../components/display-preferences.tsx';
import { trpc } from '../../trpc.ts';
import { PortalLinkBadge, PortalLinkButtons } from './portal-link.actions.tsx';

/**
 * `/portal`: every client with its portal link: whether one works, when it was last
 * opened, and Create portal link / New link / Revoke. The portal itself is the link's page,
 * `/portal/<token>`, which the client opens without an account.
 */
export function ClientPortalPage() {
  const url = useListSearch();
  const { page, setPage } = url;
  const search = url.query ?? '';
  const list = trpc.portal.clients.useQuery(
    { search: search || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageGone = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pageGone) setPage(pages);
  }, [pageGone, pages, setPage]);

  return (
    <Stack gap="md" maw={1100}>
      <ListPageHeader
        title="Client Portal"
        description="A secret link per client opens their invoices, estimates and proposals, with no account. Make a link, send it, and revoke it when it should stop working."
      />
      <Group>
        <SearchInput
          placeholder="Search clients..."
          value={url.text}
          onChange={url.setText}
          searching={url.typing || (list.isFetching && url.query !== undefined)}
        />
      </Group>
      <ListBody
        status={list.status}
        isEmpty={items.length === 0}
        filtering={search !== ''}
        noun="clients"
        icon={<IconDeviceDesktop size={26} stroke={1.5} />}
        emptyHint="Add clients on the Clients page; each can then get a portal link here."
        onRetry={() => void list.refetch()}
      >
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={780} type="scrollarea">
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Portal link</Table.Th>
                  <Table.Th>Last opened</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((client) => (
                  <Table.Tr key={client.id}>
                    <Table.Td style={{ maxWidth: 0, width: '32%' }}>
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            to="/clients/$clientId"
                            params={{ clientId: String(client.id) }}
                            {...props}
                          />
                        )}
                        fw={600}
                        size="sm"
                        display="block"
                        truncate="end"
                      >
                        {client.name}
                      </Anchor>
                      <Text size="xs" c="dimmed" truncate="end">
                        {client.company ?? client.email}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Stack gap={2} align="flex-start">
                        <PortalLinkBadge state={client.portal} />
                        {client.portal.createdAt && (
                          <Text size="xs" c="dimmed">
                            Made {showDateTime(client.portal.createdAt)}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text size="sm" c={client.portal.lastUsedAt ? undefined : 'dimmed'}>
                        {client.portal.lastUsedAt
                          ? showDateTime(client.portal.lastUsedAt)
                          : client.portal.live
                            ? 'Not yet'
                            : '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <PortalLinkButtons
                          clientId={client.id}
                          clientName={client.name}
                          state={client.portal}
                          size="xs"
                        />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          noun="clients"
          onPageChange={setPage}
        />
      </ListBody>
    </Stack>
  );
}

export default ClientPortalPage;
