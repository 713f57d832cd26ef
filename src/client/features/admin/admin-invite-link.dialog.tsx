import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDate } from './admin-format.ts';
import { AdminSecretField } from './admin-secret.field.tsx';
import { useRetained } from '../../components/list/use-retained.ts';

export interface ResentInvitation {
  email: string;
  inviteUrl: string;
  expiresAt: string;
}

/**
 * The new link of a resent invitation. Without outgoing mail configured the email only
 * reaches the server log, so this is how the admin passes the link on.
 */
export function AdminInviteLinkDialog({
  resent,
  onClose,
}: {
  resent: ResentInvitation | null;
  onClose: () => void;
}) {
  const shown = useRetained(resent);
  return (
    <Modal opened={resent !== null} onClose={onClose} title="Invitation Resent" centered>
      {shown && (
        <Stack gap="md">
          <Text size="sm">
            A new invitation was sent to <strong>{shown.email}</strong>. The previous link no longer
            works; this one is valid until {formatDate(shown.expiresAt)}.
          </Text>
          <AdminSecretField
            label="Invitation link"
            value={shown.inviteUrl}
            description="If the email does not arrive, send this link yourself."
          />
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
