import {
  Avatar,
  Badge,
  Checkbox,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { memo } from 'react';
import {
  CONTACT_SORT_LABELS,
  type ContactSort,
  type Person,
} from '../../../shared/contacts.schema.ts';
import { SortableTh } from '../../components/list/sortable-th.tsx';
import { ContactAssigneeSelect } from './contact-assignee.select.tsx';
import { avatarColorOf, initialsOf } from './contact-display.ts';
import { CopyableText } from '../../components/copyable-text.tsx';
import { TagBadge } from './tag-badge.tsx';
import type { AssigneeOption } from './use-assignees.ts';
import {
  RowActions,
  deleteAction,
  editAction,
  viewAction,
} from '../../components/list/row-actions.tsx';
import { ActionsTh } from '../../components/list/table-heads.tsx';

/** Tags beyond this many collapse into '+N'; the drawer lists them all. */
const VISIBLE_TAGS = 2;

function Dash() {
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/**
 * One page of contacts (SPEC §2 columns); the page does the fetching and paging.
 *
 * Memoized: typing in the search box re-renders the page at every keystroke (and again
 * when the request starts), and 50 rows of Mantine components cost far more than the
 * page around them; the rows only need drawing again when the page of contacts changes.
 */
export const ContactsTable = memo(function ContactsTable({
  people,
  assigneeOptionsFor,
  onAssign,
  onView,
  onEdit,
  onDelete,
  selected,
  onSelect,
  sort,
  onSort,
}: {
  people: Person[];
  assigneeOptionsFor: (assignedUserId: number | null) => AssigneeOption[];
  onAssign: (person: Person, assignedUserId: number | null) => Promise<boolean>;
  onView: (person: Person) => void;
  onEdit: (person: Person) => void;
  onDelete: (person: Person) => void;
  /** The ids chosen for a bulk action. */
  selected: ReadonlySet<number>;
  /** Chooses (or not) these contacts: one row's, or the whole page's. */
  onSelect: (ids: number[], chosen: boolean) => void;
  sort: ContactSort;
  onSort: (sort: ContactSort | undefined) => void;
}) {
  const chosenHere = people.filter((person) => selected.has(person.id)).length;
  return (
    <Table.ScrollContainer minWidth={1000} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label="Select all contacts on this page"
                checked={people.length > 0 && chosenHere === people.length}
                indeterminate={chosenHere > 0 && chosenHere < people.length}
                onChange={(event) =>
                  onSelect(
                    people.map((person) => person.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </Table.Th>
            <SortableTh
              column="fullName"
              labels={CONTACT_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Name
            </SortableTh>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Organization</Table.Th>
            <Table.Th>Assigned To</Table.Th>
            <Table.Th>Tags</Table.Th>
            <ActionsTh />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => {
            const tags = person.tags ?? [];
            return (
              <Table.Tr
                key={person.id}
                bg={selected.has(person.id) ? 'var(--mantine-primary-color-light)' : undefined}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${person.fullName}`}
                    checked={selected.has(person.id)}
                    onChange={(event) => onSelect([person.id], event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td maw={240}>
                  <UnstyledButton onClick={() => onView(person)} maw="100%">
                    <Group gap="sm" wrap="nowrap">
                      <Avatar
                        size={34}
                        radius="xl"
                        color={avatarColorOf(person.fullName)}
                        variant="light"
                      >
                        {initialsOf(person.fullName)}
                      </Avatar>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate="end">
                          {person.fullName}
                        </Text>
                        {person.jobTitle && (
                          <Text size="xs" c="dimmed" truncate="end">
                            {person.jobTitle}
                          </Text>
                        )}
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td maw={220}>
                  {person.email ? <CopyableText value={person.email} label="email" /> : <Dash />}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {person.phone ? <CopyableText value={person.phone} label="phone" /> : <Dash />}
                </Table.Td>
                <Table.Td maw={180}>
                  {person.company ? (
                    <Text size="sm" truncate="end">
                      {person.company.name}
                    </Text>
                  ) : (
                    <Dash />
                  )}
                </Table.Td>
                <Table.Td>
                  <ContactAssigneeSelect
                    person={person}
                    options={assigneeOptionsFor(person.assignedUserId)}
                    onAssign={onAssign}
                  />
                </Table.Td>
                <Table.Td miw={150}>
                  {tags.length > 0 ? (
                    <Group gap={4}>
                      {tags.slice(0, VISIBLE_TAGS).map((tag) => (
                        <TagBadge key={tag.id} tag={tag} />
                      ))}
                      {tags.length > VISIBLE_TAGS && (
                        <Tooltip
                          label={tags
                            .slice(VISIBLE_TAGS)
                            .map((tag) => tag.name)
                            .join(', ')}
                          openDelay={700}
                        >
                          <Badge variant="default" radius="sm" tt="none">
                            +{tags.length - VISIBLE_TAGS}
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                  ) : (
                    <Dash />
                  )}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={person.fullName}
                    actions={[
                      viewAction(() => onView(person)),
                      editAction(() => onEdit(person)),
                      deleteAction(() => onDelete(person)),
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});
