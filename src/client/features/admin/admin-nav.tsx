import { NavLink, Stack } from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconLayoutDashboard,
  IconListDetails,
  IconMailForward,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';

interface Section {
  to: '/admin' | '/admin/users' | '/admin/workspaces' | '/admin/invitations' | '/admin/logs';
  label: string;
  icon: Icon;
}

const SECTIONS: Section[] = [
  { to: '/admin', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/admin/users', label: 'Users', icon: IconUsers },
  { to: '/admin/workspaces', label: 'Workspaces', icon: IconBuildingSkyscraper },
  { to: '/admin/invitations', label: 'Invitations', icon: IconMailForward },
  { to: '/admin/logs', label: 'Logs', icon: IconListDetails },
];

/** The section a path belongs to; a workspace's detail page lights up Workspaces. */
export function adminSectionOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const match = SECTIONS.find((s) => s.to !== '/admin' && path.startsWith(s.to));
  return match?.label ?? 'Dashboard';
}

/** The console's left nav (SPEC §2 "Admin area"); also the content of the phone drawer. */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = adminSectionOf(pathname);
  return (
    <Stack gap={4} component="nav" aria-label="Administration">
      {SECTIONS.map(({ to, label, icon: SectionIcon }) => (
        <NavLink
          key={to}
          label={label}
          leftSection={<SectionIcon size={18} stroke={1.7} />}
          active={current === label}
          variant="light"
          onClick={onNavigate}
          // The router marks a link active (aria-current) when the path starts with its
          // target: without `exact`, Dashboard ('/admin') would light up everywhere.
          renderRoot={(props) => (
            <Link to={to} activeOptions={{ exact: to === '/admin' }} {...props} />
          )}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
    </Stack>
  );
}
