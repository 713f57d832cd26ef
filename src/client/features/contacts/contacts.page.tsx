import { Button } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconUpload, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import type { ContactSort, Person, Tag } from '../../../shared/contacts.schema.ts';
import { trpc } from '../../trpc.ts';
import { ContactAddDialog } from './contact-add.dialog.tsx';
import { PAGE_SIZE } from './contact-display.ts';
import { ContactDrawer } from './contact-drawer.tsx';
import { ContactEditDrawer } from './contact-edit.drawer.tsx';
import { ContactsTable } from './contacts-table.tsx';
import { CsvButtons } from '../../components/list/csv-buttons.tsx';
import { ImportContactsDialog } from './import-contacts.dialog.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { UNASSIGNED, useAssignees } from './use-assignees.ts';
import { ContactBulkActions } from './contact-bulk-actions.tsx';
import { ContactFilters, contactSortOf } from './contact-filters.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import type { ContactsSearch } from '../../components/list/use-list-search.ts';
import { useContactMutations } from './use-contact-mutations.ts';
import { useRecordDrawers } from '../../components/list/use-record-drawers.ts';

/**
 * `/contacts`: one page of 50 contacts at a time, searched and paged on the server so a
 * workspace of 10,000 stays quick, with the details and edit drawers, the Add Contact
 * dialog, deletion, and CSV export and import.
 */
export function ContactsPage() {
  const controls = useListControls<never, never, ContactsSearch>({ pageSize: PAGE_SIZE });
  const { search, setPage, update } = controls;
  const filters = {
    sort: contactSortOf(search.sort),
    tagId: search.tag,
    organizationId: search.organization,
    assignedUserId: search.assignee,
  };
  const list = trpc.contacts.list.useQuery(
    { search: controls.query, ...controls.paging, withTags: true, ...filters },
    { placeholderData: keepPreviousData },
  );
  const assignees = useAssignees();
  const mutations = useContactMutations();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Person | null>(null);
  // Ids chosen for a bulk action; only those on the page shown count.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
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

  const drawers = useRecordDrawers(items);
  const setSort = useCallback((sort: ContactSort | undefined) => update({ sort }), [update]);

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="contacts"
      search
      actions={
        <>
          <CsvButtons
            onImport={() => setImporting(true)}
            exportPath="/api/contacts/export"
            search={controls.query}
          />
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
            Add Contact
          </Button>
        </>
      }
      below={
        <ContactFilters
          search={search}
          organizationName={
            items.find((person) => person.company?.id === filters.organizationId)?.company?.name
          }
          assigneeOptions={assignees
            .optionsFor(null)
            .filter((option) => option.value !== UNASSIGNED)}
          onChange={update}
        />
      }
      filtering={
        controls.query !== undefined ||
        filters.tagId !== undefined ||
        filters.organizationId !== undefined ||
        filters.assignedUserId !== undefined
      }
      empty={{
        // SPEC's words for this list, written out so they are found where the page says them.
        title: 'No contacts yet',
        filteredTitle: 'No contacts found',
        icon: <IconUsers size={26} stroke={1.6} />,
        description: 'Add the people you work with, or bring them in from a CSV file.',
        // Worded apart from the toolbar's buttons, so each name finds one button.
        actions: (
          <>
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
              Add First Contact
            </Button>
            <Button
              variant="default"
              leftSection={<IconUpload size={16} />}
              onClick={() => setImporting(true)}
            >
              Import from CSV
            </Button>
          </>
        ),
        filteredDescription: 'Try adjusting your search',
      }}
      rows={(people) => (
        <ContactsTable
          people={people}
          assigneeOptionsFor={assignees.optionsFor}
          onAssign={mutations.assign}
          onView={drawers.view}
          onEdit={drawers.edit}
          onDelete={setDeleting}
          selected={selected}
          onSelect={select}
          sort={filters.sort}
          onSort={setSort}
        />
      )}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete Contact',
        message: (person) =>
          `Are you sure you want to delete "${person.fullName}"? This action cannot be undone.`,
        confirm: drawers.deleting(mutations.remove),
      }}
    >
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
        person={drawers.shown}
        opened={drawers.viewing}
        assigneeName={assignees.nameOf(drawers.shown?.assignedUserId)}
        onClose={drawers.close}
        onEdit={drawers.editFromView}
        onDelete={() => drawers.live && setDeleting(drawers.live)}
        onTagsChange={(tags: Tag[]) => drawers.update((person) => ({ ...person, tags }))}
        closeOnEscape={deleting === null}
      />
      <ContactEditDrawer
        person={drawers.shown}
        opened={drawers.editing}
        onClose={drawers.closeEdit}
        onSaved={(saved) => drawers.saved((current) => ({ ...saved, tags: current.tags }))}
      />
    </ListPage>
  );
}

export default ContactsPage;
