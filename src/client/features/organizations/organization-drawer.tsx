import { Avatar, Button, Divider, Drawer, Group, Stack, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { peopleLabel, type Organization } from '../../../shared/organizations.schema.ts';
import {
  avatarColorOf,
  DRAWER_SIZE,
  formatCreatedDate,
  initialsOf,
} from '../contacts/contact-display.ts';
import { CopyableText } from '../contacts/copyable-text.tsx';
import { DetailRow } from '../contacts/detail-row.tsx';

/** The organization's details (SPEC §2: name, people, created), with its email and phone. */
export function OrganizationDrawer({
  organization,
  opened,
  onClose,
  onEdit,
  onDelete,
  closeOnEscape = true,
}: {
  organization: Organization | null;
  opened: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** False while a dialog (the delete confirmation) is open on top: Escape closes that. */
  closeOnEscape?: boolean;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={DRAWER_SIZE}
      title="Organization Details"
      closeOnEscape={closeOnEscape}
    >
      {organization && (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar size={52} radius="md" color={avatarColorOf(organization.name)} variant="light">
              {initialsOf(organization.name)}
            </Avatar>
            <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {organization.name}
            </Title>
          </Group>
          <Group gap="sm">
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
              Edit
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
            >
              Delete
            </Button>
          </Group>
          <Divider />
          <DetailRow label="Name">{organization.name}</DetailRow>
          <DetailRow label="People">{peopleLabel(organization.peopleCount)}</DetailRow>
          {organization.email && (
            <DetailRow label="Email">
              <CopyableText value={organization.email} label="email" />
            </DetailRow>
          )}
          {organization.phone && (
            <DetailRow label="Phone">
              <CopyableText value={organization.phone} label="phone" />
            </DetailRow>
          )}
          <DetailRow label="Created">{formatCreatedDate(organization.createdAt)}</DetailRow>
        </Stack>
      )}
    </Drawer>
  );
}
