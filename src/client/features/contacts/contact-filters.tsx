import { Select, SimpleGrid } from '@mantine/core';
import { IconTag, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { CONTACT_SORT_LABELS } from '../../../shared/contacts.schema.ts';
import { SortSelect, sortOf } from '../../components/list/sort-select.tsx';
import type { ContactsSearch } from '../../components/list/use-list-search.ts';
import { trpc } from '../../trpc.ts';
import {
  OrganizationPicker,
  type OrganizationOption,
} from '../organizations/organization-picker.tsx';

/** The list's order from the URL: one the server knows, else newest first. */
export const contactSortOf = (sort: string | undefined) => sortOf(CONTACT_SORT_LABELS, sort);

/**
 * The contacts list's order and filters (tag, organization, assignee), kept in the URL by
 * the list kit: a filtered list can be linked, reloaded and gone back to.
 */
export function ContactFilters({
  search,
  organizationName,
  assigneeOptions,
  onChange,
}: {
  search: ContactsSearch;
  /** The filtered organization's name when the page knows it (its rows show it). */
  organizationName: string | undefined;
  assigneeOptions: { value: string; label: string }[];
  onChange: (patch: Partial<ContactsSearch>) => void;
}) {
  const tags = trpc.tags.list.useQuery();
  // The name chosen in the picker; after a reload the rows tell it.
  const [chosen, setChosen] = useState<OrganizationOption | null>(null);
  const organization =
    search.organization === undefined
      ? null
      : {
          id: search.organization,
          name: (chosen?.id === search.organization ? chosen.name : organizationName) ?? '',
        };
  return (
    // Two a row on a phone, one row of four from a tablet up.
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" maw={960}>
      <SortSelect
        label="Sort contacts"
        labels={CONTACT_SORT_LABELS}
        value={contactSortOf(search.sort)}
        onChange={(sort) => onChange({ sort })}
      />
      <Select
        label="Filter by tag"
        placeholder="Any tag"
        leftSection={<IconTag size={16} />}
        data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
        value={search.tag === undefined ? null : String(search.tag)}
        onChange={(value) => onChange({ tag: value ? Number(value) : undefined })}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <OrganizationPicker
        label="Filter by organization"
        placeholder="Any organization"
        value={organization}
        onChange={(next) => {
          setChosen(next);
          onChange({ organization: next?.id });
        }}
      />
      <Select
        label="Filter by assignee"
        placeholder="Anyone"
        leftSection={<IconUser size={16} />}
        data={assigneeOptions}
        value={search.assignee === undefined ? null : String(search.assignee)}
        onChange={(value) => onChange({ assignee: value ? Number(value) : undefined })}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    </SimpleGrid>
  );
}
