import { ActionIcon, NavLink, Popover, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { groupIsActive, isActivePath, type NavGroup, type NavItem } from './navigation.ts';

/** How a button of the dark rail looks: filled where the current page is. */
export function railButtonLook(active: boolean) {
  return {
    size: 44,
    radius: 'md',
    variant: active ? 'filled' : 'subtle',
    color: active ? 'indigo' : 'slate.2',
  } as const;
}

/** Time to cross the gap between the icon and its flyout before the flyout closes. */
const CLOSE_DELAY_MS = 150;

/** A link of a group. */
export function NavItemLink({
  item,
  pathname,
  onNavigate,
}: {
  item: NavItem;
  pathname: string;
  onNavigate?: () => void;
}) {
  const icon = <item.icon size={18} stroke={1.6} />;
  return (
    <NavLink
      label={item.label}
      leftSection={icon}
      active={isActivePath(pathname, item.to)}
      variant="light"
      fw={500}
      renderRoot={(props) => <Link to={item.to} {...props} />}
      onClick={onNavigate}
    />
  );
}

/**
 * A group icon of the rail whose flyout opens on hover (SPEC §2) and closes when the
 * pointer leaves both, after a link is clicked, on Escape or on a click elsewhere.
 * Keyboard users open it with Enter, Space or → and land on its first link.
 */
export function NavFlyout({ group, pathname }: { group: NavGroup; pathname: string }) {
  const [opened, setOpened] = useState(false);
  const [byKeyboard, setByKeyboard] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const open = (keyboard: boolean) => {
    cancelClose();
    setByKeyboard(keyboard);
    setOpened(true);
  };
  const close = () => {
    cancelClose();
    setOpened(false);
  };
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpened(false), CLOSE_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const active = groupIsActive(group, pathname);

  return (
    <Popover
      opened={opened}
      onDismiss={close}
      position="right-start"
      offset={14}
      width={272}
      shadow="lg"
      radius="md"
      trapFocus={byKeyboard}
      returnFocus={byKeyboard}
      transitionProps={{ transition: 'fade', duration: 120 }}
    >
      <Popover.Target>
        <ActionIcon
          {...railButtonLook(active)}
          aria-label={group.label}
          aria-expanded={opened}
          onMouseEnter={() => open(false)}
          onMouseLeave={closeSoon}
          // `detail` is 0 when Enter or Space "clicked" the button.
          onClick={(event: MouseEvent) => open(event.detail === 0)}
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'ArrowRight') {
              event.preventDefault();
              open(true);
            }
          }}
        >
          <group.icon size={22} stroke={1.6} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={6} onMouseEnter={cancelClose} onMouseLeave={closeSoon}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt={6} pb={4} lts={0.4}>
          {group.label}
        </Text>
        <nav aria-label={group.label}>
          {group.items.map((item) => (
            <NavItemLink key={item.to} item={item} pathname={pathname} onNavigate={close} />
          ))}
        </nav>
      </Popover.Dropdown>
    </Popover>
  );
}
