import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * A delete confirmation (contacts and organizations). The dialog stays open, its buttons
 * disabled, until the deletion answers; it closes only when the deletion succeeded.
 */
export function ConfirmDeleteDialog({
  opened,
  title,
  children,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      if (await onConfirm()) onClose();
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
    >
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={pending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
