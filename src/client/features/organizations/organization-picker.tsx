import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { IconBuilding } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { trpc } from '../../trpc.ts';

export type OrganizationOption = { id: number; name: string };

/** SPEC §9: the organization picker suggests at most five matches. */
const SUGGESTIONS = 5;

/**
 * Chooses an organization by name, searched on the server so a workspace with thousands
 * of them never loads the whole list. The chosen one stays among the options even when
 * the current search would not return it, or the Select would show an empty box.
 */
export function OrganizationPicker({
  value,
  onChange,
  error,
  disabled,
  label = 'Organization',
  placeholder = 'Search organizations',
}: {
  value: OrganizationOption | null;
  onChange: (organization: OrganizationOption | null) => void;
  error?: string;
  disabled?: boolean;
  label?: string;
  placeholder?: string;
}) {
  const [search, setSearch] = useState(value?.name ?? '');
  // Once a choice is made the box shows its name; that is not a search.
  const query = search === value?.name ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 250);
  const options = trpc.organizations.options.useQuery(
    { search: debounced || undefined, limit: SUGGESTIONS },
    { placeholderData: keepPreviousData },
  );

  const data = useMemo(() => {
    const found = options.data?.items ?? [];
    const list = value && !found.some((o) => o.id === value.id) ? [value, ...found] : found;
    return list.map((o) => ({ value: String(o.id), label: o.name }));
  }, [options.data, value]);

  return (
    <Select
      label={label}
      placeholder={placeholder}
      leftSection={<IconBuilding size={16} stroke={1.6} />}
      searchable
      clearable
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No organizations found'}
      onChange={(id, option) => {
        onChange(id && option ? { id: Number(id), name: option.label } : null);
      }}
      error={error}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
