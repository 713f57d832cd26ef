import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { peopleLabel, type Organization } from '../../../shared/organizations.schema.ts';
import type { Column } from '../../components/list/list-page.tsx';
import { avatarColorOf, initialsOf } from '../contacts/contact-display.ts';
import {
  RowActions,
  deleteAction,
  editAction,
  viewAction,
} from '../../components/list/row-actions.tsx';
import { ACTIONS_HEADER } from '../../components/list/table-heads.tsx';

/** The organizations table (SPEC §2): name, People count and the actions menu. */
export function organizationColumns({
  onView,
  onEdit,
  onDelete,
}: {
  onView: (organization: Organization) => void;
  onEdit: (organization: Organization) => void;
  onDelete: (organization: Organization) => void;
}): Column<Organization>[] {
  return [
    {
      header: 'Organization Name',
      sortKey: 'name',
      share: '100%',
      cell: (organization) => (
        <UnstyledButton onClick={() => onView(organization)} maw="100%">
          <Group gap="sm" wrap="nowrap">
            <Avatar size={34} radius="md" color={avatarColorOf(organization.name)} variant="light">
              {initialsOf(organization.name)}
            </Avatar>
            <Text size="sm" fw={600} truncate="end">
              {organization.name}
            </Text>
          </Group>
        </UnstyledButton>
      ),
    },
    {
      header: 'People',
      sortKey: 'peopleCount',
      w: 120,
      nowrap: true,
      cell: (organization) => <Text size="sm">{peopleLabel(organization.peopleCount)}</Text>,
    },
    {
      header: ACTIONS_HEADER,
      w: 56,
      cell: (organization) => (
        <RowActions
          name={organization.name}
          actions={[
            viewAction(() => onView(organization)),
            editAction(() => onEdit(organization)),
            deleteAction(() => onDelete(organization)),
          ]}
        />
      ),
    },
  ];
}
