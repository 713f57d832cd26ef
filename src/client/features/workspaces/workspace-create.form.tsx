import { zodResolver } from '@hookform/resolvers/zod';
import {
  Avatar,
  Button,
  CloseButton,
  FileButton,
  Fieldset,
  Group,
  Input,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconBuilding, IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { WorkspaceFormSchema } from '../../../shared/workspaces.schema.ts';
import { toastError } from '../../components/toasts.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { useRefreshSession } from '../auth/session.ts';
import { MAX_LOGO_BYTES, uploadWorkspaceLogo } from './upload-logo.ts';
import { CREATION_FAILED, createWorkspaceErrorMessage } from './workspace-errors.ts';
import { fieldProps } from '../../components/form/field-props.ts';

type WorkspaceFormValues = z.input<typeof WorkspaceFormSchema>;

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * The standalone workspace form (name and optional logo), used by /onboarding/workspace
 * and the selector's dialog. The new workspace becomes the current one; `onCreated`
 * runs once the session knows it.
 */
export function WorkspaceCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: () => void | Promise<void>;
  onCancel?: () => void;
}) {
  const createWorkspace = trpc.workspaces.create.useMutation({
    meta: {
      success: 'Workspace created successfully!',
      error: (error: unknown) => [CREATION_FAILED, createWorkspaceErrorMessage(error)],
    },
  });
  const refreshSession = useRefreshSession();
  const [logo, setLogo] = useState<File | null>(null);
  const preview = useObjectUrl(logo);
  const form = useForm<WorkspaceFormValues>({
    resolver: zodResolver(WorkspaceFormSchema),
    defaultValues: { name: '' },
  });
  const { isSubmitting } = form.formState;

  const chooseLogo = (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      toastError('File too large', 'Please choose an image smaller than 5MB.');
      return;
    }
    setLogo(file);
  };

  const onSubmit = async (values: WorkspaceFormValues) => {
    // SPEC §7: when the upload fails the workspace is created without a logo.
    const logoUrl = logo ? await uploadWorkspaceLogo(logo).catch(() => null) : null;
    const created = await succeeded(
      createWorkspace.mutateAsync({ name: values.name.trim(), logo: logoUrl }),
    );
    if (created === undefined) return;
    await refreshSession();
    await onCreated();
  };

  const pending = isSubmitting;

  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate>
      <Fieldset variant="unstyled" disabled={pending}>
        <Stack gap="lg">
          <TextInput
            label="Workspace name"
            placeholder="Acme Studio"
            withAsterisk
            data-autofocus
            {...fieldProps(form, 'name')}
          />
          <Input.Wrapper label="Logo" description="Optional">
            <Group gap="md" mt={6} wrap="nowrap">
              <Avatar src={preview} size={56} radius="md" color="indigo" variant="light">
                <IconBuilding size={26} stroke={1.5} />
              </Avatar>
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <FileButton onChange={chooseLogo} accept="image/*" disabled={pending}>
                    {(props) => (
                      <Button
                        {...props}
                        variant="default"
                        size="xs"
                        leftSection={<IconPhotoUp size={16} />}
                      >
                        {logo ? 'Change logo' : 'Upload logo'}
                      </Button>
                    )}
                  </FileButton>
                  {logo && (
                    <CloseButton size="sm" aria-label="Remove logo" onClick={() => setLogo(null)} />
                  )}
                </Group>
                {logo && (
                  <Text size="xs" truncate>
                    {logo.name}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  PNG, JPG, or WebP up to 5MB
                </Text>
              </Stack>
            </Group>
          </Input.Wrapper>
          <Group justify="flex-end" gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={pending}>
                Cancel
              </Button>
            )}
            <Button
              type="submit"
              disabled={pending}
              fullWidth={!onCancel}
              size={onCancel ? 'sm' : 'md'}
            >
              {pending ? 'Creating...' : 'Create Workspace'}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
