import {
  Alert,
  Button,
  Center,
  CloseButton,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { peopleLabel, type Organization } from '../../../shared/organizations.schema.ts';
import { trpc } from '../../trpc.ts';
import { ConfirmDeleteDialog } from '../contacts/confirm-delete.dialog.tsx';
import { PAGE_SIZE } from '../contacts/contact-display.ts';
import { ExportCsvButton } from '../contacts/export-csv.button.tsx';
import { TableFooter } from '../contacts/table-footer.tsx';
import { useRetained } from '../contacts/use-retained.ts';
import { OrganizationCreateDialog } from './organization-create.dialog.tsx';
import { OrganizationDrawer } from './organization-drawer.tsx';
import { OrganizationEditDrawer } from './organization-edit.drawer.tsx';
import { OrganizationsEmptyState } from './organizations-empty.state.tsx';
import { OrganizationsTable } from './organizations-table.tsx';
import { useOrganizationMutations } from './use-organization-mutations.ts';
import { useRecordSearch } from '../../routes/use-record-search.ts';

type Panel = { mode: 'view' | 'edit'; organization: Organization; fromView: boolean };

/**
 * `/organizations`: the workspace's organizations by name with their People counts, 50 a
 * page, searched on the server; add, view, rename, delete (people stay, unlinked), export.
 */
export function OrganizationsPage() {
  const [search, setSearch] = useRecordSearch();
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const list = trpc.organizations.list.useQuery(
    { search: debouncedSearch || undefined, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const mutations = useOrganizationMutations();
  const [adding, setAdding] = useState(false);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (list.data && !list.isPlaceholderData && page > pages) setPage(pages);

  const live = panel
    ? (items.find((o) => o.id === panel.organization.id) ?? panel.organization)
    : null;
  const shown = useRetained(live);
  const deletingShown = useRetained(deleting);

  const changeSearch = (value: string) => {
    setSearch(value);
    setPage(1);
  };

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
          />
        </div>
        <TableFooter
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          noun={total === 1 ? 'organization' : 'organizations'}
          onPageChange={setPage}
        />
      </>
    );
  }

  return (
    <Stack gap="md" maw={1000}>
      <Group justify="space-between" gap="sm">
        <TextInput
          aria-label="Search organizations"
          placeholder="Search organizations..."
          leftSection={<IconSearch size={16} />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => changeSearch('')} />
            ) : null
          }
          value={search}
          onChange={(event) => changeSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          maw={{ sm: 380 }}
        />
        <Group gap="sm">
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
