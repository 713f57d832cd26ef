import { Center, Loader, Stack, Text } from '@mantine/core';
import { WORKSPACE_MANAGERS } from '../../../shared/roles.ts';
import { useCurrentWorkspace } from '../auth/session.ts';
import { WorkspaceSettingsBillingCard } from './workspace-settings-billing.card.tsx';
import { WorkspaceSettingsDangerCard } from './workspace-settings-danger.card.tsx';
import { WorkspaceSettingsGeneralCard } from './workspace-settings-general.card.tsx';
import { WorkspaceSettingsIconCard } from './workspace-settings-icon.card.tsx';
import { WorkspaceSettingsTeamCard } from './workspace-settings-team.card.tsx';

/**
 * /workspace/settings (SPEC §2): icon, general information, team (owners and
 * administrators), billing, and the Danger Zone (owner only). Everyone else reads the
 * same cards without the means to change them; the server enforces the same rules.
 */
export function WorkspaceSettingsPage() {
  const current = useCurrentWorkspace();

  if (current.isPending) {
    return (
      <Center py={80}>
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Loading workspace settings...</Text>
        </Stack>
      </Center>
    );
  }
  if (current.isError) {
    return (
      <Center py={80}>
        <Text c="dimmed">No workspace selected</Text>
      </Center>
    );
  }

  const workspace = current.data;
  const canEdit = (WORKSPACE_MANAGERS as readonly string[]).includes(workspace.role);
  return (
    <Stack gap="lg" maw={880}>
      <WorkspaceSettingsIconCard workspace={workspace} canEdit={canEdit} />
      <WorkspaceSettingsGeneralCard workspace={workspace} canEdit={canEdit} />
      {canEdit && <WorkspaceSettingsTeamCard />}
      <WorkspaceSettingsBillingCard subscriptionTier={workspace.subscriptionTier} />
      {workspace.role === 'owner' && (
        <WorkspaceSettingsDangerCard workspaceId={workspace.id} workspaceName={workspace.name} />
      )}
    </Stack>
  );
}

export default WorkspaceSettingsPage;
