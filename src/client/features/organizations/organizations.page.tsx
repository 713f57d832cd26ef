import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconAlertTriangle, IconPlus, IconUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  peopleLabel,
  type Organization,
  ORGANIZATION_SORT_LABELS,
} from '../../../shared/organizations.schema.ts';
import { trpc } from '../../trpc.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { PAGE_SIZE } from '../contacts/contact-display.ts';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { useRetained } from '../../components/list/use-retained.ts';
import { OrganizationCreateDialog } from './organization-create.dialog.tsx';
import { OrganizationDrawer } from './organization-drawer.tsx';
import { OrganizationEditDrawer } from './organization-edit.drawer.tsx';
import { OrganizationsEmptyState } from './organizations-empty.state.tsx';
import { ImportOrganizationsDialog } from './import-organizations.dialog.tsx';
import { OrganizationsTable } from './organizations-table.tsx';
import { useOrganizationMutations } from './use-organization-mutations.ts';
import { SearchInput } from '../../components/list/search-input.tsx';
import { SortSelect, sortOf } from '../../components/list/sort-select.tsx';
import { useListSearch } from '../../components/list/use-list-search.ts';

type Panel = { mode: 'view' | 'edit'; organization: Organization; fromView: boolean };

/**
 * `/organizations`: the workspace's organizations by name with their People counts, 50 a
 * page, searched on the server; add, view, rename, delete (people stay, unlinked), import,
 * export.
 */
export function OrganizationsPage() {
  const url = useListSearch();
  const { page, setPage } = url;
  const debouncedSearch = url.query ?? '';
  const list = trpc.organizations.list.useQuery(
    {
      search: debouncedSearch || undefined,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      sort: sortOf(ORGANIZATION_SORT_LABELS, url.search.sort),
    },
    { placeholderData: keepPreviousData },
  );
  const mutations = useOrganizationMutations();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageGone = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pageGone) setPage(pages);
  }, [pageGone, pages, setPage]);

  const live = panel
    ? (items.find((o) => o.id === panel.organization.id) ?? panel.organization)
    : null;
  const shown = useRetained(live);
  const deletingShown = useRetained(deleting);

  const confirmDelete = async () => {
    if (!deleting) return false;
    const ok = await mutations.remove(deleting);
    // SPEC §4: deleting the organization shown in an open drawer closes it.
    if (ok && panel?.organization.id === deleting.id) setPanel(null);
    return ok;
  };

  let body;
  if (list.isPending) {
    body = (
      <Center py={56}>
        <Loader aria-label="Loading organizations" />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert
        m="md"
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Organizations could not be loaded"
      >
        <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <OrganizationsEmptyState searching={debouncedSearch !== ''} onAdd={() => setAdding(true)} />
    );
  } else {
    body = (
      <>
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <OrganizationsTable
            organizations={items}
            onView={(organization) => setPanel({ mode: 'view', organization, fromView: false })}
            onEdit={(organization) => setPanel({ mode: 'edit', organization, fromView: false })}
            onDelete={setDeleting}
            sort={sortOf(ORGANIZATION_SORT_LABELS, url.search.sort)}
            onSort={(sort) => url.update({ sort })}
          />
        </div>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          noun="organizations"
          onPageChange={setPage}
        />
      </>
    );
  }

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <SearchInput
          placeholder="Search organizations..."
          value={url.text}
          onChange={url.setText}
          searching={url.typing || (list.isFetching && url.query !== undefined)}
        />
        <SortSelect
          label="Sort organizations"
          labels={ORGANIZATION_SORT_LABELS}
          value={sortOf(ORGANIZATION_SORT_LABELS, url.search.sort)}
          onChange={(sort) => url.update({ sort })}
          w={190}
        />
        <Group gap="sm" ml="auto">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
          <ExportCsvButton
            href={
              debouncedSearch
                ? `/api/organizations/export?search=${encodeURIComponent(debouncedSearch)}`
                : '/api/organizations/export'
            }
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Organization
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>

      <OrganizationCreateDialog
        title="Add Organization"
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={() => setPage(1)}
      />
      <ImportOrganizationsDialog opened={importing} onClose={() => setImporting(false)} />
      <OrganizationDrawer
        organization={shown}
        opened={panel?.mode === 'view'}
        onClose={() => setPanel(null)}
        onEdit={() => live && setPanel({ mode: 'edit', organization: live, fromView: true })}
        onDelete={() => live && setDeleting(live)}
        closeOnEscape={deleting === null}
      />
      <OrganizationEditDrawer
        organization={shown}
        opened={panel?.mode === 'edit'}
        onClose={() =>
          setPanel((current) =>
            current?.fromView ? { ...current, mode: 'view', fromView: false } : null,
          )
        }
        onSaved={(saved) =>
          setPanel((current) =>
            current?.fromView ? { mode: 'view', organization: saved, fromView: false } : null,
          )
        }
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Organization"
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        Are you sure you want to delete &quot;{deletingShown?.name}&quot;?
        {deletingShown && deletingShown.peopleCount > 0 && (
          <Text span size="sm">
            {' '}
            Its {peopleLabel(deletingShown.peopleCount)} will stay in your contacts without an
            organization.
          </Text>
        )}{' '}
        This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  );
}

export default OrganizationsPage;
