import {
  ActionIcon,
  Button,
  Center,
  Group,
  SegmentedControl,
  Select,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconArrowsSort,
  IconLayoutKanban,
  IconList,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SORT_OPTIONS, type SortDirection, type SortField } from './lead-view.ts';

export type OpportunitiesView = 'kanban' | 'list';

/**
 * SPEC §2: search, sort (with its direction only while sorting), the kanban/list switch,
 * Manage Stages and Add Opportunity. On a phone it takes two lines: the view switch and
 * Manage Stages shrink to icons (their names kept for screen readers and tooltips) so
 * the board keeps most of the screen.
 */
export function OpportunitiesToolbar({
  search,
  onSearchChange,
  sortField,
  onSortFieldChange,
  sortDirection,
  onSortDirectionChange,
  view,
  onViewChange,
  onManageStages,
  onAdd,
}: {
  search: string;
  onSearchChange: (search: string) => void;
  sortField: SortField;
  onSortFieldChange: (field: SortField) => void;
  sortDirection: SortDirection;
  onSortDirectionChange: (direction: SortDirection) => void;
  view: OpportunitiesView;
  onViewChange: (view: OpportunitiesView) => void;
  onManageStages: () => void;
  onAdd: () => void;
}) {
  const ascending = sortDirection === 'asc';
  const compact = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const viewLabel = (icon: ReactNode, text: string) => (
    <Center style={{ gap: 6 }}>
      {icon}
      {compact ? <VisuallyHidden>{text}</VisuallyHidden> : <span>{text}</span>}
    </Center>
  );
  return (
    <Group justify="space-between" gap="sm" style={{ rowGap: 'var(--mantine-spacing-sm)' }}>
      <Group gap="xs" flex="1 1 420px" wrap="nowrap" miw={0}>
        <TextInput
          flex={1}
          miw={0}
          placeholder="Search opportunities..."
          aria-label="Search opportunities"
          leftSection={<IconSearch size={16} stroke={1.8} />}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          type="search"
        />
        <Select
          w={compact ? 128 : 170}
          style={{ flex: 'none' }}
          aria-label="Sort by"
          leftSection={<IconArrowsSort size={16} stroke={1.8} />}
          data={SORT_OPTIONS}
          value={sortField}
          allowDeselect={false}
          onChange={(value) => onSortFieldChange((value as SortField | null) ?? 'none')}
          comboboxProps={{ withinPortal: true }}
        />
        {sortField !== 'none' && (
          <Tooltip label={ascending ? 'Ascending' : 'Descending'}>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
              onClick={() => onSortDirectionChange(ascending ? 'desc' : 'asc')}
            >
              {ascending ? (
                <IconSortAscending size={18} stroke={1.8} />
              ) : (
                <IconSortDescending size={18} stroke={1.8} />
              )}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" w={compact ? '100%' : undefined}>
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(value) => onViewChange(value as OpportunitiesView)}
          data={[
            {
              value: 'kanban',
              label: viewLabel(<IconLayoutKanban size={16} stroke={1.8} />, 'Kanban'),
            },
            { value: 'list', label: viewLabel(<IconList size={16} stroke={1.8} />, 'List') },
          ]}
        />
        {compact ? (
          <Tooltip label="Manage Stages">
            <ActionIcon
              variant="default"
              size={36}
              aria-label="Manage Stages"
              onClick={onManageStages}
            >
              <IconAdjustmentsHorizontal size={18} stroke={1.8} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button
            variant="default"
            leftSection={<IconAdjustmentsHorizontal size={16} stroke={1.8} />}
            onClick={onManageStages}
          >
            Manage Stages
          </Button>
        )}
        <Button
          flex={compact ? 1 : undefined}
          leftSection={<IconPlus size={16} stroke={1.8} />}
          onClick={onAdd}
        >
          Add Opportunity
        </Button>
      </Group>
    </Group>
  );
}
