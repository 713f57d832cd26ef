import { Button } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconBuilding, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  peopleLabel,
  type Organization,
  ORGANIZATION_SORT_LABELS,
} from '../../../shared/organizations.schema.ts';
import { trpc } from '../../trpc.ts';
import { PAGE_SIZE } from '../contacts/contact-display.ts';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPage } from '../../components/list/list-page.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { useRetained } from '../../components/list/use-retained.ts';
import { OrganizationCreateDialog } from './organization-create.dialog.tsx';
import { OrganizationDrawer } from './organization-drawer.tsx';
import { OrganizationEditDrawer } from './organization-edit.drawer.tsx';
import { ImportOrganizationsDialog } from './import-organizations.dialog.tsx';
import { organizationColumns } from './organization-columns.tsx';
import { useOrganizationMutations } from './use-organization-mutations.ts';

type Panel = { mode: 'view' | 'edit'; organization: Organization; fromView: boolean };

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
  const [panel, setPanel] = useState<Panel | null>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);

  const live = panel
    ? (list.data?.items.find((o) => o.id === panel.organization.id) ?? panel.organization)
    : null;
  const shown = useRetained(live);

  const confirmDelete = async (organization: Organization) => {
    const ok = await mutations.remove(organization);
    // SPEC §4: deleting the organization shown in an open drawer closes it.
    if (ok && panel?.organization.id === organization.id) setPanel(null);
    return ok;
  };

  return (
    <ListPage
      controls={controls}
      result={list}
      noun="organizations"
      maw={1000}
      search={{ placeholder: 'Search organizations...' }}
      sortSelect={{ label: 'Sort organizations' }}
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
                ? `/api/organizations/export?search=${encodeURIComponent(controls.query)}`
                : '/api/organizations/export'
            }
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
        onView: (organization) => setPanel({ mode: 'view', organization, fromView: false }),
        onEdit: (organization) => setPanel({ mode: 'edit', organization, fromView: false }),
        onDelete: setDeleting,
      })}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete Organization',
        message: deleteMessage,
        confirm: confirmDelete,
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
    </ListPage>
  );
}

export default OrganizationsPage;
