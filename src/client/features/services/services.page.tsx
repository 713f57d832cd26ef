import { Badge, Group, Select, Text, useMatches, VisuallyHidden } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconArchive, IconArchiveOff, IconTools } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '../../../shared/money.ts';
import {
  SERVICE_SORT_LABELS,
  type Service,
  type ServiceListQuery,
} from '../../../shared/services.schema.ts';
import { ExportCsvButton } from '../../components/list/export-csv.button.tsx';
import { ListPage, type Column } from '../../components/list/list-page.tsx';
import {
  deleteAction,
  editAction,
  RowActions,
  type RowAction,
} from '../../components/list/row-actions.tsx';
import { TextCell } from '../../components/list/text-cell.tsx';
import { useListControls } from '../../components/list/use-list-controls.ts';
import { useCanBill } from '../../components/use-can-bill.ts';
import { trpc } from '../../trpc.ts';
import { ServiceDialog } from './service.dialog.tsx';
import { useServiceMutations } from './use-service-mutations.ts';

const PAGE_SIZE = 25;

type Shown = 'active' | 'archived' | 'all';
const SHOWN: Record<Shown, ServiceListQuery['archived']> = {
  active: false,
  archived: true,
  all: 'all',
};

function queryOf(
  category: string | null,
  shown: Shown,
  controls: { query: string | undefined; sort: ServiceListQuery['sort']; page: number },
): ServiceListQuery {
  return {
    limit: PAGE_SIZE,
    ...(controls.page > 1 ? { offset: (controls.page - 1) * PAGE_SIZE } : {}),
    ...(controls.query ? { search: controls.query } : {}),
    ...(controls.sort && controls.sort !== 'name' ? { sort: controls.sort } : {}),
    ...(category ? { category } : {}),
    ...(shown !== 'active' ? { archived: SHOWN[shown] } : {}),
  };
}

/** The export of what the list shows: the same filters and order, every page. */
function exportHref(query: ServiceListQuery): string {
  const { limit: _limit, offset: _offset, ...filters } = query;
  const params = new URLSearchParams(
    Object.entries(filters).map(([key, value]) => [key, String(value)]),
  );
  const text = params.toString();
  return `/api/services/export${text ? `?${text}` : ''}`;
}

const unitText = (unit: string) => `per ${unit}`;

function serviceColumns(
  canChange: boolean,
  /** On a phone: name (with its category) and price only, so no price hides sideways. */
  phone: boolean,
  actions: {
    edit: (service: Service) => void;
    archive: (service: Service, archived: boolean) => void;
    remove: (service: Service) => void;
  },
): Column<Service>[] {
  return [
    {
      header: 'Service',
      maw: 340,
      cell: (service) => (
        <>
          <Group gap="xs" wrap="nowrap">
            <TextCell value={service.name} truncate />
            {service.archived && (
              <Badge variant="light" color="gray" size="sm">
                Archived
              </Badge>
            )}
          </Group>
          {(phone ? service.category : service.description) && (
            <Text size="xs" c="dimmed" truncate="end">
              {phone ? service.category : service.description}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Category',
      hidden: phone,
      cell: (service) => <TextCell value={service.category} />,
    },
    {
      header: 'Price',
      numeric: true,
      nowrap: true,
      cell: (service) => (
        <>
          {formatMoney(service.unitPrice, service.currency)}
          <Text size="xs" c="dimmed">
            {unitText(service.unit)}
          </Text>
        </>
      ),
    },
    {
      header: 'Tax',
      hidden: phone,
      numeric: true,
      nowrap: true,
      cell: (service) => `${service.taxRate} %`,
    },
    {
      header: 'Used on',
      hidden: phone,
      numeric: true,
      nowrap: true,
      cell: (service) =>
        service.usedOn === 0 ? (
          <Text size="sm" c="dimmed">
            Not used
          </Text>
        ) : (
          `${service.usedOn} ${service.usedOn === 1 ? 'document' : 'documents'}`
        ),
    },
    {
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      w: 48,
      hidden: !canChange,
      cell: (service) => {
        const items: RowAction[] = [
          editAction(() => actions.edit(service)),
          service.archived
            ? {
                label: 'Restore',
                icon: IconArchiveOff,
                onClick: () => actions.archive(service, false),
              }
            : {
                label: 'Archive',
                icon: IconArchive,
                onClick: () => actions.archive(service, true),
              },
          deleteAction(() => actions.remove(service)),
        ];
        return <RowActions name={service.name} actions={items} />;
      },
    },
  ];
}

/**
 * `/services`: the catalogue of what the business sells, by name, searched in names,
 * descriptions and categories, filtered by category and archived state, sorted, exported
 * as CSV. Those who bill add, edit, archive and delete services (a service used on a
 * document is archived, never deleted).
 */
export function ServicesPage() {
  const controls = useListControls({ pageSize: PAGE_SIZE, sorts: SERVICE_SORT_LABELS });
  const canBill = useCanBill();
  const phone = useMatches({ base: true, sm: false });
  const mutations = useServiceMutations();
  const [category, setCategory] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>('active');
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const query = queryOf(category, shown, controls);
  const services = trpc.services.list.useQuery(query, { placeholderData: keepPreviousData });
  const categories = trpc.services.categories.useQuery();
  const filtering = controls.filtering || category !== null || shown !== 'active';

  return (
    <ListPage
      controls={controls}
      result={services}
      noun="services"
      header={{
        description:
          'What you sell, priced once: put a service on an invoice or estimate line instead of retyping it.',
        action: <ExportCsvButton href={exportHref(query)} />,
      }}
      create={
        canBill && {
          label: 'Add Service',
          first: 'Add your first service',
          onClick: () => setEditing('new'),
        }
      }
      search={{ placeholder: 'Search services...' }}
      sortSelect
      filters={
        <>
          <Select
            aria-label="Category"
            placeholder="All categories"
            clearable
            searchable
            w={180}
            data={categories.data ?? []}
            value={category}
            onChange={(value) => {
              setCategory(value);
              controls.setPage(1);
            }}
            nothingFoundMessage="No categories found"
          />
          <Select
            aria-label="Archived"
            allowDeselect={false}
            w={150}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'archived', label: 'Archived' },
              { value: 'all', label: 'All services' },
            ]}
            value={shown}
            onChange={(value) => {
              setShown((value ?? 'active') as Shown);
              controls.setPage(1);
            }}
          />
        </>
      }
      filtering={filtering}
      empty={{
        icon: <IconTools size={26} stroke={1.5} />,
        description:
          'Add what you sell (a logo, a day of consulting, a monthly retainer) with its price and tax rate.',
      }}
      minWidth={phone ? 300 : 720}
      tableLabel="Services"
      columns={serviceColumns(canBill, phone, {
        edit: setEditing,
        archive: (service, archived) => void mutations.setArchived(service, archived),
        remove: setDeleting,
      })}
      deletion={{
        item: deleting,
        onClose: () => setDeleting(null),
        title: 'Delete service',
        message: (service) =>
          `Delete ${service.name}? Lines already copied from it keep their text and price.`,
        confirm: mutations.remove,
      }}
    >
      <ServiceDialog
        opened={editing !== null}
        service={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}

export default ServicesPage;
