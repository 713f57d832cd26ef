import { zodResolver } from '@hookform/resolvers/zod';
import { Avatar, Button, Drawer, Group, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminUserUpdateSchema } from '../../../shared/admin.schema.ts';
import { initials } from '../../components/app-shell/initials.ts';
import { succeeded, withServerMessage } from '../../mutations.ts';
import { trpc } from '../../trpc.ts';
import { AdminUserProfileTab, type AdminProfileValues } from './admin-user-profile.tab.tsx';
import { AdminUserSystemTab } from './admin-user-system.tab.tsx';
import { AdminUserWorkspacesTab } from './admin-user-workspaces.tab.tsx';
import type { AdminUser } from './admin-users.table.tsx';
import { auditReads } from './refresh-audit.ts';

/** The same rules the server applies to `admin.updateUser`, without the id it adds. */
const ProfileSchema = AdminUserUpdateSchema.omit({ id: true });

function valuesOf(user: AdminUser | null): AdminProfileValues {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    isActive: user?.isActive ?? true,
  };
}

/**
 * The Edit side panel of /admin/users (SPEC §2): Profile, Workspaces and System tabs.
 * Save Changes saves the Profile fields; memberships change at once in their own tab,
 * since each is a separate act with its own toast.
 */
export function AdminUserDrawer({
  user,
  opened,
  self,
  onClose,
}: {
  user: AdminUser | null;
  opened: boolean;
  self: boolean;
  onClose: () => void;
}) {
  const update = trpc.admin.updateUser.useMutation({
    meta: {
      success: 'User updated successfully',
      error: withServerMessage('Failed to update user'),
      invalidates: [trpc.admin.users, ...auditReads],
    },
  });
  const phone = useMediaQuery('(max-width: 30em)');
  const [tab, setTab] = useState<string | null>('profile');
  const form = useForm<AdminProfileValues>({
    resolver: zodResolver(ProfileSchema),
    defaultValues: valuesOf(user),
  });

  // Another user: fresh fields and the first tab. Keyed on the id only, so a list
  // refresh (a status toggled elsewhere) never wipes what is being typed.
  const userId = user?.id;
  const { reset } = form;
  useEffect(() => {
    reset(valuesOf(user));
    setTab('profile');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [userId, reset]);

  const save = form.handleSubmit(async (values) => {
    if (!user) return;
    if ((await succeeded(update.mutateAsync({ id: user.id, ...values }))) !== undefined) onClose();
  });

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 450}
      title={<Text fw={700}>Edit User</Text>}
      styles={{
        // The body fills the height so Save Changes / Cancel sit at the foot of the panel.
        content: { display: 'flex', flexDirection: 'column' },
        body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' },
      }}
    >
      {user && (
        <form
          onSubmit={(event) => void save(event)}
          noValidate
          style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
        >
          <Group gap="sm" wrap="nowrap" mb="md">
            <Avatar src={user.profileImageUrl} alt="" radius="xl" size={44} color="indigo">
              {initials(user.fullName || user.email)}
            </Avatar>
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate>
                {user.fullName}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
            </Stack>
          </Group>
          <Tabs
            value={tab}
            onChange={setTab}
            keepMounted
            // The tabs scroll; the buttons below stay in view.
            style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="profile">Profile</Tabs.Tab>
              <Tabs.Tab value="workspaces">Workspaces</Tabs.Tab>
              <Tabs.Tab value="system">System</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="profile">
              <AdminUserProfileTab form={form} user={user} self={self} />
            </Tabs.Panel>
            <Tabs.Panel value="workspaces">
              <AdminUserWorkspacesTab user={user} />
            </Tabs.Panel>
            <Tabs.Panel value="system">
              <AdminUserSystemTab user={user} />
            </Tabs.Panel>
          </Tabs>
          <Group
            justify="flex-end"
            gap="sm"
            pt="md"
            mt="md"
            style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          >
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
              Save Changes
            </Button>
          </Group>
        </form>
      )}
    </Drawer>
  );
}
