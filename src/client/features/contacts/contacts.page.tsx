import { Alert, Button, Center, Group, Loader, Paper, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconAlertTriangle, IconUpload, IconUserPlus } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import type { ContactSort, Person, Tag } from '../../../shared/contacts.schema.ts';
import { trpc } from '../../trpc.ts';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { ContactAddDialog } from './contact-add.dialog.tsx';
import { PAGE_SIZE } from './contact-display.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ContactEditDrawer } from './contact-edit.drawer.tsx';
import { ContactsEmptyState } from './contacts-empty.state.tsx';
import { ContactsTable } from './contacts-table.tsx';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ImportContactsDialog } from './import-contacts.dialog.tsx';
import { ListPager } from '../../components/list/list-pager.tsx';
import { UNASSIGNED, useAssignees } from './use-assignees.ts';
import { ContactBulkActions } from './contact-bulk-actions.tsx';
import { ContactFilters, contactSortOf } from './contact-filters.tsx';
import { SearchInput } from '../../components/list/search-input.tsx';
import { useListSearch, type ContactsSearch } from '../../components/list/use-list-search.ts';
import { useContactMutations } from './use-contact-mutations.ts';
import { useRetained } from '../../components/list/use-retained.ts';

/** Which drawer shows which contact; `fromView` sends a saved edit back to the details. */
type Panel = { mode: 'view' | 'edit'; person: Person; fromView: boolean };

/**
 * `/contacts`: one page of 50 contacts at a time, searched and paged on the server so a
 * workspace of 10,000 stays quick, with the details and edit drawers, the Add Contact
 * dialog, deletion, and CSV export and import.
 */
export function ContactsPage() {
  const url = useListSearch<ContactsSearch>();
  const { page, setPage } = url;
  const filters = {
    sort: contactSortOf(url.search.sort),
    tagId: url.search.tag,
    organizationId: url.search.organization,
    assignedUserId: url.search.assignee,
  };
  const filtering =
    url.query !== undefined ||
    filters.tagId !== undefined ||
    filters.organizationId !== undefined ||
    filters.assignedUserId !== undefined;
  const list = trpc.contacts.list.useQuery(
    {
      search: url.query,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      withTags: true,
      ...filters,
    },
    { placeholderData: keepPreviousData },
  );
  const assignees = useAssignees();
  const mutations = useContactMutations();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [deleting, setDeleting] = useState<Person | null>(null);
  // Ids chosen for a bulk action; only those on the page shown count.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { update } = url;
  const setSort = useCallback((sort: ContactSort | undefined) => update({ sort }), [update]);
  const select = useCallback((ids: number[], chosen: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (chosen) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const items = list.data?.items ?? [];
  const selectedHere = items.filter((person) => selected.has(person.id)).map((p) => p.id);
  const total = list.data?.total ?? 0;
  // After deletions the last page may be gone: show the new last one.
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const pageGone = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pageGone) setPage(pages);
  }, [pageGone, pages, setPage]);

  // The drawer follows the list (edits, tags) while its contact is on this page, and
  // keeps its own copy otherwise (e.g. an edit that no longer matches the search).
  const live = panel ? (items.find((p) => p.id === panel.person.id) ?? panel.person) : null;
  const shown = useRetained(live);
  const deletingShown = useRetained(deleting);

  // Stable, so the memoized table is not drawn again while the search is typed.
  const openView = useCallback(
    (person: Person) => setPanel({ mode: 'view', person, fromView: false }),
    [],
  );
  const openEdit = useCallback(
    (person: Person) => setPanel({ mode: 'edit', person, fromView: false }),
    [],
  );

  const setTags = (tags: Tag[]) =>
    setPanel((current) => current && { ...current, person: { ...current.person, tags } });

  const confirmDelete = async () => {
    if (!deleting) return false;
    const ok = await mutations.remove(deleting);
    // SPEC §4: deleting the contact shown in an open drawer closes it.
    if (ok && panel?.person.id === deleting.id) setPanel(null);
    return ok;
  };

  const exportHref = url.query
    ? `/api/contacts/export?search=${encodeURIComponent(url.query)}`
    : '/api/contacts/export';

  let body;
  if (list.isPending) {
    body = (
      <Center py={56}>
        <Loader aria-label="Loading contacts" />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert
        m="md"
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title="Contacts could not be loaded"
      >
        <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (items.length === 0) {
    body = (
      <ContactsEmptyState
        searching={filtering}
        onAdd={() => setAdding(true)}
        onImport={() => setImporting(true)}
      />
    );
  } else {
    body = (
      <>
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <ContactsTable
            people={items}
            assigneeOptionsFor={assignees.optionsFor}
            onAssign={mutations.assign}
            onView={openView}
            onEdit={openEdit}
            onDelete={setDeleting}
            selected={selected}
            onSelect={select}
            sort={filters.sort}
            onSort={setSort}
          />
        </div>
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={total}
          noun="contacts"
          onPageChange={setPage}
        />
      </>
    );
  }

  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" gap="sm">
        <SearchInput
          placeholder="Search contacts..."
          value={url.text}
          onChange={url.setText}
          searching={url.typing || (list.isFetching && url.query !== undefined)}
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
          <ExportCsvButton href={exportHref} />
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add Contact
          </Button>
        </Group>
      </Group>

      <ContactFilters
        search={url.search}
        organizationName={
          items.find((person) => person.company?.id === filters.organizationId)?.company?.name
        }
        assigneeOptions={assignees.optionsFor(null).filter((option) => option.value !== UNASSIGNED)}
        onChange={url.update}
      />

      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {body}
      </Paper>

      <ContactBulkActions
        ids={selectedHere}
        assigneeOptions={assignees.optionsFor(null)}
        onChange={mutations.bulk}
        onClear={() => setSelected(new Set())}
      />

      <ContactAddDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={() => setPage(1)}
      />
      <ImportContactsDialog opened={importing} onClose={() => setImporting(false)} />
      <ContactDrawer
        person={shown}
        opened={panel?.mode === 'view'}
        assigneeName={assignees.nameOf(shown?.assignedUserId)}
        onClose={() => setPanel(null)}
        onEdit={() => live && setPanel({ mode: 'edit', person: live, fromView: true })}
        onDelete={() => live && setDeleting(live)}
        onTagsChange={setTags}
        closeOnEscape={deleting === null}
      />
      <ContactEditDrawer
        person={shown}
        opened={panel?.mode === 'edit'}
        onClose={() =>
          setPanel((current) =>
            current?.fromView ? { ...current, mode: 'view', fromView: false } : null,
          )
        }
        onSaved={(saved) =>
          setPanel((current) =>
            current?.fromView
              ? { mode: 'view', person: { ...saved, tags: current.person.tags }, fromView: false }
              : null,
          )
        }
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete Contact"
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        Are you sure you want to delete &quot;{deletingShown?.fullName}&quot;? This action cannot be
        undone.
      </ConfirmDeleteDialog>
    </Stack>
  );
}

export default ContactsPage;
