import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { PICKER_ROWS, RecordSelect } from './record-select.tsx';
import { trpc } from '../trpc.ts';

/**
 * A list filter on one client, searched on the server (a workspace may have thousands).
 * A client named only by the URL gets its name from the server.
 */
export function ClientFilter({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (clientId: number | null) => void;
}) {
  const [query, setQuery] = useState('');
  const clients = trpc.clients.list.useQuery(
    { search: query || undefined, limit: PICKER_ROWS },
    { placeholderData: keepPreviousData },
  );
  const options = (clients.data?.items ?? []).map((client) => ({
    id: client.id,
    label: client.name,
  }));
  const [chosen, setChosen] = useState<{ id: number; label: string } | null>(null);
  const known = value === null ? null : chosen?.id === value ? chosen : undefined;
  const named = trpc.clients.get.useQuery(
    { id: value ?? 0 },
    { enabled: value !== null && known === undefined && !options.some((o) => o.id === value) },
  );
  const label =
    value === null
      ? null
      : (known?.label ?? options.find((o) => o.id === value)?.label ?? named.data?.name ?? null);

  return (
    <RecordSelect
      label="Client"
      placeholder="All clients"
      value={value}
      valueLabel={label}
      options={options}
      total={clients.data?.total ?? 0}
      searching={clients.isFetching}
      onQueryChange={setQuery}
      onChange={(id, text) => {
        setChosen(id !== null && text !== null ? { id, label: text } : null);
        onChange(id);
      }}
      clearable
      nothingFoundMessage="No clients found"
    />
  );
}
