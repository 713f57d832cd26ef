import { ActionIcon, Avatar, Menu, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconHome,
  IconLogout,
  IconMoon,
  IconSun,
  IconSwitchHorizontal,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCurrentWorkspace, useLogout, useMe } from '../../features/auth/session.ts';
import { roleLabel } from '../../features/workspaces/role-label.ts';
import { useToggleTheme } from './top-bar.tsx';

/** Up to two letters from the first words that start with a letter or digit. */
function initials(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? '')
    .filter(Boolean)
    .slice(0, 2)
    .join('')
    .toUpperCase();
}

function RailLink({
  to,
  label,
  icon,
  active,
}: {
  to: '/';
  label: string;
  icon: ReactNode;
  active: boolean;
}) {
  return (
    <Tooltip label={label} position="right" withArrow openDelay={300}>
      <ActionIcon
        size={44}
        radius="md"
        variant={active ? 'filled' : 'subtle'}
        color={active ? 'indigo' : 'gray.4'}
        aria-label={label}
        aria-current={active ? 'page' : undefined}
        renderRoot={(props) => <Link to={to} {...props} />}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

function WorkspaceMenu() {
  const current = useCurrentWorkspace();
  const navigate = useNavigate();
  const workspace = current.status === 'success' ? current.data : null;
  const name = workspace?.name ?? 'Keel';
  return (
    <Menu position="right-start" offset={12} width={240} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Workspace menu" title={name}>
          <Avatar
            src={workspace?.logoUrl}
            alt=""
            radius="md"
            size={40}
            variant="gradient"
            gradient={{ from: 'indigo.6', to: 'cyan.5', deg: 135 }}
          >
            {initials(name) || 'K'}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {workspace?.name ?? 'No workspace selected'}
          </Text>
          {workspace && roleLabel(workspace.role) && (
            <Text size="xs" c="dimmed">
              {roleLabel(workspace.role)}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconSwitchHorizontal size={16} />}
          onClick={() => navigate({ to: '/workspace-selector' })}
        >
          Switch Workspace
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function ProfileMenu() {
  const me = useMe();
  const navigate = useNavigate();
  const { logout } = useLogout();
  const theme = useToggleTheme();
  const user = me.data;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <Menu position="right-end" offset={12} width={240} withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Profile menu">
          <Avatar
            src={user?.profileImageUrl}
            alt=""
            radius="xl"
            size={38}
            color="cyan"
            variant="filled"
          >
            {initials(fullName || user?.email || '?')}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {fullName || 'Signed in'}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user?.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconUserCircle size={16} />}
          onClick={() => navigate({ to: '/account' })}
        >
          Account Settings
        </Menu.Item>
        <Menu.Item
          leftSection={theme.dark ? <IconSun size={16} /> : <IconMoon size={16} />}
          onClick={theme.toggle}
        >
          Change Theme
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The narrow dark rail on the left of the shell (SPEC §2 "Sidebar"). */
export function SideRail() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Stack h="100%" justify="space-between" align="center" py="md" gap="md">
      <Stack align="center" gap="md">
        <WorkspaceMenu />
        <RailLink
          to="/"
          label="Home"
          icon={<IconHome size={22} stroke={1.6} />}
          active={pathname === '/'}
        />
      </Stack>
      <ProfileMenu />
    </Stack>
  );
}
