import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { showDate } from '../../components/display-preferences.tsx';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ProfileInputSchema, type Account } from '../../../shared/account.schema.ts';
import { ROLE_LABELS, WORKSPACE_ROLES, type WorkspaceRole } from '../../../shared/roles.ts';
import { PasswordField } from '../../components/password-field.tsx';
import { succeeded } from '../../mutations.ts';
import { messageOf, trpc } from '../../trpc.ts';
import { accountErrorMessage } from './account-errors.ts';
import { AccountSectionCard } from './account-section.card.tsx';

type ProfileFormValues = z.input<typeof ProfileInputSchema>;
type ProfileInput = z.output<typeof ProfileInputSchema>;

/** The role in the current workspace; null without one (the page also opens then). */
function roleLabel(role: string | null): string | null {
  return (WORKSPACE_ROLES as readonly string[]).includes(role ?? '')
    ? ROLE_LABELS[role as WorkspaceRole]
    : null;
}

function valuesOf(account: Account): ProfileFormValues {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: account.phone ?? '',
    currentPassword: '',
  };
}

/** The server's rule: the email counts as changed when it differs ignoring case and spaces. */
function isNewEmail(typed: string | undefined, saved: string): boolean {
  return (typed ?? '').trim().toLowerCase() !== saved.toLowerCase();
}

/**
 * Basic information (SPEC §5 Account profile): name, email and phone. A new email also asks
 * for the current password, which the server checks.
 */
export function ProfileInfoCard({ account }: { account: Account }) {
  const utils = trpc.useUtils();
  const form = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(ProfileInputSchema),
    values: valuesOf(account),
    // A refetch of the account must not wipe what the user is typing.
    resetOptions: { keepDirtyValues: true },
  });
  const updateProfile = trpc.account.updateProfile.useMutation({
    onError: (error) => {
      if (messageOf(error) === 'Current password is incorrect') {
        form.setError('currentPassword', { message: messageOf(error) });
      }
    },
    meta: {
      success: 'Profile updated successfully',
      error: (error: unknown) => ['Error', accountErrorMessage(error, 'Profile update failed')],
      // The name and email also show in the profile menu.
      invalidates: [trpc.auth.me],
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const role = roleLabel(account.role);
  const emailChanged = isNewEmail(
    useWatch({ control: form.control, name: 'email' }),
    account.email,
  );

  const save = async ({ currentPassword, ...values }: ProfileInput) => {
    if (emailChanged && !currentPassword) {
      form.setError('currentPassword', { message: 'Current password is required' });
      return;
    }
    const saved = await succeeded(
      updateProfile.mutateAsync(emailChanged ? { ...values, currentPassword } : values),
    );
    if (!saved) return;
    utils.account.profile.setData(undefined, saved);
    form.reset(valuesOf(saved));
  };

  return (
    <AccountSectionCard
      icon={IconUser}
      title="Basic Information"
      hint="Your name and how your team can reach you."
    >
      <form onSubmit={(event) => void form.handleSubmit(save)(event)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First Name"
              withAsterisk
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label="Last Name"
              withAsterisk
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              placeholder="Optional"
              autoComplete="tel"
              error={errors.phone?.message}
              {...form.register('phone')}
            />
            {emailChanged && (
              <PasswordField
                label="Current Password"
                description="Needed to change your email."
                withAsterisk
                autoComplete="current-password"
                error={errors.currentPassword?.message}
                disabled={isSubmitting}
                {...form.register('currentPassword')}
              />
            )}
          </SimpleGrid>
          <Group justify="space-between" gap="sm" wrap="nowrap" align="center">
            <Text size="xs" c="dimmed">
              {role ? `${role} in this workspace · ` : ''}
              {`Member since ${showDate(account.createdAt, 'monthYear')}`}
            </Text>
            <Button
              type="submit"
              disabled={!isDirty || isSubmitting}
              loading={isSubmitting}
              style={{ flexShrink: 0 }}
            >
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </AccountSectionCard>
  );
}
