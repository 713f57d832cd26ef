import { DANGER_COLOR } from '../../theme.ts';
import { Badge, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
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
            <SignedInLines end={<IconDots size={16} color="var(--mantine-color-dimmed)" />} />
            {what}
          </UnstyledButton>
        )}
      </Menu.Target>
      <Menu.Dropdown>
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
      </Menu.Dropdown>
    </Menu>
  );
}
