import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListBody } from '../../components/list/list-body.tsx';
import { ListPageHeader } from '../../components/list/list-page-header.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { PAGE_SIZE } from '../../components/list/use-list-controls.ts';
import { useListSearch } from '../../components/list/use-list-search.ts';
import { useWorkspaceCurrency } from '../../components/money.tsx';
import { trpc } from '../../trpc.ts';
import { ClientFormDialog } from './client-form.dialog.tsx';

const STATUS_COLORS: Record<string, string> = { lead: 'blue', active: 'teal', inactive: 'gray' };

/**
 * `/clients`: the people and companies Keel bills, by name, searched on the server and
 * paged; each opens its page with projects, invoices, unbilled time and balance.
 */
export function ClientsPage() {
  const url = useListSearch();
  const { page, setPage } = url;
  const search = url.query ?? '';
  const list = trpc.clients.list.useQuery(
    { search: search || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const workspaceCurrency = useWorkspaceCurrency();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
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
        title="Clients"
        description="Who you bill: billing details, projects, invoices and what each owes."
        action={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Client
          </Button>
        }
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
        icon={<IconUsersGroup size={26} stroke={1.5} />}
        emptyHint="Add the people and companies you bill, with their billing details."
        createLabel="Add your first client"
        onCreate={() => setAdding(true)}
        onRetry={() => void list.refetch()}
      >
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={560} type="scrollarea">
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Billing email</Table.Th>
                  <Table.Th>Currency</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((client) => (
                  <Table.Tr key={client.id}>
                    <Table.Td style={{ maxWidth: 0, width: '45%' }}>
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
                      {client.company && (
                        <Text size="xs" c="dimmed" truncate="end">
                          {client.company}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate="end">
                        {client.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={client.currency ? undefined : 'dimmed'}>
                        {client.currency ?? workspaceCurrency ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLORS[client.status] ?? 'gray'}>
                        {client.status}
                      </Badge>
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
      <ClientFormDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(id) =>
          void navigate({ to: '/clients/$clientId', params: { clientId: String(id) } })
        }
      />
    </Stack>
  );
}

export default ClientsPage;
