import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { IconUser } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { trpc } from '../../trpc.ts';
import type { CompanyChoice, PersonChoice } from './opportunity-form.schema.ts';

/** Enough matches to choose from without loading thousands of contacts. */
const SUGGESTIONS = 20;

/**
 * The primary-contact picker: searched on the server by name and email (SPEC §5), each
 * option showing both. The chosen person stays among the options even when the current
 * search would not return them, or the Select would show an empty box. Choosing someone
 * also hands back their organization, so the form can fill it in.
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
  const [search, setSearch] = useState(value?.fullName ?? '');
  // A person chosen from outside (the Create New Contact panel) shows their name.
  const [shownId, setShownId] = useState(value?.id ?? null);
  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    setSearch(value?.fullName ?? '');
  }

  // Once a choice is made the box shows its name; that is not a search.
  const query = search === value?.fullName ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, 250);
  const contacts = trpc.contacts.list.useQuery(
    { search: debounced || undefined, limit: SUGGESTIONS },
    { placeholderData: keepPreviousData },
  );

  const { data, byId } = useMemo(() => {
    // The server also matches phone numbers; the picker promises name and email only.
    const needle = debounced.toLocaleLowerCase();
    const found = (contacts.data?.items ?? []).filter(
      (p) =>
        !needle ||
        p.fullName.toLocaleLowerCase().includes(needle) ||
        (p.email ?? '').toLocaleLowerCase().includes(needle),
    );
    const byId = new Map(
      found.map((p) => [
        String(p.id),
        { person: { id: p.id, fullName: p.fullName, email: p.email }, company: p.company },
      ]),
    );
    if (value && !byId.has(String(value.id))) {
      byId.set(String(value.id), { person: value, company: null });
    }
    const data = [...byId.entries()].map(([id, { person }]) => ({
      value: id,
      label: person.fullName,
    }));
    return { data, byId };
  }, [contacts.data, debounced, value]);

  return (
    <Select
      label="Primary Contact"
      placeholder="Search by name or email"
      withAsterisk
      leftSection={<IconUser size={16} stroke={1.6} />}
      searchable
      clearable
      data={data}
      value={value ? String(value.id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          {byId.get(option.value)?.person.email && (
            <Text size="xs" c="dimmed">
              {byId.get(option.value)?.person.email}
            </Text>
          )}
        </Stack>
      )}
      nothingFoundMessage={contacts.isFetching ? 'Searching...' : 'No contacts found'}
      onChange={(id) => {
        const chosen = id ? byId.get(id) : undefined;
        onChange(chosen?.person ?? null, chosen?.company ?? null);
      }}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
