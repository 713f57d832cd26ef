import { DANGER_COLOR } from '../../theme.ts';
import { Badge, Menu } from '@mantine/core';
import {
  IconCreditCard,
  IconDots,
  IconGift,
  IconLifebuoy,
  IconLogout,
  IconUserCircle,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useLogout, useMe } from '../../features/auth/session.ts';
import {
  ChangeThemeMenuItem,
  SignedInLines,
  SignedInSummary,
  UserAvatar,
  useFullName,
} from './signed-in-user.tsx';
import { ShellMenu } from './shell-menu.tsx';

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
  const user = useMe().data;
  const fullName = useFullName();
  const { logout } = useLogout();
  return (
    <ShellMenu
      menu="profile"
      placement={placement}
      railTitle={fullName || user?.email}
      railTarget={<UserAvatar size={38} />}
      rowTarget={<SignedInLines end={<IconDots size={16} color="var(--mantine-color-dimmed)" />} />}
      rowProps={{ p: 'xs' }}
    >
      <SignedInSummary />
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
      <ChangeThemeMenuItem />
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
    </ShellMenu>
  );
}
