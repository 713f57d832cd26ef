import { Anchor, Group, Stack } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PICKER_ROWS, RecordSelect, useChosenLabel } from '../../components/record-select.tsx';
import { trpc } from '../../trpc.ts';
import { NewClientPanel } from './new-client.panel.tsx';

/**
 * The client of a project or an invoice: chosen from the workspace's clients by name,
 * searched on the server, or created on the spot ('New Client'), in which case the new one
 * is chosen. `valueLabel` names the client already chosen (an edited project's).
 */
export function ClientPicker({
  label: fieldLabel = 'Client',
  description,
  value,
  valueLabel = null,
  onChange,
  error,
  required = false,
  disabled = false,
}: {
  label?: string;
  description?: string;
  value: number | null;
  valueLabel?: string | null;
  onChange: (clientId: number | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const [query, setQuery] = useState('');
  const clients = trpc.clients.list.useQuery(
    { search: query || undefined, limit: PICKER_ROWS },
    { placeholderData: keepPreviousData },
  );
  const [creating, setCreating] = useState(false);
  const options = (clients.data?.items ?? []).map((client) => ({
    id: client.id,
    label: client.company ? `${client.name} (${client.company})` : client.name,
  }));
  const chosen = useChosenLabel(value, options, valueLabel);
  const choose = (id: number | null, text: string | null) => {
    chosen.remember(id, text);
    onChange(id);
  };

  return (
    <Stack gap={6}>
      <RecordSelect
        label={fieldLabel}
        description={description}
        placeholder={clients.isPending ? 'Loading clients...' : 'Choose a client'}
        value={value}
        valueLabel={chosen.label}
        options={options}
        total={clients.data?.total ?? 0}
        searching={clients.isFetching}
        onQueryChange={setQuery}
        onChange={choose}
        clearable={!required}
        withAsterisk={required}
        nothingFoundMessage="No clients found"
        error={error}
        disabled={disabled}
      />
      {creating ? (
        <NewClientPanel
          onCancel={() => setCreating(false)}
          onCreated={(client) => {
            setCreating(false);
            choose(client.id, client.company ? `${client.name} (${client.company})` : client.name);
          }}
        />
      ) : (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setCreating(true)}
          disabled={disabled}
          style={{ alignSelf: 'flex-start' }}
        >
          <Group gap={4} wrap="nowrap">
            <IconPlus size={14} />
            New Client
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}
