import { DANGER_COLOR } from '../../theme.ts';
import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronDown,
  IconLogout,
  IconMoon,
  IconSun,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { initials } from '../../components/app-shell/initials.ts';
import { useThemeToggle } from '../../components/app-shell/use-theme-toggle.ts';
import { useMe } from '../auth/session.ts';
import { useAdminLogout } from './use-admin-logout.ts';

/** The header's user menu (SPEC §2): 'Back to App' (to /) and 'Logout' (then /login). */
export function AdminUserMenu() {
  const me = useMe();
  const theme = useThemeToggle();
  const { logout, isPending } = useAdminLogout();
  const user = me.data;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const avatar = (
    <Avatar
      src={user?.profileImageUrl}
      alt=""
      radius="xl"
      size={32}
      color="indigo"
      variant="filled"
    >
      {initials(fullName || user?.email || '?')}
    </Avatar>
  );
  return (
    <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (initials, and the name where there is room), then what it is. */}
        <UnstyledButton p={4} bdrs="xl">
          <Group gap={8} wrap="nowrap">
            {avatar}
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
              {fullName || user?.email}
            </Text>
            <IconChevronDown size={14} color="var(--mantine-color-dimmed)" />
          </Group>
          <VisuallyHidden>User menu</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" wrap="nowrap" px="xs" py={8}>
          {avatar}
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600} truncate>
              {fullName || 'Signed in'}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user?.email}
            </Text>
          </Stack>
        </Group>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconArrowBackUp size={16} />}
          renderRoot={(props) => <Link to="/" {...props} />}
        >
          Back to App
        </Menu.Item>
        <Menu.Item
          leftSection={theme.dark ? <IconSun size={16} /> : <IconMoon size={16} />}
          rightSection={
            <Text size="xs" c="dimmed">
              {theme.dark ? 'Dark' : 'Light'}
            </Text>
          }
          // Stays open so the switch is seen and can be undone at once.
          closeMenuOnClick={false}
          onClick={theme.toggle}
        >
          Change Theme
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color={DANGER_COLOR}
          leftSection={<IconLogout size={16} />}
          disabled={isPending}
          onClick={() => void logout()}
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
