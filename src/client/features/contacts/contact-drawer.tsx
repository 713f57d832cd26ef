import { Avatar, Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Person, Tag } from '../../../shared/contacts.schema.ts';
import { avatarColorOf, DRAWER_SIZE, formatCreatedDate, initialsOf } from './contact-display.ts';
import { CopyableText } from './copyable-text.tsx';
import { DetailRow } from './detail-row.tsx';
import { TagEditor } from './tag-editor.tsx';

/** The contact's details (SPEC §2): who, how to reach them, who owns them, and tags. */
export function ContactDrawer({
  person,
  opened,
  assigneeName,
  onClose,
  onEdit,
  onDelete,
  onTagsChange,
  closeOnEscape = true,
}: {
  person: Person | null;
  opened: boolean;
  assigneeName: string;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onTagsChange: (tags: Tag[]) => void;
  /** False while a dialog (the delete confirmation) is open on top: Escape closes that. */
  closeOnEscape?: boolean;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={DRAWER_SIZE}
      title="Contact Details"
      closeOnEscape={closeOnEscape}
    >
      {person && (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="center">
            <Avatar size={52} radius="xl" color={avatarColorOf(person.fullName)} variant="light">
              {initialsOf(person.fullName)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {person.fullName}
              </Title>
              {(person.jobTitle || person.company) && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {[person.jobTitle, person.company?.name].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Stack>
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
          <DetailRow label="Email">
            {person.email && <CopyableText value={person.email} label="email" />}
          </DetailRow>
          <DetailRow label="Phone">
            {person.phone && <CopyableText value={person.phone} label="phone" />}
          </DetailRow>
          <DetailRow label="Assigned To">{assigneeName}</DetailRow>
          <DetailRow label="Organization">{person.company?.name}</DetailRow>
          <DetailRow label="Notes">{person.notes}</DetailRow>
          <DetailRow label="Tags">
            <TagEditor person={person} onTagsChange={onTagsChange} />
          </DetailRow>
          <DetailRow label="Created">{formatCreatedDate(person.createdAt)}</DetailRow>
        </Stack>
      )}
    </Drawer>
  );
}
