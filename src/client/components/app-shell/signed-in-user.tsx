import {
  Avatar,
  Group,
  Menu,
  Stack,
  Text,
  type GroupProps,
  type MantineColor,
} from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMe } from '../../features/auth/session.ts';
import { initials } from './initials.ts';
import { useThemeToggle } from './use-theme-toggle.ts';

/** The signed-in user's full name, '' until known or when they gave none. */
export function useFullName() {
  const user = useMe().data;
  return user ? `${user.firstName} ${user.lastName}`.trim() : '';
}

/** The signed-in user's photo, or their initials. */
export function UserAvatar({ size, color = 'cyan' }: { size: number; color?: MantineColor }) {
  const user = useMe().data;
  const fullName = useFullName();
  return (
    <Avatar
      src={user?.profileImageUrl}
      alt=""
      radius="xl"
      size={size}
      color={color}
      variant="filled"
    >
      {initials(fullName || user?.email || '?')}
    </Avatar>
  );
}

/**
 * An avatar beside a name and a line under it, each cut short where there is no room:
 * who is signed in, or which workspace is open.
 */
export function AvatarLines({
  avatar,
  title,
  detail,
  end,
  ...group
}: { avatar: ReactNode; title: ReactNode; detail?: ReactNode; end?: ReactNode } & GroupProps) {
  return (
    <Group gap="sm" wrap="nowrap" {...group}>
      {avatar}
      <Stack gap={0} flex={1} miw={0}>
        <Text size="sm" fw={600} truncate>
          {title}
        </Text>
        {detail && (
          <Text size="xs" c="dimmed" truncate>
            {detail}
          </Text>
        )}
      </Stack>
      {end}
    </Group>
  );
}

/** The signed-in user's avatar, name (or "Signed in") and email. */
export function SignedInLines({
  avatarColor,
  ...group
}: { avatarColor?: MantineColor; end?: ReactNode } & Omit<GroupProps, 'title'>) {
  const user = useMe().data;
  return (
    <AvatarLines
      avatar={<UserAvatar size={36} color={avatarColor} />}
      title={useFullName() || 'Signed in'}
      detail={user?.email}
      {...group}
    />
  );
}

/**
 * A user menu's first lines: who is signed in. A menu holds menu items and groups only,
 * so the summary is a named group.
 */
export function SignedInSummary({ avatarColor }: { avatarColor?: MantineColor }) {
  const user = useMe().data;
  return (
    <SignedInLines
      avatarColor={avatarColor}
      role="group"
      aria-label={`Signed in as ${useFullName() || user?.email || ''}`}
      px="xs"
      py={8}
    />
  );
}

/** "Change Theme", with the theme in use at its end. */
export function ChangeThemeMenuItem() {
  const theme = useThemeToggle();
  return (
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
  );
}
