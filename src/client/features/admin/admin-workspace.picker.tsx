import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../trpc.ts';

/** How many matches the picker offers; typing narrows a platform of thousands. */
const PICKER_LIMIT = 20;

/**
 * Chooses any workspace of the platform, searched on the server by name or owner, leaving
 * out the ones in `excludeIds` (the user's current memberships).
 */
export function AdminWorkspacePicker({
  value,
  excludeIds,
  onChange,
}: {
  value: string | null;
  excludeIds: number[];
  onChange: (workspaceId: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const workspaces = trpc.admin.workspaces.useQuery(
    { search: debounced || undefined, limit: PICKER_LIMIT },
    { placeholderData: keepPreviousData },
  );
  const data = (workspaces.data?.items ?? [])
    .filter((w) => !w.isDeleted && !excludeIds.includes(w.id))
    .map((w) => ({
      value: String(w.id),
      label: w.isActive ? w.name : `${w.name} (suspended)`,
    }));
  return (
    <Select
      label="Workspace"
      placeholder="Search workspaces..."
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched name or owner; filtering again here by label
      // would hide the owner matches.
      filter={({ options }) => options}
      nothingFoundMessage={workspaces.isFetching ? 'Searching...' : 'No workspaces found'}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
