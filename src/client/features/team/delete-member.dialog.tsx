import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Member } from '../../../shared/team.schema.ts';

/**
 * The delete confirmation of SPEC §2. It stays open, its buttons disabled, until the
 * removal answers, and closes only when it succeeded.
 */
export function DeleteMemberDialog({
  member,
  workspaceName,
  opened,
  onConfirm,
  onClose,
}: {
  member: Member | null;
  workspaceName: string;
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
      title="Delete User"
      centered
      closeOnClickOutside={!pending}
      closeOnEscape={!pending}
    >
      <Stack gap="lg">
        <Text size="sm">
          Are you sure you want to permanently delete <strong>{member?.fullName}</strong> from{' '}
          {workspaceName}? This action cannot be undone, and they will immediately lose access to
          this workspace.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={pending}>
            Delete User
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
