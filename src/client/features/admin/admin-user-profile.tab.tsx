import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { formatDate } from './admin-format.ts';
import type { AdminUser } from './admin-users.table.tsx';
import { fieldProps } from '../../components/form/field-props.ts';

export interface AdminProfileValues {
  fullName: string;
  email: string;
  isActive: boolean;
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
}

/** The Profile tab: full name, email and account status (saved by the drawer), joined date. */
export function AdminUserProfileTab({
  form,
  user,
  self,
}: {
  form: UseFormReturn<AdminProfileValues>;
  user: AdminUser;
  /** The admin's own account: deactivating it would lock them out of this console. */
  self: boolean;
}) {
  return (
    <Stack gap="md">
      <TextInput label="Full name" required {...fieldProps(form, 'fullName')} />
      <TextInput label="Email" type="email" required {...fieldProps(form, 'email')} />
      <Controller
        control={form.control}
        name="isActive"
        render={({ field }) => (
          <Switch
            label="Account status"
            description={
              self
                ? 'You cannot deactivate your own account'
                : field.value
                  ? 'Active: the user can sign in'
                  : 'Inactive: the user cannot sign in, and is signed out everywhere on save'
            }
            checked={field.value}
            disabled={self && field.value}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <Stack gap={6} pt="xs">
        <ReadOnly label="Joined" value={formatDate(user.createdAt)} />
        <ReadOnly
          label="Last sign-in"
          value={user.lastLoginAt ? formatDate(user.lastLoginAt) : 'Never'}
        />
      </Stack>
    </Stack>
  );
}
