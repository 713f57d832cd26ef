import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import type { Account } from '../../../shared/account.schema.ts';
import { initials } from '../../components/app-shell/initials.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { trpc } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import { AccountSectionCard } from './account-section.card.tsx';
import { photoProblem, uploadProfilePhoto } from './upload-photo.ts';

/** Profile photo: upload (checked here, then by content on the server) and removal. */
export function ProfilePhotoCard({ account }: { account: Account }) {
  const utils = trpc.useUtils();
  const removePhoto = trpc.account.removePhoto.useMutation({
    meta: {
      success: 'Profile photo removed',
      error: (error: unknown) => [
        'Failed to remove photo',
        accountErrorMessage(error, 'Please try again.'),
      ],
      // The photo also shows in the profile menu, which reads `auth.me`.
      invalidates: [trpc.account.profile, trpc.auth.me],
    },
  });
  const [uploading, setUploading] = useState(false);
  // Cleared after each pick, so choosing the same file again still uploads it.
  const resetPicker = useRef<() => void>(null);
  const name = `${account.firstName} ${account.lastName}`.trim() || account.email;

  // An upload is a plain fetch (multipart), not a tRPC mutation: it refreshes and toasts here.
  const refresh = () =>
    Promise.all([utils.account.profile.invalidate(), utils.auth.me.invalidate()]);

  const upload = async (file: File | null) => {
    if (!file) return;
    resetPicker.current?.();
    const problem = photoProblem(file);
    if (problem) {
      toastError('Upload failed', problem);
      return;
    }
    setUploading(true);
    try {
      await uploadProfilePhoto(file);
      await refresh();
      toastSuccess('Profile photo updated');
    } catch (error) {
      toastError('Upload failed', accountErrorMessage(error, 'Please try again.'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <AccountSectionCard
      icon={IconPhoto}
      title="Profile Photo"
      hint="Shown to your team beside your name."
    >
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar
          src={account.profileImageUrl}
          alt={account.profileImageUrl ? `Profile photo of ${name}` : ''}
          size={88}
          radius={88}
          color="indigo"
          variant="light"
          fz={28}
        >
          {initials(name) || '?'}
        </Avatar>
        <Stack gap="xs" miw={0}>
          <Group gap="sm">
            <FileButton
              onChange={(file) => void upload(file)}
              accept="image/*"
              disabled={uploading}
              resetRef={resetPicker}
            >
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={uploading}>
                  Upload Photo
                </Button>
              )}
            </FileButton>
            {account.profileImageUrl && (
              <Button
                variant="default"
                leftSection={<IconTrash size={16} />}
                onClick={() => removePhoto.mutate()}
                loading={removePhoto.isPending}
                disabled={uploading}
              >
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            JPG, PNG or GIF, recommended 400x400
          </Text>
        </Stack>
      </Group>
    </AccountSectionCard>
  );
}
