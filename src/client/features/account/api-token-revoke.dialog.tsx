import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

/** Confirms revoking a token: scripts that use it stop working at once. */
export function ApiTokenRevokeDialog({
  name,
  opened,
  onConfirm,
  onClose,
}: {
  name: string | undefined;
  opened: boolean;
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
      title="Revoke API Token"
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
    >
      <Stack gap="lg">
        <Text size="sm">
          Revoke <strong>{name}</strong>? Anything using this token will stop working immediately.
          This cannot be undone.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={pending}>
            Revoke Token
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
