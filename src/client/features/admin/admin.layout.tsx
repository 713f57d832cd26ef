import { AppShell, Badge, Box, Burger, Group, Text, Title } from '@mantine/core';
import { useDisclosure, useDocumentTitle } from '@mantine/hooks';
import { Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { KeelMark } from '../../components/keel-logo.tsx';
import { useMe } from '../auth/session.ts';
import { AdminNav, adminSectionOf } from './admin-nav.tsx';
import { AdminUserMenu } from './admin-user.menu.tsx';

const NAV_WIDTH = 208;

/**
 * /admin*: the platform console, with its own frame (SPEC §2 "Admin area"): a left nav, the
 * 'System Administration' header and a user menu. Only platform administrators get in;
 * everyone else is sent to / (the server refuses them the data anyway). Below 768 px the
 * nav folds behind a menu button.
 */
export function AdminLayout() {
  const me = useMe();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [navOpened, nav] = useDisclosure(false);
  useDocumentTitle(`${adminSectionOf(pathname)} · Admin · Keel`);

  // Whatever moved the admin to another page, the folded nav has done its job.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);

  if (me.isPending) return <FullScreenLoader label="Loading..." />;
  if (!me.data?.isAdmin) return <Navigate to="/" replace />;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: NAV_WIDTH, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'md', xl: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            {/* On a phone the title needs the room more than the mark does. */}
            <Box visibleFrom="xs" style={{ display: 'flex' }}>
              <KeelMark size={32} />
            </Box>
            <Title
              order={1}
              fz={{ base: 'md', sm: 'lg' }}
              lh={1.2}
              style={{
                minWidth: 0,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              System Administration
            </Title>
            <Badge miw="max-content" variant="light" color="orange" size="sm" visibleFrom="md">
              Platform admin
            </Badge>
          </Group>
          <AdminUserMenu />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Admin navigation">
        <AdminNav onNavigate={nav.close} />
        <Text size="xs" c="dimmed" mt="auto" px="xs" pb={4}>
          Changes made here apply to every workspace on this server.
        </Text>
      </AppShell.Navbar>
      <AppShell.Main bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
        <Box maw={1400} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

export default AdminLayout;
