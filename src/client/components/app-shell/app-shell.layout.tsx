import { AppShell, Drawer, Tooltip } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { WorkspaceCurrencyProvider } from '../money.tsx';
import { useCallback, useEffect, type ReactNode } from 'react';
import { DeferredRender } from '../deferred-render.tsx';
import { PageLoader } from '../full-screen-loader.tsx';
import { KeelLogo } from '../keel-logo.tsx';
import { CommandPalette } from './command-palette.tsx';
import { HelpCenterModal } from './help-center.modal.tsx';
import { MobileNav } from './mobile-nav.tsx';
import { pageTitleFor } from './page-titles.ts';
import { SideRail } from './side-rail.tsx';
import { TopBar } from './top-bar.tsx';

const RAIL_WIDTH = 72;

/**
 * The signed-in frame: a narrow dark rail on the left and a top bar with the page title.
 * Below 768 px (Mantine's `sm`) the rail gives way to a drawer behind a menu button.
 * Renders its child routes, or `children` (the not-found page) when given.
 */
export function AppShellLayout({ children }: { children?: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const routeId = useRouterState({ select: (s) => s.matches.at(-1)?.routeId });
  const title = pageTitleFor(pathname);
  useDocumentTitle(`${title} · Keel`);
  const [drawerOpened, drawer] = useDisclosure(false);
  const [helpOpened, help] = useDisclosure(false);

  // Whatever moved the user to another page (a link, the palette, Back), the drawer
  // has done its job.
  const closeDrawer = drawer.close;
  useEffect(() => closeDrawer(), [pathname, closeDrawer]);

  const openHelpModal = help.open;
  const openHelp = useCallback(() => {
    closeDrawer();
    openHelpModal();
  }, [closeDrawer, openHelpModal]);

  return (
    <WorkspaceCurrencyProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: RAIL_WIDTH, breakpoint: 'sm', collapsed: { mobile: true } }}
        padding={{ base: 'sm', sm: 'lg' }}
        layout="alt"
      >
        <Tooltip.Group openDelay={700} closeDelay={100}>
          {/* Below `sm` the drawer takes over; hiding the rail keeps it out of the tab order. */}
          <AppShell.Navbar
            bg="slate.9"
            withBorder={false}
            aria-label="Main navigation"
            visibleFrom="sm"
          >
            <SideRail onOpenHelp={openHelp} />
          </AppShell.Navbar>
        </Tooltip.Group>
        <AppShell.Header>
          <TopBar
            title={title}
            drawerOpened={drawerOpened}
            onToggleDrawer={drawer.toggle}
            onOpenHelp={openHelp}
          />
        </AppShell.Header>
        <AppShell.Main bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
          {/* Each page mounts in slices (keyed by its route), the frame around it first. */}
          <DeferredRender key={routeId} fallback={<PageLoader />}>
            {children ?? <Outlet />}
          </DeferredRender>
        </AppShell.Main>

        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          hiddenFrom="sm"
          size={320}
          padding="md"
          title={<KeelLogo />}
          styles={{
            // The drawer's body fills its height so the profile menu sits at the foot.
            content: { display: 'flex', flexDirection: 'column' },
            body: { flex: 1, minHeight: 0 },
          }}
        >
          <MobileNav onNavigate={drawer.close} onOpenHelp={openHelp} />
        </Drawer>
        <CommandPalette onOpenHelp={openHelp} />
        <HelpCenterModal opened={helpOpened} onClose={help.close} />
      </AppShell>
    </WorkspaceCurrencyProvider>
  );
}

export default AppShellLayout;
