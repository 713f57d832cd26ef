import { Anchor, Group, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../trpc.ts';
import { NewClientPanel } from './new-client.panel.tsx';

/**
 * The client of a project or an invoice: chosen from the workspace's clients by name, or
 * created on the spot ('New Client'), in which case the new one is chosen.
 */
export function ClientPicker({
  value,
  onChange,
  error,
  required = false,
  disabled = false,
}: {
  value: number | null;
  onChange: (clientId: number | null) => void;
  error?: string;
  required?: boolean;
  disabled?: boolean;
}) {
  const clients = trpc.clients.list.useQuery();
  const [creating, setCreating] = useState(false);
  const options = (clients.data ?? []).map((client) => ({
    value: String(client.id),
    label: client.company ? `${client.name} (${client.company})` : client.name,
  }));

  return (
    <Stack gap={6}>
      <Select
        label="Client"
        placeholder={clients.isPending ? 'Loading clients...' : 'Choose a client'}
        data={options}
        value={value === null ? null : String(value)}
        onChange={(next) => onChange(next ? Number(next) : null)}
        searchable
        clearable={!required}
        withAsterisk={required}
        nothingFoundMessage="No clients found"
        error={error}
        disabled={disabled}
        comboboxProps={{ withinPortal: true }}
      />
      {creating ? (
        <NewClientPanel
          onCancel={() => setCreating(false)}
          onCreated={(client) => {
            setCreating(false);
            onChange(client.id);
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
