import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * "Are you sure?" before something is deleted for good. The confirm button waits for the
 * deletion; the dialog closes only when it succeeded.
 */
export function ConfirmDeleteDialog({
  opened,
  title,
  confirmLabel = 'Delete',
  children,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  confirmLabel?: string;
  children: ReactNode;
  onClose: () => void;
  /** Resolves to true when deleted. */
  onConfirm: () => Promise<boolean>;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    const done = await onConfirm();
    setPending(false);
    if (done) onClose();
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
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
