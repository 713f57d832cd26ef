import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime } from './admin-format.ts';
import { AdminUserTwoFactorField } from './admin-user-two-factor.field.tsx';
import type { AdminUser } from './admin-users.table.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** The System tab (SPEC §2): the user id, the platform role and two-factor sign-in. */
export function AdminUserSystemTab({ user }: { user: AdminUser }) {
  return (
    <Stack gap="md">
      <Field label="User ID">
        <Code fz="sm">{user.id}</Code>
      </Field>
      <Field label="Platform role">
        <Badge
          miw="max-content"
          variant={user.isAdmin ? 'filled' : 'default'}
          color={user.isAdmin ? 'orange' : undefined}
          tt="none"
        >
          {user.isAdmin ? 'Platform Admin' : 'Standard User'}
        </Badge>
      </Field>
      <Field label="Two-factor sign-in">
        <AdminUserTwoFactorField user={user} />
      </Field>
      <Field label="Created">
        <Text size="sm">{formatDateTime(user.createdAt)}</Text>
      </Field>
      <Field label="Last sign-in">
        <Text size="sm">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'}</Text>
      </Field>
      <Text size="xs" c="dimmed">
        {/* Granting the console is deliberately not a click away: it needs shell access. */}
        The platform role is changed on the server with{' '}
        <Code>npm run admin -- grant {user.email}</Code> (or <Code>revoke</Code>).
      </Text>
    </Stack>
  );
}
