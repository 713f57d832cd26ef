import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';

/**
 * "Are you sure?" before something is deleted for good (or another action that hurts
 * someone: suspending a workspace, cancelling an invitation), for every screen. The dialog stays
 * open, its buttons disabled, until the deletion answers; it closes when the deletion
 * succeeded, or also when it was refused if `closeWhenRefused` (the caller's toast says
 * why, and asking again would not change the answer).
 */
export function ConfirmDeleteDialog({
  opened,
  title,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  children,
  onClose,
  onConfirm,
  closeWhenRefused = false,
  stackId,
}: {
  opened: boolean;
  title: string;
  confirmLabel?: string;
  cancelLabel?: string;
  children: ReactNode;
  onClose: () => void;
  /** Resolves to true when deleted. */
  onConfirm: () => Promise<boolean>;
  closeWhenRefused?: boolean;
  /** When stacked over the dialog that asked for it (Mantine's Modal.Stack). */
  stackId?: string;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    let done = false;
    try {
      done = await onConfirm();
    } finally {
      setPending(false);
      if (done || closeWhenRefused) onClose();
    }
  };
  return (
    <Modal
      opened={opened}
      stackId={stackId}
      onClose={() => !pending && onClose()}
      title={title}
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
    >
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red" loading={pending} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
