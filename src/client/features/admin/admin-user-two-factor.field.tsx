import { Badge, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/list/confirm-delete.dialog.tsx';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import type { AdminUser } from './admin-users.table.tsx';
import { auditReads } from './refresh-audit.ts';

/**
 * Whether the user signs in with a code, and the reset for one who lost both their
 * authenticator app and their recovery codes: the password alone signs in again after it.
 */
export function AdminUserTwoFactorField({ user }: { user: AdminUser }) {
  const [confirming, setConfirming] = useState(false);
  const reset = trpc.admin.resetTwoFactor.useMutation({
    meta: {
      success: ['Two-factor sign-in reset', `${user.email} can sign in with their password alone.`],
      error: withServerMessage('Failed to reset two-factor sign-in'),
      invalidates: [trpc.admin.users, ...auditReads],
    },
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge miw="max-content" variant="light" color={user.twoFactorEnabled ? 'teal' : 'gray'}>
        {user.twoFactorEnabled ? 'On' : 'Off'}
      </Badge>
      {user.twoFactorEnabled && (
        <Button size="compact-xs" variant="default" onClick={() => setConfirming(true)}>
          Reset
        </Button>
      )}
      <ConfirmDeleteDialog
        opened={confirming}
        title="Reset Two-Factor Sign-In"
        confirmLabel="Reset Two-Factor"
        onClose={() => setConfirming(false)}
        onConfirm={async () => (await succeeded(reset.mutateAsync({ id: user.id }))) !== undefined}
      >
        Turn off two-factor sign-in for {user.email}? Their authenticator app and recovery codes
        stop working, and their password alone signs them in until they set it up again. Do this
        only once you are sure the request comes from them.
      </ConfirmDeleteDialog>
    </Group>
  );
}
