import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { WORKSPACE_DELETION_GRACE_DAYS } from '../../../shared/workspaces.schema.ts';
import { WorkspaceSettingsDeleteDialog } from './workspace-settings-delete.dialog.tsx';
import { SectionCard } from '../../components/section-card.tsx';

/** Danger Zone (owner only, SPEC §6). */
export function WorkspaceSettingsDangerCard({
  workspaceId,
  workspaceName,
}: {
  workspaceId: number;
  workspaceName: string;
}) {
  const [deleting, setDeleting] = useState(false);
  return (
    <SectionCard
      icon={IconAlertTriangle}
      title="Danger Zone"
      hint="Actions that are hard to take back."
      danger
    >
      <Group justify="space-between" gap="md">
        <Stack gap={2} style={{ flex: '1 1 260px' }}>
          <Text size="sm" fw={600}>
            Delete this workspace
          </Text>
          <Text size="sm" c="dimmed">
            {`Everyone loses access at once. It is removed for good after ${WORKSPACE_DELETION_GRACE_DAYS} days unless you reactivate it.`}
          </Text>
        </Stack>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={() => setDeleting(true)}>
          Delete Workspace
        </Button>
      </Group>
      <WorkspaceSettingsDeleteDialog
        workspaceId={workspaceId}
        workspaceName={workspaceName}
        opened={deleting}
        onClose={() => setDeleting(false)}
      />
    </SectionCard>
  );
}
