import { Divider, NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { NavItemLink } from './nav-flyout.tsx';
import { HOME_ITEM, NAV_GROUPS, groupIsActive, isActivePath } from './navigation.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { WorkspaceMenu } from './workspace-menu.tsx';

/**
 * The rail's content for phones (below 768 px), laid out for the drawer: hover means
 * nothing on touch, so the three groups become sections that expand in place.
 */
export function MobileNav({
  onNavigate,
  onOpenHelp,
}: {
  onNavigate: () => void;
  onOpenHelp: () => void;
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Stack h="100%" gap="sm">
      <WorkspaceMenu placement="drawer" onNavigate={onNavigate} />
      <ScrollArea flex={1} type="auto">
        <nav aria-label="Mobile navigation">
          <NavLink
            label={HOME_ITEM.label}
            leftSection={<HOME_ITEM.icon size={20} stroke={1.6} />}
            active={isActivePath(pathname, HOME_ITEM.to)}
            variant="light"
            fw={500}
            renderRoot={(props) => <Link to={HOME_ITEM.to} {...props} />}
            onClick={onNavigate}
          />
          {NAV_GROUPS.map((group) => (
            <NavLink
              key={group.label}
              component="button"
              label={group.label}
              leftSection={<group.icon size={20} stroke={1.6} />}
              defaultOpened={groupIsActive(group, pathname)}
              childrenOffset={20}
              fw={500}
            >
              {group.items.map((item) => (
                <NavItemLink
                  key={item.to}
                  item={item}
                  pathname={pathname}
                  onNavigate={onNavigate}
                />
              ))}
            </NavLink>
          ))}
        </nav>
      </ScrollArea>
      <Divider />
      <ProfileMenu placement="drawer" onNavigate={onNavigate} onOpenHelp={onOpenHelp} />
    </Stack>
  );
}
