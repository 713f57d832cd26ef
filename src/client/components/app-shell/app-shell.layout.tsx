import { AppShell } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pageTitleFor } from './page-titles.ts';
import { SideRail } from './side-rail.tsx';
import { TopBar } from './top-bar.tsx';

const RAIL_WIDTH = 68;

/**
 * The signed-in frame: a narrow dark rail on the left and a top bar with the page title.
 * Renders its child routes, or `children` (the not-found page) when given.
 */
export function AppShellLayout({ children }: { children?: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const title = pageTitleFor(pathname);
  useDocumentTitle(`${title} · Keel`);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: RAIL_WIDTH, breakpoint: 0 }}
      padding={{ base: 'sm', sm: 'lg' }}
      layout="alt"
    >
      <AppShell.Navbar bg="dark.9" withBorder={false} aria-label="Main navigation">
        <SideRail />
      </AppShell.Navbar>
      <AppShell.Header>
        <TopBar title={title} />
      </AppShell.Header>
      <AppShell.Main bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-7))">
        {children ?? <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}

export default AppShellLayout;
