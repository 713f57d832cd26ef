import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { IconBuilding } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { trpc } from '../../trpc.ts';
import type { CompanyChoice } from './opportunity-form.schema.ts';

/** SPEC §9: the organization picker suggests at most five matches. */
const SUGGESTIONS = 5;

/**
 * Chooses the deal's organization by name, searched on the server. The chosen one stays
 * among the options even when the current search would not return it.
 */
export function OrganizationPicker({
  value,
  onChange,
  error,
}: {
  value: CompanyChoice | null;
  onChange: (company: CompanyChoice | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState(value?.name ?? '');
  // An organization filled in from outside (the chosen contact's) shows its name.
  const [shownId, setShownId] = useState(value?.id ?? null);
  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    setSearch(value?.name ?? '');
  }

  const query = search === value?.name ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 250);
  const options = trpc.organizations.options.useQuery(
    { search: debounced || undefined, limit: SUGGESTIONS },
    { placeholderData: keepPreviousData },
  );

  const data = useMemo(() => {
    const found = (options.data?.items ?? []).slice(0, SUGGESTIONS);
    const list = value && !found.some((o) => o.id === value.id) ? [value, ...found] : found;
    return list.map((o) => ({ value: String(o.id), label: o.name }));
  }, [options.data, value]);

  return (
    <Select
      label="Organization"
      placeholder="Search organizations"
      leftSection={<IconBuilding size={16} stroke={1.6} />}
      searchable
      clearable
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching...' : 'No organizations found'}
      onChange={(id, option) =>
        onChange(id && option ? { id: Number(id), name: option.label } : null)
      }
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
