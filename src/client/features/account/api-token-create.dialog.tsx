import { zodResolver } from '@hookform/resolvers/zod';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ApiTokenCreateSchema,
  DEFAULT_API_TOKEN_EXPIRY_DAYS,
  type ApiTokenScope,
} from '../../../shared/account.schema.ts';
import { DialogForm, FormDialog } from '../../components/form-dialog.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import {
  TOKEN_EXPIRY_OPTIONS,
  TOKEN_SCOPE_DESCRIPTIONS,
  TOKEN_SCOPE_OPTIONS,
  tokenExpiryExample,
} from './account-options.ts';
import { ApiTokenCreatedPanel } from './api-token-created.panel.tsx';

type TokenFormValues = z.input<typeof ApiTokenCreateSchema>;
type TokenInput = z.output<typeof ApiTokenCreateSchema>;

const EMPTY: TokenFormValues = {
  name: '',
  expiresInDays: DEFAULT_API_TOKEN_EXPIRY_DAYS,
  scope: 'read_write',
};

/** Creates a personal API token: a name, a lifetime and a scope first, then the token, once. */
export function ApiTokenCreateDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const createToken = trpc.account.createApiToken.useMutation({
    meta: {
      success: (created: { name: string }) => [
        'API token created',
        `“${created.name}” is ready to use.`,
      ],
      error: (error: unknown) => [
        'Failed to create API token',
        accountErrorMessage(error, 'Please try again.'),
      ],
      invalidates: [trpc.account.apiTokens],
    },
  });
  const [token, setToken] = useState<string | null>(null);
  const form = useForm<TokenFormValues, unknown, TokenInput>({
    resolver: zodResolver(ApiTokenCreateSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const close = () => {
    onClose();
    setToken(null);
    form.reset(EMPTY);
  };

  const create = async (values: TokenInput) => {
    const created = await succeeded(createToken.mutateAsync(values));
    if (created) setToken(created.token);
  };

  return (
    <FormDialog
      opened={opened}
      onClose={close}
      title={token ? 'Token Created' : 'Create API Token'}
      closeOnClickOutside={!token}
    >
      {token ? (
        <ApiTokenCreatedPanel token={token} onDone={close} />
      ) : (
        <DialogForm
          onSubmit={form.handleSubmit(create)}
          pending={isSubmitting}
          submitLabel={isSubmitting ? 'Creating...' : 'Create Token'}
          onCancel={close}
        >
          <TextInput
            label="Token Name"
            description="What will use it, e.g. “Invoice export script”."
            withAsterisk
            data-autofocus
            autoComplete="off"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Controller
              control={form.control}
              name="expiresInDays"
              render={({ field }) => {
                const days = field.value ?? DEFAULT_API_TOKEN_EXPIRY_DAYS;
                return (
                  <Select
                    label="Expiry"
                    // Descriptions below the inputs, so the two inputs line up whatever their lengths.
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    description={`Until ${tokenExpiryExample(days)}`}
                    data={TOKEN_EXPIRY_OPTIONS}
                    value={String(days)}
                    onChange={(value) => value && field.onChange(Number(value))}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={errors.expiresInDays?.message}
                  />
                );
              }}
            />
            <Controller
              control={form.control}
              name="scope"
              render={({ field }) => {
                const scope = field.value ?? 'read_write';
                return (
                  <Select
                    label="Scope"
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                    description={TOKEN_SCOPE_DESCRIPTIONS[scope]}
                    data={TOKEN_SCOPE_OPTIONS}
                    value={scope}
                    onChange={(value) => value && field.onChange(value as ApiTokenScope)}
                    onBlur={field.onBlur}
                    allowDeselect={false}
                    error={errors.scope?.message}
                  />
                );
              }}
            />
          </SimpleGrid>
        </DialogForm>
      )}
    </FormDialog>
  );
}
