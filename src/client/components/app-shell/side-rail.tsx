import { ActionIcon, Divider, Stack, Tooltip } from '@mantine/core';
import { Link, useRouterState } from '@tanstack/react-router';
import { NavFlyout, railButtonLook } from './nav-flyout.tsx';
import { HOME_ITEM, NAV_GROUPS, isActivePath } from './navigation.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { WorkspaceMenu } from './workspace-menu.tsx';

function HomeLink({ pathname }: { pathname: string }) {
  const active = isActivePath(pathname, HOME_ITEM.to);
  return (
    <Tooltip label={HOME_ITEM.label} position="right">
      <ActionIcon
        {...railButtonLook(active)}
        aria-label={HOME_ITEM.label}
        aria-current={active ? 'page' : undefined}
        renderRoot={(props) => <Link to={HOME_ITEM.to} {...props} />}
      >
        <HOME_ITEM.icon size={22} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The narrow dark rail of wide screens (SPEC §2 "Sidebar"): the workspace-settings menu,
 * Home, the three group flyouts and, at the foot, the profile menu.
 */
export function SideRail({ onOpenHelp }: { onOpenHelp: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Stack h="100%" justify="space-between" align="center" py="md" gap="md">
      <Stack align="center" gap="sm">
        <WorkspaceMenu />
        <Divider w={32} color="slate.7" my={4} />
        <HomeLink pathname={pathname} />
        {NAV_GROUPS.map((group) => (
          <NavFlyout key={group.label} group={group} pathname={pathname} />
        ))}
      </Stack>
      <ProfileMenu onOpenHelp={onOpenHelp} />
    </Stack>
  );
}
