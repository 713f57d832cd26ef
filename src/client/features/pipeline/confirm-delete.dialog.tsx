import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/**
 * A delete confirmation stacked over the dialog that asked for it (stage or deal). It
 * stays open, its buttons disabled, until the deletion answers, then closes: a refusal
 * is told by the caller's toast, and asking again would not change the answer.
 */
export function ConfirmDeleteDialog({
  opened,
  stackId,
  title,
  message,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  stackId?: string;
  title: string;
  message: string;
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onClose();
    }
  };
  return (
    <Modal
      opened={opened}
      stackId={stackId}
      onClose={() => !pending && onClose()}
      title={title}
      centered
      size="sm"
      closeOnClickOutside={!pending}
    >
      <Stack gap="lg">
        <Text size="sm">{message}</Text>
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
