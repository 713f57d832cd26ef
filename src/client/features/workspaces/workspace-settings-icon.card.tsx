import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { initials } from '../../components/app-shell/initials.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc, type RouterOutputs } from '../../trpc.ts';
import { uploadMessage, uploadPickedLogo } from './upload-logo.ts';
import { SectionCard } from '../../components/section-card.tsx';

type CurrentWorkspace = RouterOutputs['workspaces']['current'];

/** The workspace icon: uploaded first, then saved on the workspace (SPEC §2, §7). */
export function WorkspaceSettingsIconCard({
  workspace,
  canEdit,
}: {
  workspace: CurrentWorkspace;
  canEdit: boolean;
}) {
  const utils = trpc.useUtils();
  // Only the logo changes: name is required by the call, description is left as it is.
  // Two instances of the one call: an upload and a removal have their own toasts.
  const showSaved = (saved: RouterOutputs['workspaces']['update']) =>
    utils.workspaces.current.setData(undefined, { ...saved, role: workspace.role });
  const saveIcon = trpc.workspaces.update.useMutation({
    onSuccess: showSaved,
    meta: {
      success: 'Workspace icon updated',
      error: (error: unknown) => ['Failed to upload logo', uploadMessage(error)],
      // The switcher shows the icon.
      invalidates: [trpc.workspaces.listMine],
    },
  });
  const removeIcon = trpc.workspaces.update.useMutation({
    onSuccess: showSaved,
    meta: {
      success: 'Workspace icon removed',
      error: withServerMessage('Failed to update workspace settings'),
      invalidates: [trpc.workspaces.listMine],
    },
  });
  const [uploading, setUploading] = useState(false);
  // Cleared after each pick, so choosing the same file again still uploads it.
  const resetPicker = useRef<() => void>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    resetPicker.current?.();
    setUploading(true);
    // The upload is a plain fetch (multipart): its failure is toasted there, the save's
    // by the mutation.
    const logoUrl = await uploadPickedLogo(file);
    if (logoUrl !== undefined) {
      await succeeded(saveIcon.mutateAsync({ id: workspace.id, name: workspace.name, logoUrl }));
    }
    setUploading(false);
  };

  return (
    <SectionCard
      icon={IconPhoto}
      title="Workspace Icon"
      hint="Shown in the sidebar and the workspace switcher."
    >
      <Group gap="lg" wrap="nowrap">
        <Avatar
          src={workspace.logoUrl}
          alt={workspace.logoUrl ? `${workspace.name} icon` : ''}
          size={80}
          radius="lg"
          variant="gradient"
          fz={26}
        >
          {initials(workspace.name) || 'K'}
        </Avatar>
        <Stack gap="xs" miw={0}>
          {canEdit ? (
            <Group gap="sm">
              <FileButton
                onChange={(file) => void upload(file)}
                accept="image/*"
                disabled={uploading}
                resetRef={resetPicker}
              >
                {(props) => (
                  <Button {...props} leftSection={<IconUpload size={16} />} disabled={uploading}>
                    {uploading ? 'Uploading...' : 'Upload Icon'}
                  </Button>
                )}
              </FileButton>
              {workspace.logoUrl && (
                <Button
                  variant="default"
                  leftSection={<IconTrash size={16} />}
                  onClick={() =>
                    removeIcon.mutate({ id: workspace.id, name: workspace.name, logoUrl: null })
                  }
                  disabled={uploading || removeIcon.isPending}
                >
                  Remove
                </Button>
              )}
            </Group>
          ) : (
            <Text size="sm">Only owners and administrators can change the icon.</Text>
          )}
          <Text size="xs" c="dimmed">
            PNG, JPG, GIF or WebP up to 5MB. A square image looks best.
          </Text>
        </Stack>
      </Group>
    </SectionCard>
  );
}
