import { Avatar, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  ORGANIZATION_SORT_LABELS,
  peopleLabel,
  type Organization,
  type OrganizationSort,
} from '../../../shared/organizations.schema.ts';
import { SortableTh } from '../../components/list/sortable-th.tsx';
import { avatarColorOf, initialsOf } from '../contacts/contact-display.ts';
import {
  RowActions,
  deleteAction,
  editAction,
  viewAction,
} from '../../components/list/row-actions.tsx';

/** One page of organizations (SPEC §2): name, People count and the actions menu. */
export function OrganizationsTable({
  organizations,
  onView,
  onEdit,
  onDelete,
  sort,
  onSort,
}: {
  organizations: Organization[];
  onView: (organization: Organization) => void;
  onEdit: (organization: Organization) => void;
  onDelete: (organization: Organization) => void;
  sort: OrganizationSort;
  onSort: (sort: OrganizationSort | undefined) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={340} type="scrollarea">
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <SortableTh
              column="name"
              labels={ORGANIZATION_SORT_LABELS}
              value={sort}
              onChange={onSort}
            >
              Organization Name
            </SortableTh>
            <SortableTh
              column="peopleCount"
              labels={ORGANIZATION_SORT_LABELS}
              value={sort}
              onChange={onSort}
              w={120}
            >
              People
            </SortableTh>
            <Table.Th w={56}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {organizations.map((organization) => (
            <Table.Tr key={organization.id}>
              <Table.Td style={{ maxWidth: 0, width: '100%' }}>
                <UnstyledButton onClick={() => onView(organization)} maw="100%">
                  <Group gap="sm" wrap="nowrap">
                    <Avatar
                      size={34}
                      radius="md"
                      color={avatarColorOf(organization.name)}
                      variant="light"
                    >
                      {initialsOf(organization.name)}
                    </Avatar>
                    <Text size="sm" fw={600} truncate="end">
                      {organization.name}
                    </Text>
                  </Group>
                </UnstyledButton>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{peopleLabel(organization.peopleCount)}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions
                  name={organization.name}
                  actions={[
                    viewAction(() => onView(organization)),
                    editAction(() => onEdit(organization)),
                    deleteAction(() => onDelete(organization)),
                  ]}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
