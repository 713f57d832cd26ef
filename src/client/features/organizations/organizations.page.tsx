import { Button } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  peopleLabel,
  type Organization,
  ORGANIZATION_SORT_LABELS,
} from '../../../shared/organizations.schema.ts';
import { trpc } from '../../trpc.ts';
import { PAGE_SIZE } from '../contacts/contact-display.ts';
import { CsvButtons } from '../../components/list/csv-buttons.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { useRecordDrawers } from '../../components/list/use-record-drawers.ts';
import { OrganizationCreateDialog } from './organization-create.dialog.tsx';
import { OrganizationDrawer } from './organization-drawer.tsx';
import { OrganizationEditDrawer } from './organization-edit.drawer.tsx';
import { ImportOrganizationsDialog } from './import-organizations.dialog.tsx';
import { organizationColumns } from './organization-columns.tsx';
import { useOrganizationMutations } from './use-organization-mutations.ts';

/** The delete question, and what happens to the organization's people. */
const deleteMessage = (organization: Organization) =>
  `Are you sure you want to delete "${organization.name}"?${
    organization.peopleCount > 0
      ? ` Its ${peopleLabel(organization.peopleCount)} will stay in your contacts without an organization.`
      : ''
  } This action cannot be undone.`;

/**
 * `/organizations`: the workspace's organizations by name with their People counts, 50 a
 * page, searched on the server; add, view, rename, delete (people stay, unlinked), import,
 * export.
 */
export function OrganizationsPage() {
  const controls = useListControls({ pageSize: PAGE_SIZE, sorts: ORGANIZATION_SORT_LABELS });
  const list = trpc.organizations.list.useQuery(controls.input, {
    placeholderData: keepPreviousData,
  });
  const mutations = useOrganizationMutations();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<Organization | null>(null);

  const drawers = useRecordDrawers(list.data?.items ?? []);

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="organizations"
      maw={1000}
      search
      sortSelect={{ label: 'Sort organizations' }}
      actions={
        <>
          <CsvButtons
            onImport={() => setImporting(true)}
            exportPath="/api/organizations/export"
            search={controls.query}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Add Organization
          </Button>
        </>
      }
      empty={{
        icon: <IconBuilding size={26} stroke={1.6} />,
        description: 'Add the companies you work with; contacts can then be linked to them.',
        create: { label: 'Add First Organization', onClick: () => setAdding(true) },
        filteredDescription: 'Try adjusting your search',
      }}
      minWidth={340}
      columns={organizationColumns({
        onView: drawers.view,
        onEdit: drawers.edit,
        onDelete: setDeleting,
      })}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete Organization',
        message: deleteMessage,
        confirm: drawers.deleting(mutations.remove),
      }}
    >
      <OrganizationCreateDialog
        title="Add Organization"
        opened={adding}
        onClose={() => setAdding(false)}
        onCreated={() => controls.setPage(1)}
      />
      <ImportOrganizationsDialog opened={importing} onClose={() => setImporting(false)} />
      <OrganizationDrawer
        organization={drawers.shown}
        opened={drawers.viewing}
        onClose={drawers.close}
        onEdit={drawers.editFromView}
        onDelete={() => drawers.live && setDeleting(drawers.live)}
        closeOnEscape={deleting === null}
      />
      <OrganizationEditDrawer
        organization={drawers.shown}
        opened={drawers.editing}
        onClose={drawers.closeEdit}
        onSaved={(saved) => drawers.saved(() => saved)}
      />
    </ListPage>
  );
}

export default OrganizationsPage;
