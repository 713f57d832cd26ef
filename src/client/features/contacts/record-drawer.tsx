import { Avatar, Button, Divider, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DeferredRender } from '../../components/deferred-render.tsx';
import { avatarColorOf, DRAWER_SIZE, initialsOf } from './contact-display.ts';

/**
 * The details drawer of a contact or an organization: who it is (initials, name and a
 * line under it), Edit and Delete, then its detail rows. The rows are drawn only while
 * there is a record, so the drawer can slide out after its record is gone.
 */
export function RecordDrawer({
  title,
  name,
  subtitle,
  avatarRadius,
  opened,
  onClose,
  onEdit,
  onDelete,
  closeOnEscape = true,
  children,
}: {
  title: string;
  /** The record's name, or null while there is no record to show. */
  name: string | null;
  subtitle?: string;
  /** A person's avatar is round, an organization's square-ish. */
  avatarRadius: 'xl' | 'md';
  opened: boolean;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** False while a dialog (the delete confirmation) is open on top: Escape closes that. */
  closeOnEscape?: boolean;
  children: ReactNode;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={DRAWER_SIZE}
      title={title}
      closeOnEscape={closeOnEscape}
    >
      {name !== null && (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="center">
            <Avatar size={52} radius={avatarRadius} color={avatarColorOf(name)} variant="light">
              {initialsOf(name)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              {subtitle && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {subtitle}
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
          {/* The drawer and who it is show in the frame after the click; the detail rows
              (tags, notes, related records) are drawn in slices just after (issue 39). */}
          <DeferredRender>{children}</DeferredRender>
        </Stack>
      )}
    </Drawer>
  );
}

/** The drawer a contact or an organization is edited in, beside the list. */
export function EditDrawer(props: {
  title: string;
  opened: boolean;
  onClose: () => void;
  /** False while a dialog opened from the form is on top: Escape closes that. */
  closeOnEscape?: boolean;
  children: ReactNode;
}) {
  return <Drawer position="right" size={DRAWER_SIZE} {...props} />;
}
