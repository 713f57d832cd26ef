import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { showDate } from '../../components/display-preferences.tsx';
import { useState } from 'react';
import { WORKSPACE_DELETION_GRACE_DAYS } from '../../../shared/workspaces.schema.ts';
import { withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';

/** SPEC §9: after deletion the page leaves for the root after two seconds. */
const REDIRECT_DELAY_MS = 2000;

const removalDay = (scheduledDeletionAt: string) => showDate(scheduledDeletionAt, 'long');

/**
 * The deletion dialog (SPEC §2): the exact name must be typed before the button wakes up.
 * Deletion schedules permanent removal in 30 days; the owner can reactivate it until then.
 */
export function WorkspaceSettingsDeleteDialog({
  workspaceId,
  workspaceName,
  opened,
  onClose,
}: {
  workspaceId: number;
  workspaceName: string;
  opened: boolean;
  onClose: () => void;
}) {
  const deleteWorkspace = trpc.workspaces.delete.useMutation({
    meta: {
      success: ({ scheduledDeletionAt }: { scheduledDeletionAt: string }) => [
        'Workspace deleted',
        `${workspaceName} will be permanently removed on ${removalDay(scheduledDeletionAt)}.`,
      ],
      error: withServerMessage('Failed to delete workspace'),
    },
  });
  const [typed, setTyped] = useState('');
  const [removalDate, setRemovalDate] = useState<string | null>(null);
  const pending = deleteWorkspace.isPending;
  const done = removalDate !== null;

  const cancel = () => {
    setTyped('');
    onClose();
  };

  const confirm = () =>
    deleteWorkspace.mutate(
      { id: workspaceId },
      {
        onSuccess: ({ scheduledDeletionAt }) => {
          setRemovalDate(removalDay(scheduledDeletionAt));
          // A full load of `/`: every answer cached for this workspace goes with it, and the
          // app finds the session without a workspace (the selector offers Reactivate).
          setTimeout(() => window.location.assign('/'), REDIRECT_DELAY_MS);
        },
      },
    );

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title="Delete Workspace"
      centered
      closeOnClickOutside={!pending && !done}
      closeOnEscape={!pending && !done}
      withCloseButton={!done}
    >
      {done ? (
        <Stack align="center" ta="center" gap="sm" py="md">
          <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" />
          <Text fw={600}>{`${workspaceName} has been deleted`}</Text>
          <Text size="sm" c="dimmed">
            {`It will be permanently removed on ${removalDate}. Redirecting...`}
          </Text>
          <Loader size="sm" aria-label="Redirecting" />
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Text size="sm">
              <strong>{workspaceName}</strong> will be scheduled for permanent removal in{' '}
              {WORKSPACE_DELETION_GRACE_DAYS} days, with all of its contacts, deals, projects, time
              entries and invoices. Until then you can reactivate it from the workspace selector.
            </Text>
          </Alert>
          <TextInput
            label={
              <>
                Type <q>{workspaceName}</q> to confirm
              </>
            }
            aria-label={`Type ${workspaceName} to confirm`}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            disabled={pending}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel} disabled={pending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} disabled={typed !== workspaceName || pending}>
              {pending ? 'Deleting...' : 'Delete Workspace'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
