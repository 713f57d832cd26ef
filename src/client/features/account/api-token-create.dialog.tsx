import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiTokenCreateSchema } from '../../../shared/account.schema.ts';
import { toastError, toastSuccess } from '../../components/toasts.tsx';
import { trpc } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import { ApiTokenCreatedPanel } from './api-token-created.panel.tsx';

type TokenFormValues = z.input<typeof ApiTokenCreateSchema>;
type TokenInput = z.output<typeof ApiTokenCreateSchema>;

/** Creates a personal API token: a name first, then the token itself, once. */
export function ApiTokenCreateDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const createToken = trpc.account.createApiToken.useMutation();
  const [token, setToken] = useState<string | null>(null);
  const form = useForm<TokenFormValues, unknown, TokenInput>({
    resolver: zodResolver(ApiTokenCreateSchema),
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    onClose();
    setToken(null);
    form.reset({ name: '' });
  };

  const create = async (values: TokenInput) => {
    try {
      const created = await createToken.mutateAsync(values);
      setToken(created.token);
      await utils.account.apiTokens.invalidate();
      toastSuccess('API token created', `“${created.name}” is ready to use.`);
    } catch (error) {
      toastError('Failed to create API token', accountErrorMessage(error, 'Please try again.'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={token ? 'Token Created' : 'Create API Token'}
      centered
      closeOnClickOutside={!token}
    >
      {token ? (
        <ApiTokenCreatedPanel token={token} onDone={close} />
      ) : (
        <form onSubmit={form.handleSubmit(create)} noValidate>
          <Stack gap="md">
            <TextInput
              label="Token Name"
              description="What will use it, e.g. “Invoice export script”."
              withAsterisk
              data-autofocus
              autoComplete="off"
              error={errors.name?.message}
              disabled={isSubmitting}
              {...form.register('name')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Creating...' : 'Create Token'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
