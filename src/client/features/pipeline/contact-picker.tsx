import { Stack, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { IconUser } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { RecordSelect } from '../../components/record-select.tsx';
import { trpc } from '../../trpc.ts';
import type { CompanyChoice, PersonChoice } from './opportunity-form.schema.ts';

/** Enough matches to choose from without loading thousands of contacts. */
const SUGGESTIONS = 20;

/**
 * The primary-contact picker: searched on the server by name and email (SPEC §5), each
 * option showing both. Choosing someone also hands back their organization, so the form
 * can fill it in.
 */
export function ContactPicker({
  value,
  onChange,
  error,
}: {
  value: PersonChoice | null;
  onChange: (person: PersonChoice | null, company: CompanyChoice | null) => void;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const contacts = trpc.contacts.list.useQuery(
    { search: query || undefined, limit: SUGGESTIONS },
    { placeholderData: keepPreviousData },
  );

  const { options, byId } = useMemo(() => {
    // The server also matches phone numbers; the picker promises name and email only.
    const needle = query.toLocaleLowerCase();
    const found = (contacts.data?.items ?? []).filter(
      (p) =>
        !needle ||
        p.fullName.toLocaleLowerCase().includes(needle) ||
        (p.email ?? '').toLocaleLowerCase().includes(needle),
    );
    const byId = new Map<number, { person: PersonChoice; company: CompanyChoice | null }>(
      found.map((p) => [
        p.id,
        { person: { id: p.id, fullName: p.fullName, email: p.email }, company: p.company },
      ]),
    );
    if (value && !byId.has(value.id)) byId.set(value.id, { person: value, company: null });
    return { options: found.map((p) => ({ id: p.id, label: p.fullName })), byId };
  }, [contacts.data, query, value]);
  // What the server counted, less the matches on this page that were by phone only.
  const total = (contacts.data?.total ?? 0) - ((contacts.data?.items.length ?? 0) - options.length);

  return (
    <RecordSelect
      label="Primary Contact"
      placeholder="Search by name or email"
      withAsterisk
      leftSection={<IconUser size={16} stroke={1.6} />}
      clearable
      value={value?.id ?? null}
      valueLabel={value?.fullName ?? null}
      options={options}
      total={total}
      searching={contacts.isFetching}
      onQueryChange={setQuery}
      renderOption={({ option }) => {
        const email = byId.get(Number(option.value))?.person.email;
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {email && (
              <Text size="xs" c="dimmed">
                {email}
              </Text>
            )}
          </Stack>
        );
      }}
      onChange={(id) => {
        const chosen = id === null ? undefined : byId.get(id);
        onChange(chosen?.person ?? null, chosen?.company ?? null);
      }}
      nothingFoundMessage="No contacts found"
      error={error}
    />
  );
}
