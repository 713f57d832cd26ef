import { keepPreviousData } from '@tanstack/react-query';
import { IconBuilding } from '@tabler/icons-react';
import { useState } from 'react';
import { RecordSelect } from '../../components/record-select.tsx';
import { trpc } from '../../trpc.ts';

export type OrganizationOption = { id: number; name: string };

/** SPEC §9: the organization picker suggests at most five matches. */
const SUGGESTIONS = 5;

/**
 * Chooses an organization by name, searched on the server so a workspace with thousands
 * of them never loads the whole list (the client form, the opportunity form). The chosen
 * one is an object the form holds, so its name is known without another request.
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
  const [query, setQuery] = useState('');
  const options = trpc.organizations.options.useQuery(
    { search: query || undefined, limit: SUGGESTIONS },
    { placeholderData: keepPreviousData },
  );
  const found = options.data?.items ?? [];

  return (
    <RecordSelect
      label={label}
      placeholder={placeholder}
      leftSection={<IconBuilding size={16} stroke={1.6} />}
      clearable
      value={value?.id ?? null}
      valueLabel={value?.name ?? null}
      options={found.map((o) => ({ id: o.id, label: o.name }))}
      total={options.data?.total ?? found.length}
      searching={options.isFetching}
      onQueryChange={setQuery}
      onChange={(id, name) => onChange(id !== null && name !== null ? { id, name } : null)}
      nothingFoundMessage="No organizations found"
      error={error}
      disabled={disabled}
    />
  );
}
