import { DANGER_COLOR } from '../../theme.ts';
import {
  Avatar,
  Badge,
  Group,
  Menu,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconCreditCard,
  IconDots,
  IconGift,
  IconLifebuoy,
  IconLogout,
  IconMoon,
  IconSun,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLogout, useMe } from '../../features/auth/session.ts';
import { initials } from './initials.ts';
import { useThemeToggle } from './use-theme-toggle.ts';

function UserAvatar({ size }: { size: number }) {
  const me = useMe();
  const user = me.data;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  return (
    <Avatar
      src={user?.profileImageUrl}
      alt=""
      radius="xl"
      size={size}
      color="cyan"
      variant="filled"
    >
      {initials(fullName || user?.email || '?')}
    </Avatar>
  );
}

/**
 * The profile menu (SPEC §2): Account Settings, Subscription, Change Theme, Help Center,
 * Referrals and Log Out. At the foot of the rail, or of the phone drawer.
 */
export function ProfileMenu({
  placement = 'rail',
  onNavigate,
  onOpenHelp,
}: {
  placement?: 'rail' | 'drawer';
  onNavigate?: () => void;
  onOpenHelp: () => void;
}) {
  const me = useMe();
  const { logout } = useLogout();
  const theme = useThemeToggle();
  const user = me.data;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const inRail = placement === 'rail';
  // Named by what it shows (initials, name and email), then what it is (see WorkspaceMenu).
  const what = <VisuallyHidden>Profile menu</VisuallyHidden>;

  return (
    <Menu
      position={inRail ? 'right-end' : 'top-start'}
      offset={inRail ? 14 : 6}
      width={inRail ? 256 : 'target'}
      shadow="lg"
      withinPortal
    >
      <Menu.Target>
        {inRail ? (
          <UnstyledButton title={fullName || user?.email}>
            <UserAvatar size={38} />
            {what}
          </UnstyledButton>
        ) : (
          <UnstyledButton w="100%" p="xs" bdrs="md">
            <Group gap="sm" wrap="nowrap">
              <UserAvatar size={36} />
              <Stack gap={0} flex={1} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {fullName || 'Signed in'}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {user?.email}
                </Text>
              </Stack>
              <IconDots size={16} color="var(--mantine-color-dimmed)" />
            </Group>
            {what}
          </UnstyledButton>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds menu items and groups only: the summary is a named group. */}
        <Group
          role="group"
          aria-label={`Signed in as ${fullName || user?.email || ''}`}
          gap="sm"
          wrap="nowrap"
          px="xs"
          py={8}
        >
          <UserAvatar size={36} />
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
          leftSection={<IconUserCircle size={16} />}
          renderRoot={(props) => <Link to="/account" {...props} />}
          onClick={onNavigate}
        >
          Account Settings
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCreditCard size={16} />}
          renderRoot={(props) => <Link to="/workspace/billing" {...props} />}
          onClick={onNavigate}
        >
          Subscription
        </Menu.Item>
        <Menu.Item
          leftSection={theme.dark ? <IconSun size={16} /> : <IconMoon size={16} />}
          rightSection={
            <Text size="xs" c="dimmed">
              {theme.dark ? 'Dark' : 'Light'}
            </Text>
          }
          // Stays open so the user sees the switch happen and can switch back.
          closeMenuOnClick={false}
          onClick={theme.toggle}
        >
          Change Theme
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLifebuoy size={16} />} onClick={onOpenHelp}>
          Help Center
        </Menu.Item>
        <Menu.Item
          leftSection={<IconGift size={16} />}
          rightSection={
            <Badge size="xs" variant="light" color="gray" tt="none">
              Soon
            </Badge>
          }
          disabled
        >
          Referrals
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color={DANGER_COLOR}
          leftSection={<IconLogout size={16} />}
          onClick={() => void logout()}
        >
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
