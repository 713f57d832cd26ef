import { Box, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { SectionCard } from '../../components/section-card.tsx';
import { useCanManageBusiness } from '../../components/use-can-bill.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { uploadMessage, uploadPickedLogo } from '../workspaces/upload-logo.ts';

/**
 * The logo printed at the top of invoices and estimates (issue 38): uploaded like the
 * workspace icon, then saved on the business profile. Without one the documents print the
 * workspace icon, or no logo.
 */
export function BusinessLogoCard() {
  const canEdit = useCanManageBusiness();
  const profile = trpc.business.get.useQuery();
  const utils = trpc.useUtils();
  const saveLogo = trpc.business.update.useMutation({
    onSuccess: (saved) => utils.business.get.setData(undefined, saved),
    meta: {
      success: 'Document logo updated',
      error: (error: unknown) => ['Failed to upload logo', uploadMessage(error)],
    },
  });
  const removeLogo = trpc.business.update.useMutation({
    onSuccess: (saved) => utils.business.get.setData(undefined, saved),
    meta: {
      success: 'Document logo removed',
      error: withServerMessage('Failed to save business settings.'),
    },
  });
  const [uploading, setUploading] = useState(false);
  // Cleared after each pick, so choosing the same file again still uploads it.
  const resetPicker = useRef<() => void>(null);
  if (!profile.data) return null;
  const { logoUrl, workspaceLogoUrl } = profile.data;
  const shown = logoUrl ?? workspaceLogoUrl;

  const upload = async (file: File | null) => {
    if (!file) return;
    resetPicker.current?.();
    setUploading(true);
    const url = await uploadPickedLogo(file);
    if (url !== undefined) await succeeded(saveLogo.mutateAsync({ logoUrl: url }));
    setUploading(false);
  };

  return (
    <SectionCard
      headingOrder={3}
      icon={IconFileInvoice}
      title="Logo on documents"
      hint="Printed at the top of your invoices and estimates."
    >
      <Group gap="lg" wrap="wrap" align="center">
        <Box
          w={160}
          h={56}
          bd="1px dashed var(--mantine-color-default-border)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          display="flex"
        >
          {shown ? (
            <Image src={shown} alt="Document logo" fit="contain" w="100%" h="100%" p={4} />
          ) : (
            <Text size="xs" c="dimmed" m="auto">
              No logo
            </Text>
          )}
        </Box>
        <Stack gap="xs" miw={0} style={{ flex: 1 }}>
          <Text size="sm">
            {logoUrl
              ? 'Your documents print this logo.'
              : workspaceLogoUrl
                ? 'Your documents print the workspace icon until you upload a logo here.'
                : 'Your documents start with their title until you upload a logo.'}
          </Text>
          {canEdit && (
            <Group gap="sm">
              <FileButton
                onChange={(file) => void upload(file)}
                accept="image/png,image/jpeg"
                disabled={uploading}
                resetRef={resetPicker}
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    loading={uploading}
                  >
                    Upload Logo
                  </Button>
                )}
              </FileButton>
              {logoUrl && (
                <Button
                  variant="subtle"
                  color="gray"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => removeLogo.mutate({ logoUrl: null })}
                  disabled={uploading}
                  loading={removeLogo.isPending}
                >
                  Remove
                </Button>
              )}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            PNG or JPG up to 5MB. A wide logo on a transparent or white background prints best.
          </Text>
        </Stack>
      </Group>
    </SectionCard>
  );
}
