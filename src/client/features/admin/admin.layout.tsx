import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, Outlet, useRouterState } from '@tanstack/react-router';
import { FullScreenLoader } from '../../components/full-screen-loader.tsx';
import { KeelMark } from '../../components/keel-logo.tsx';
import { useMe } from '../auth/session.ts';

const SECTIONS: Record<string, string> = {
  '/admin': 'Dashboard',
  '/admin/users': 'Users',
  '/admin/workspaces': 'Workspaces',
  '/admin/invitations': 'Invitations',
  '/admin/logs': 'Logs',
};

/** /admin*: platform administration, placeholder pages for now; non-admins go to `/`. */
export function AdminLayout() {
  const me = useMe();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (me.isPending) return <FullScreenLoader label="Loading..." />;
  if (!me.data?.isAdmin) return <Navigate to="/" replace />;
  const section = SECTIONS[pathname.replace(/\/+$/, '')] ?? 'Workspace';
  return (
    <Stack mih="100dvh" gap={0}>
      <Group
        justify="space-between"
        px={{ base: 'md', sm: 'xl' }}
        py="sm"
        bg="dark.8"
        c="white"
        wrap="nowrap"
      >
        <Group gap="sm" wrap="nowrap">
          <KeelMark size={32} />
          <Title order={1} fz={{ base: 'md', sm: 'lg' }} c="white">
            System Administration
          </Title>
        </Group>
        <Button size="xs" variant="white" renderRoot={(props) => <Link to="/" {...props} />}>
          Back to App
        </Button>
      </Group>
      <Container size="lg" w="100%" py="xl">
        <Outlet />
        <Title order={2} fz="xl">
          {section}
        </Title>
        <Text c="dimmed" mt="xs">
          The administration console arrives in a later release.
        </Text>
      </Container>
    </Stack>
  );
}

export default AdminLayout;
