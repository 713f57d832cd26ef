import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordChangeSchema } from '../../../shared/account.schema.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { succeeded } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import { AccountSectionCard } from './account-section.card.tsx';

type PasswordFormValues = z.infer<typeof PasswordChangeSchema>;

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password (SPEC §5): a new password signs out every other session and API token. */
export function ChangePasswordCard() {
  // The server signed out the other sessions and revoked every API token.
  const changePassword = trpc.account.changePassword.useMutation({
    meta: {
      success: [
        'Password updated successfully',
        'Your other sessions have been signed out and your API tokens revoked.',
      ],
      error: (error: unknown) => ['Error', accountErrorMessage(error, 'Password update failed')],
      invalidates: [trpc.account.sessions, trpc.account.apiTokens],
    },
  });
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(PasswordChangeSchema),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  const save = async (values: PasswordFormValues) => {
    if ((await succeeded(changePassword.mutateAsync(values))) !== undefined) form.reset(EMPTY);
  };

  return (
    <AccountSectionCard
      icon={IconLock}
      title="Change Password"
      hint="Changing it signs you out everywhere else and revokes your API tokens."
    >
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
        <Stack gap="md">
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            withAsterisk
            error={errors.currentPassword?.message}
            disabled={isSubmitting}
            {...form.register('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordField
              label="New Password"
              autoComplete="new-password"
              withAsterisk
              error={errors.newPassword?.message}
              disabled={isSubmitting}
              {...form.register('newPassword')}
            />
            <PasswordField
              label="Confirm New Password"
              autoComplete="new-password"
              withAsterisk
              error={errors.confirmPassword?.message}
              disabled={isSubmitting}
              {...form.register('confirmPassword')}
            />
          </SimpleGrid>
          <Group justify="space-between" gap="sm" wrap="nowrap" align="center">
            <Text size="xs" c="dimmed">
              At least 8 characters, with a lowercase letter, an uppercase letter and a number.
            </Text>
            <Button type="submit" disabled={isSubmitting} style={{ flexShrink: 0 }}>
              {isSubmitting ? 'Updating...' : 'Update Password'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSectionCard>
  );
}
