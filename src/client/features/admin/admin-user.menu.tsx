import { DANGER_COLOR } from '../../theme.ts';
import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconChevronDown, IconLogout } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  ChangeThemeMenuItem,
  SignedInSummary,
  UserAvatar,
  useFullName,
} from '../../components/app-shell/signed-in-user.tsx';
import { useLogout, useMe } from '../auth/session.ts';

/** The header's user menu (SPEC §2): 'Back to App' (to /) and 'Logout' (then /login). */
export function AdminUserMenu() {
  const user = useMe().data;
  const fullName = useFullName();
  const { logout, isPending } = useLogout('login');
  return (
    <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
      <Menu.Target>
        {/* Named by what it shows (initials, and the name where there is room), then what it is. */}
        <UnstyledButton p={4} bdrs="xl">
          <Group gap={8} wrap="nowrap">
            <UserAvatar size={32} color="indigo" />
            <Text size="sm" fw={600} visibleFrom="sm" maw={180} truncate>
              {fullName || user?.email}
            </Text>
            <IconChevronDown size={14} color="var(--mantine-color-dimmed)" />
          </Group>
          <VisuallyHidden>User menu</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <SignedInSummary avatarColor="indigo" />
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconArrowBackUp size={16} />}
          renderRoot={(props) => <Link to="/" {...props} />}
        >
          Back to App
        </Menu.Item>
        <ChangeThemeMenuItem />
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
