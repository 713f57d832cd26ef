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
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ImportContactsDialog } from './import-contacts.dialog.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { UNASSIGNED, useAssignees } from './use-assignees.ts';
import { ContactBulkActions } from './contact-bulk-actions.tsx';
import { ContactFilters, contactSortOf } from './contact-filters.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import type { ContactsSearch } from '../../components/list/use-list-search.ts';
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
  const [panel, setPanel] = useState<Panel | null>(null);
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

  // The drawer follows the list (edits, tags) while its contact is on this page, and
  // keeps its own copy otherwise (e.g. an edit that no longer matches the search).
  const live = panel ? (items.find((p) => p.id === panel.person.id) ?? panel.person) : null;
  const shown = useRetained(live);

  // Stable, so the memoized table is not drawn again while the search is typed.
  const openView = useCallback(
    (person: Person) => setPanel({ mode: 'view', person, fromView: false }),
    [],
  );
  const openEdit = useCallback(
    (person: Person) => setPanel({ mode: 'edit', person, fromView: false }),
    [],
  );
  const setSort = useCallback((sort: ContactSort | undefined) => update({ sort }), [update]);

  const setTags = (tags: Tag[]) =>
    setPanel((current) => current && { ...current, person: { ...current.person, tags } });

  const confirmDelete = async (person: Person) => {
    const ok = await mutations.remove(person);
    // SPEC §4: deleting the contact shown in an open drawer closes it.
    if (ok && panel?.person.id === person.id) setPanel(null);
    return ok;
  };

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="contacts"
      maw={1400}
      search={{ placeholder: 'Search contacts...' }}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
          <ExportCsvButton
            href={
              controls.query
                ? `/api/contacts/export?search=${encodeURIComponent(controls.query)}`
                : '/api/contacts/export'
            }
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
          onView={openView}
          onEdit={openEdit}
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
        confirm: confirmDelete,
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
    </ListPage>
  );
}

export default ContactsPage;
